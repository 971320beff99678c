// What the meeting's vocabulary changes in what a reader sees: others than the host read the
// sensitive words masked; the host's view lists the libraries picked and those in force now
// (features §5: shown on the record).
import type { VocabularyInForce } from '../vocabulary/vocabulary-in-force';
import type { TextMask } from './meeting-share-record';
import type { MeetingRow } from './meeting-tables';

export function createMeetingVocabulary(vocabulary: Pick<VocabularyInForce, 'forMeeting' | 'meetingLibraryIds'>) {
  /** Others than the host read the meeting's name with its sensitive words masked too (features §6). */
  async function maskedName<V extends object>(row: MeetingRow, viewerId: string | null, view: V): Promise<V> {
    if (viewerId === row.user_id || !('name' in view) || typeof view.name !== 'string') return view;
    const inForce = await vocabulary.forMeeting(row);
    return inForce?.hasSensitiveWords ? { ...view, name: inForce.mask(view.name) } : view;
  }

  return {
    maskedName,

    /** Readers other than the host see the meeting's sensitive words masked; the host reads the original. */
    async maskFor(meeting: MeetingRow, viewerId: string | null): Promise<TextMask | undefined> {
      if (viewerId === meeting.user_id) return undefined;
      const inForce = await vocabulary.forMeeting(meeting);
      return inForce?.hasSensitiveWords ? (text) => inForce.mask(text) : undefined;
    },

    /** The host's view adds the libraries picked and those that apply now; others' views have the name masked. */
    async withVocabularies<V extends object>(row: MeetingRow, viewerId: string | null, view: V) {
      if (viewerId !== row.user_id) return maskedName(row, viewerId, view);
      const [documentIds, inForce] = await Promise.all([vocabulary.meetingLibraryIds(row.id), vocabulary.forMeeting(row)]);
      return { ...view, documentIds, vocabularies: inForce?.set.libraries ?? [] };
    },
  };
}
