// Live speaker names (issue 26 §6): a speaker is numbered from 1 by the live clustering
// (engines/online-speakers.ts); until the host names it, it has its default name ("Speaker 2",
// translated), which is also what the meeting's record lines keep. Renaming changes the stored name
// and the record lines that carry the old one, in one transaction.
import type { MeetingStore } from './meeting-store';
import type { MeetingRow } from './meeting-tables';
import { meetingLanguagesOf } from './meeting-view';

/** The default name of speaker `index` (1-based) for a meeting spoken in `language`. */
export type DefaultSpeakerName = (index: number, language: string) => string;

export function createMeetingSpeakers({ db, owned }: MeetingStore, defaultName: DefaultSpeakerName) {
  async function names(meetingId: string): Promise<Map<number, string>> {
    const rows = await db.selectFrom('meeting_speakers').select(['speaker_index', 'name']).where('meeting_id', '=', meetingId).execute();
    return new Map(rows.map((row) => [row.speaker_index, row.name]));
  }

  return {
    speakerNames: names,

    /** The host's name for the speaker, or null while it has none. */
    async speakerName(meetingId: string, index: number): Promise<string | null> {
      return (await names(meetingId)).get(index) ?? null;
    },

    /** What the record shows for the speaker: the host's name or the default one. */
    recordSpeakerName(meeting: MeetingRow, index: number, given: string | null): string {
      return given ?? defaultName(index, meetingLanguagesOf(meeting).spoken);
    },

    /** Names speaker `index` of the host's meeting; answers the meeting (not found for anyone else). */
    async renameSpeaker(userId: string, meetingId: string, index: number, rawName: string): Promise<{ meeting: MeetingRow; name: string }> {
      const meeting = await owned(userId, meetingId);
      const name = rawName.trim();
      const before = (await names(meetingId)).get(index) ?? defaultName(index, meetingLanguagesOf(meeting).spoken);
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('meeting_speakers')
          .values({ meeting_id: meetingId, speaker_index: index, name })
          .onConflict((oc) => oc.columns(['meeting_id', 'speaker_index']).doUpdateSet({ name }))
          .execute();
        if (meeting.record_id) {
          await trx.updateTable('record_segments').set({ speaker: name }).where('record_id', '=', meeting.record_id).where('speaker', '=', before).execute();
        }
      });
      return { meeting, name };
    },
  };
}
