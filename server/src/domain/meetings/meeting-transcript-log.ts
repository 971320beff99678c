// The meeting's transcript as the live hub writes it, final by final: each final goes to the live
// view (meeting_segments, for late joiners) and, cut into subtitle-grade lines, to the record.
import { randomUUID } from 'node:crypto';
import { cutSpans, shareTranslation, type TimedWord } from '../transcript/line-segmenter';
import type { MeetingStore } from './meeting-store';
import type { MeetingRow } from './meeting-tables';
import { languagesOf, toLiveFinal, type LiveFinal } from './meeting-view';

export interface FinalToStore {
  seq: number;
  segmentId: string;
  lang: string;
  startMs: number;
  endMs: number;
  text: string;
  translations: Record<string, string>;
  translationErrors: Record<string, string>;
  /** The recogniser's word timings (meeting times), from which the record's lines are cut. */
  words?: TimedWord[];
  /** The live speaker (1-based) and the name the record keeps for it. */
  speaker?: { index: number; name: string } | null;
}

/** The record lines one final was cut into (their speaker and translation come with the completed final). */
export type StoredRecordLines = { id: string; text: string }[];

/** The translations of a final stored before they were ready, and the seq they go out at. */
export interface FinalCompletion {
  seq: number;
  segmentId: string;
  translations: Record<string, string>;
  translationErrors: Record<string, string>;
  /** What appendFinal answered for the final. */
  recordLines: StoredRecordLines;
  /** The live speaker (1-based) and the name the record keeps for it. */
  speaker?: { index: number; name: string } | null;
}

export function createMeetingTranscriptLog({ db, now }: MeetingStore) {
  return {
    /** Appends one final line to the meeting's record (bilingual: the first translation language). */
    async appendFinal(meeting: MeetingRow, final: FinalToStore, audioMs: number): Promise<StoredRecordLines> {
      const primary = languagesOf(meeting.translation_languages)[0];
      let recordLines: StoredRecordLines = [];
      await db.transaction().execute(async (trx) => {
        if (meeting.record_id) {
          const last = await trx
            .selectFrom('record_segments')
            .select((eb) => eb.fn.max('position').as('p'))
            .where('record_id', '=', meeting.record_id)
            .executeTakeFirst();
          const first = last?.p === null || last?.p === undefined ? 0 : Number(last.p) + 1;
          // The record keeps subtitle-grade lines (≤ 7 s, two rows): a long utterance becomes several,
          // sharing its translation; the live view keeps the utterance whole (meeting_segments).
          const cut = cutSpans([{ startMs: final.startMs, endMs: final.endMs, text: final.text, words: final.words }], final.lang);
          const lines = cut.length ? cut : [{ startMs: final.startMs, endMs: final.endMs, text: final.text, words: [] }];
          const translation = primary ? (final.translations[primary] ?? null) : null;
          const translations = translation === null ? lines.map(() => null) : shareTranslation(translation, lines.map((line) => line.text));
          const ids = lines.map((_, index) => (index === 0 ? final.segmentId : randomUUID()));
          recordLines = lines.map((line, index) => ({ id: ids[index]!, text: line.text }));
          await trx
            .insertInto('record_segments')
            .values(
              lines.map((line, index) => ({
                // The first line keeps the segment id, which meeting_segments names.
                id: ids[index]!,
                record_id: meeting.record_id!,
                position: first + index,
                start_ms: line.startMs,
                end_ms: line.endMs,
                speaker: final.speaker?.name ?? null,
                text: line.text,
                translation: translations[index] ?? null,
                words: line.words.length ? JSON.stringify(line.words) : null,
              })),
            )
            .execute();
          await trx
            .updateTable('records')
            .set({ duration_ms: audioMs, audio_duration_ms: audioMs, updated_at: now() })
            .where('id', '=', meeting.record_id)
            .execute();
        }
        await trx
          .insertInto('meeting_segments')
          .values({
            segment_id: final.segmentId,
            meeting_id: meeting.id,
            seq: final.seq,
            lang: final.lang,
            start_ms: final.startMs,
            end_ms: final.endMs,
            text: final.text,
            translations: JSON.stringify(final.translations),
            translation_errors: JSON.stringify(final.translationErrors),
            speaker_index: final.speaker?.index ?? null,
          })
          .execute();
        await trx
          .updateTable('meetings')
          .set({ audio_ms: audioMs, updated_at: now() })
          .where('id', '=', meeting.id)
          .execute();
        await trx.updateTable('meetings').set({ last_seq: final.seq }).where('id', '=', meeting.id).where('last_seq', '<', final.seq).execute();
      });
      return recordLines;
    },

    /**
     * A final sent before its speaker and translations (recording-session.ts) gets them: the live
     * view's row takes them with the seq of the completed final (a resume after the early one must
     * get them), and the record's lines take the speaker's name and the first translation language's
     * text, shared as appendFinal would have.
     */
    async completeFinal(meeting: MeetingRow, completion: FinalCompletion): Promise<void> {
      const primary = languagesOf(meeting.translation_languages)[0];
      const translation = primary ? (completion.translations[primary] ?? null) : null;
      await db.transaction().execute(async (trx) => {
        const speaker = completion.speaker ?? null;
        if (meeting.record_id && (translation !== null || speaker) && completion.recordLines.length) {
          const shared = translation === null ? null : shareTranslation(translation, completion.recordLines.map((line) => line.text));
          for (const [index, line] of completion.recordLines.entries()) {
            await trx
              .updateTable('record_segments')
              .set({ ...(shared ? { translation: shared[index] ?? null } : {}), ...(speaker ? { speaker: speaker.name } : {}) })
              .where('record_id', '=', meeting.record_id)
              .where('id', '=', line.id)
              .execute();
          }
        }
        await trx
          .updateTable('meeting_segments')
          .set({
            seq: completion.seq,
            translations: JSON.stringify(completion.translations),
            translation_errors: JSON.stringify(completion.translationErrors),
            speaker_index: speaker?.index ?? null,
          })
          .where('meeting_id', '=', meeting.id)
          .where('segment_id', '=', completion.segmentId)
          .execute();
        await trx.updateTable('meetings').set({ last_seq: completion.seq }).where('id', '=', meeting.id).where('last_seq', '<', completion.seq).execute();
      });
    },

    /** A stored final's new seq (its first reservation expired before it went out). */
    async renumberFinal(meetingId: string, segmentId: string, seq: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('meeting_segments').set({ seq }).where('meeting_id', '=', meetingId).where('segment_id', '=', segmentId).execute();
        await trx.updateTable('meetings').set({ last_seq: seq }).where('id', '=', meetingId).where('last_seq', '<', seq).execute();
      });
    },

    async addAudio(id: string, audioMs: number): Promise<void> {
      await db.updateTable('meetings').set({ audio_ms: audioMs }).where('id', '=', id).execute();
    },

    /** Finals with seq above afterSeq, in order: the transcript so far for late joiners. */
    async finalsAfter(meetingId: string, afterSeq: number): Promise<LiveFinal[]> {
      const rows = await db
        .selectFrom('meeting_segments')
        .selectAll()
        .where('meeting_id', '=', meetingId)
        .where('seq', '>', afterSeq)
        .orderBy('seq')
        .execute();
      if (!rows.some((row) => row.speaker_index !== null)) return rows.map((row) => toLiveFinal(row));
      const named = await db.selectFrom('meeting_speakers').select(['speaker_index', 'name']).where('meeting_id', '=', meetingId).execute();
      const names = new Map(named.map((row) => [row.speaker_index, row.name]));
      return rows.map((row) => toLiveFinal(row, names));
    },
  };
}
