// A meeting's life as its owner and the live hub see it: create (with the record it writes to),
// list, edit, and the state changes (ending also completes the record and closes the joins).
import { randomUUID } from 'node:crypto';
import { MeetingLanguages } from '../../../../src/shared/contract/meeting-languages';
import type { UserRow } from '../../db/schema';
import { createRecord } from '../records/create-record';
import { tooManyRecognitionLanguages, tooManyTranslationLanguages, translationLanguagesRequired } from './meeting-errors';
import type { MeetingStore } from './meeting-store';
import type { MeetingRow, MeetingState } from './meeting-tables';
import { DEFAULT_SUBTITLE_STYLE, parseJson, type SubtitleStyle } from './meeting-view';

export interface CreateMeetingInput {
  name?: string;
  recognitionLanguages: string[];
  translationLanguages: string[];
  folderId?: string;
  subtitleStyle?: Partial<SubtitleStyle>;
}

export interface EditMeetingInput {
  id: string;
  name?: string;
  translationLanguages?: string[];
  shareStatus?: '0' | '1';
  inviteStatus?: '0' | '1';
  copyStatus?: '0' | '1';
  subtitleStyle?: Partial<SubtitleStyle>;
}

/** The product's own bounds (400); the tier's lower limits are checked apart (92505003). */
export function checkLanguages(recognition: string[] | undefined, translation: string[] | undefined) {
  const problems = MeetingLanguages.problemsOf(recognition, translation);
  if (problems.includes('tooManyRecognition')) throw tooManyRecognitionLanguages();
  if (problems.includes('needTranslation')) throw translationLanguagesRequired();
  if (problems.includes('tooManyTranslation')) throw tooManyTranslationLanguages();
}

export function createMeetingLifecycle({ db, baseDb, clock, now, find, owned }: MeetingStore) {
  return {
    async create(user: UserRow, input: CreateMeetingInput, defaultName: string): Promise<MeetingRow> {
      checkLanguages(input.recognitionLanguages, input.translationLanguages);
      if (!input.recognitionLanguages.length) throw tooManyRecognitionLanguages();
      const name = input.name?.trim() || defaultName;
      const record = await createRecord(baseDb, clock, {
        userId: user.id,
        showName: name,
        kind: 'meeting',
        state: 'transcribing',
        languages: input.recognitionLanguages,
        targetLanguages: input.translationLanguages,
        folderId: input.folderId ?? null,
      });
      const at = now();
      const row: MeetingRow = {
        id: randomUUID(),
        user_id: user.id,
        record_id: record.id,
        name: record.show_name,
        state: 'not_started',
        recognition_languages: JSON.stringify(input.recognitionLanguages),
        translation_languages: JSON.stringify(input.translationLanguages),
        subtitle_style: JSON.stringify({ ...DEFAULT_SUBTITLE_STYLE, ...input.subtitleStyle }),
        share_status: '1',
        invite_status: '0',
        invite_code: null,
        invite_expires_at: null,
        copy_status: '0',
        folder_id: record.folder_id,
        audio_ms: 0,
        last_seq: 0,
        created_at: at,
        updated_at: at,
        started_at: null,
        ended_at: null,
      };
      await db.insertInto('meetings').values(row).execute();
      return row;
    },

    async list(userId: string, pageNum = 1, pageSize = 10) {
      const [rows, total] = await Promise.all([
        db
          .selectFrom('meetings')
          .selectAll()
          .where('user_id', '=', userId)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(pageSize)
          .offset((pageNum - 1) * pageSize)
          .execute(),
        db.selectFrom('meetings').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.n) };
    },

    async edit(userId: string, input: EditMeetingInput): Promise<MeetingRow> {
      const row = await owned(userId, input.id);
      checkLanguages(undefined, input.translationLanguages);
      const at = now();
      const changes: Partial<MeetingRow> = { updated_at: at };
      if (input.name !== undefined) changes.name = input.name.trim() || row.name;
      if (input.translationLanguages) changes.translation_languages = JSON.stringify(input.translationLanguages);
      if (input.shareStatus) changes.share_status = input.shareStatus;
      if (input.inviteStatus) changes.invite_status = input.inviteStatus;
      if (input.copyStatus) changes.copy_status = input.copyStatus;
      if (input.subtitleStyle) {
        changes.subtitle_style = JSON.stringify({ ...parseJson<Partial<SubtitleStyle>>(row.subtitle_style, {}), ...input.subtitleStyle });
      }
      await db.updateTable('meetings').set(changes).where('id', '=', row.id).execute();
      if (row.record_id && (changes.name || changes.translation_languages)) {
        await baseDb
          .updateTable('records')
          .set({
            ...(changes.name ? { show_name: changes.name } : {}),
            ...(changes.translation_languages ? { target_languages: changes.translation_languages } : {}),
            updated_at: at,
          })
          .where('id', '=', row.record_id)
          .execute();
      }
      return { ...row, ...changes };
    },

    /** Moves the meeting to a state; ending also completes its record. */
    async setState(id: string, state: MeetingState, lastSeq?: number): Promise<MeetingRow | undefined> {
      const at = now();
      const row = await find(id);
      if (!row) return undefined;
      const changes: Partial<MeetingRow> = { state, updated_at: at };
      if (state === 'in_progress' && !row.started_at) changes.started_at = at;
      if (state === 'ended' && !row.ended_at) changes.ended_at = at;
      if (lastSeq !== undefined && lastSeq > row.last_seq) changes.last_seq = lastSeq;
      await db.updateTable('meetings').set(changes).where('id', '=', id).execute();
      if (state === 'ended' && row.record_id) {
        await baseDb
          .updateTable('records')
          .set({ state: 'translation_completed', duration_ms: row.audio_ms, audio_duration_ms: row.audio_ms, updated_at: at })
          .where('id', '=', row.record_id)
          .execute();
        await db.updateTable('meeting_joins').set({ left_at: at }).where('meeting_id', '=', id).where('left_at', 'is', null).execute();
      }
      return { ...row, ...changes };
    },
  };
}
