// Meeting rules and storage: create (with the record it writes to), read by owner or share holder,
// list, edit, state changes, the transcript appended final by final, join records, cast codes and
// presets. The live hub (server/src/live) drives state changes and appends; handlers call the rest.
import { randomInt, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { CAST_CODE_LENGTH, CAST_CODE_TTL_SECONDS, VISITOR_NAME } from '../../../../src/shared/contract/limits';
import { MeetingLanguages } from '../../../../src/shared/contract/meeting-languages';
import { addSeconds, type Clock } from '../../clock';
import type { Database, UserRow } from '../../db/schema';
import { createRecord } from '../records/create-record';
import { cutSpans, shareTranslation, type TimedWord } from '../transcripts/line-segmenter';
import {
  hostOnly,
  inviteUnavailable,
  languageNotOffered,
  meetingLinkExpired,
  meetingNotFound,
  screenCodeExpired,
  screenCodeNotFound,
  tooManyRecognitionLanguages,
  tooManyTranslationLanguages,
  translationLanguagesRequired,
} from './meeting-errors';
import { codeToKeep, inviteDeadline, inviteRefusal, newInviteCode } from './meeting-invites';
import { meetingDb, type MeetingRow, type MeetingState } from './meeting-tables';
import type { InviteExpiry } from '../../../../src/shared/contract/limits';
import { DEFAULT_SUBTITLE_STYLE, languagesOf, meetingLanguagesOf, parseJson, toJoinRecordView, toLiveFinal, toMeetingView, type LiveFinal, type SubtitleStyle } from './meeting-view';

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

export interface ScreenOperation {
  action: 'connect' | 'disconnect' | 'style' | 'pause' | 'resume';
  code?: string;
  presetId?: string;
  translationLanguage?: string;
  fontSize?: number;
}

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
}

export const displayName = (user: UserRow) => (user.is_visitor ? VISITOR_NAME : (user.nickname ?? user.name));

/** The product's own bounds (400); the tier's lower limits are checked apart (92505003). */
export function checkLanguages(recognition: string[] | undefined, translation: string[] | undefined) {
  const problems = MeetingLanguages.problemsOf(recognition, translation);
  if (problems.includes('tooManyRecognition')) throw tooManyRecognitionLanguages();
  if (problems.includes('needTranslation')) throw translationLanguagesRequired();
  if (problems.includes('tooManyTranslation')) throw tooManyTranslationLanguages();
}

export function createMeetingsService({
  db: baseDb,
  clock,
  mayInvite = async () => false,
}: {
  db: Kysely<Database>;
  clock: Clock;
  /** Whether the host's tier allows invitations (features §6: SVIP); read from the entitlements. */
  mayInvite?: (host: UserRow) => Promise<boolean>;
}) {
  const db = meetingDb(baseDb);
  const now = () => clock.now().toISOString();

  async function find(id: string): Promise<MeetingRow | undefined> {
    return db.selectFrom('meetings').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async function owned(userId: string, id: string): Promise<MeetingRow> {
    const row = await find(id);
    if (!row || row.user_id !== userId) throw meetingNotFound();
    return row;
  }

  /** The meeting an open, unexpired invitation code admits to; one error for anything else. */
  async function invited(code: string): Promise<MeetingRow> {
    const row = code ? await db.selectFrom('meetings').selectAll().where('invite_code', '=', code).executeTakeFirst() : undefined;
    if (!row || inviteRefusal(row, clock.now())) throw inviteUnavailable();
    return row;
  }

  return {
    find,
    owned,
    invited,

    /**
     * Who may read or join: the owner always; with an invitation code, its holder while the
     * invitation of this meeting is open and unexpired (whatever the share link's state); anyone
     * else while the share link is open and the meeting has not ended ('meeting link expired'
     * otherwise). A missing id is 'not found'.
     */
    async readable(id: string, viewerId: string | null, inviteCode?: string | null): Promise<MeetingRow> {
      const row = await find(id);
      if (row && row.user_id === viewerId) return row;
      if (inviteCode) {
        const admitted = await invited(inviteCode);
        if (admitted.id !== id) throw inviteUnavailable();
        return admitted;
      }
      if (!row) throw meetingNotFound();
      if (row.share_status !== '1' || row.state === 'ended') throw meetingLinkExpired();
      return row;
    },

    /** `known.mayInvite`: the caller read the host's rights already (meeting create), so they are not read twice. */
    async view(row: MeetingRow, viewerId: string | null, known: { mayInvite?: boolean } = {}) {
      const host = await db.selectFrom('users').selectAll().where('id', '=', row.user_id).executeTakeFirst();
      const isHost = Boolean(host && viewerId === host.id && !host.is_visitor);
      return toMeetingView(row, viewerId, host ? displayName(host) : null, {
        now: clock.now(),
        mayInvite: isHost && (known.mayInvite ?? (await mayInvite(host!))),
      });
    },

    /**
     * The owner opens the meeting's invitation with an expiry counted from now: the link already
     * handed out keeps working unless it expired or `renew` asks for a new one.
     */
    async invite(userId: string, meetingId: string, expiry: InviteExpiry, renew = false): Promise<MeetingRow> {
      const row = await owned(userId, meetingId);
      if (row.state === 'ended') throw meetingLinkExpired();
      const now = clock.now();
      const changes = {
        invite_code: codeToKeep(row, now, renew) ?? newInviteCode(),
        invite_expires_at: inviteDeadline(expiry, now),
        invite_status: '1' as const,
        updated_at: now.toISOString(),
      };
      await db.updateTable('meetings').set(changes).where('id', '=', row.id).execute();
      return { ...row, ...changes };
    },

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

    /** Appends one final line to the meeting's record (bilingual: the first translation language). */
    async appendFinal(meeting: MeetingRow, final: FinalToStore, audioMs: number): Promise<void> {
      const primary = languagesOf(meeting.translation_languages)[0];
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
          await trx
            .insertInto('record_segments')
            .values(
              lines.map((line, index) => ({
                // The first line keeps the segment id, which meeting_segments names.
                id: index === 0 ? final.segmentId : randomUUID(),
                record_id: meeting.record_id!,
                position: first + index,
                start_ms: line.startMs,
                end_ms: line.endMs,
                speaker: null,
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
          })
          .execute();
        await trx
          .updateTable('meetings')
          .set({ audio_ms: audioMs, updated_at: now() })
          .where('id', '=', meeting.id)
          .execute();
        await trx.updateTable('meetings').set({ last_seq: final.seq }).where('id', '=', meeting.id).where('last_seq', '<', final.seq).execute();
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
      return rows.map(toLiveFinal);
    },

    /** A participant's join record, under the name they gave (their account's name when none); answers its id and join time. */
    async openJoin(meetingId: string, join: { id?: string; user: UserRow; name?: string | null; translationLanguage: string | null }) {
      const id = join.id ?? randomUUID();
      const joinedAt = now();
      await db
        .insertInto('meeting_joins')
        .values({
          id,
          meeting_id: meetingId,
          user_id: join.user.id,
          user_name: join.name?.trim() || displayName(join.user),
          avatar: join.user.avatar,
          translation_language: join.translationLanguage,
          joined_at: joinedAt,
          left_at: null,
        })
        .execute();
      return { id, joinedAt };
    },

    async closeJoin(joinId: string): Promise<string> {
      const at = now();
      await db.updateTable('meeting_joins').set({ left_at: at }).where('id', '=', joinId).where('left_at', 'is', null).execute();
      return at;
    },

    /** The join record with its new language (undefined when it is gone). */
    async setJoinLanguage(joinId: string, language: string) {
      await db.updateTable('meeting_joins').set({ translation_language: language }).where('id', '=', joinId).execute();
      return db.selectFrom('meeting_joins').selectAll().where('id', '=', joinId).executeTakeFirst();
    },

    async joins(userId: string, meetingId: string, pageNum = 1, pageSize = 10) {
      await owned(userId, meetingId);
      const [rows, total] = await Promise.all([
        db
          .selectFrom('meeting_joins')
          .selectAll()
          .where('meeting_id', '=', meetingId)
          .orderBy('joined_at')
          .orderBy('id')
          .limit(pageSize)
          .offset((pageNum - 1) * pageSize)
          .execute(),
        db.selectFrom('meeting_joins').select((eb) => eb.fn.countAll<number>().as('n')).where('meeting_id', '=', meetingId).executeTakeFirstOrThrow(),
      ]);
      const first = (pageNum - 1) * pageSize + 1;
      return { total: Number(total.n), rows: rows.map((row, i) => toJoinRecordView(row, first + i)) };
    },

    async createScreenCode(userId: string, meetingId: string) {
      const meeting = await owned(userId, meetingId);
      if (meeting.state === 'ended') throw meetingLinkExpired();
      const at = clock.now();
      const live = (code: string) =>
        db.selectFrom('meeting_screen_codes').select('code').where('code', '=', code).where('expires_at', '>', at.toISOString()).executeTakeFirst();
      let code = '';
      for (let attempt = 0; attempt < 20; attempt++) {
        code = String(randomInt(0, 10 ** CAST_CODE_LENGTH)).padStart(CAST_CODE_LENGTH, '0');
        if (!(await live(code))) break;
      }
      // An expired row may hold the code; it is replaced.
      await db.deleteFrom('meeting_screen_codes').where('code', '=', code).execute();
      const row = {
        code,
        short_code: randomUUID().replace(/-/g, '').slice(0, 12),
        meeting_id: meetingId,
        preset_id: null,
        connected: 0,
        created_at: at.toISOString(),
        expires_at: addSeconds(at, CAST_CODE_TTL_SECONDS).toISOString(),
      };
      await db.insertInto('meeting_screen_codes').values(row).execute();
      return screenCodeView(row);
    },

    /**
     * Whether `code` is one of this meeting's cast codes: a socket presenting it is a projection
     * screen, not an audience member. Its expiry is not checked here: the code's lifetime bounds
     * entering it on /cast, while a screen stays on (and reconnects) for the whole meeting.
     */
    async isScreenOf(meetingId: string, code: string): Promise<boolean> {
      // The display may have been opened by its short code (/screenProjection?shortCode=) or its six digits.
      const row = await db
        .selectFrom('meeting_screen_codes')
        .select('code')
        .where('meeting_id', '=', meetingId)
        .where((eb) => eb.or([eb('code', '=', code), eb('short_code', '=', code)]))
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Looks a cast screen up by its short code or its six-digit code. */
    async networkLink(shortCode: string) {
      const row = await db
        .selectFrom('meeting_screen_codes')
        .selectAll()
        .where((eb) => eb.or([eb('short_code', '=', shortCode), eb('code', '=', shortCode)]))
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
      if (!row) throw screenCodeNotFound();
      const meeting = await find(row.meeting_id);
      if (row.expires_at <= now() || !meeting || meeting.state === 'ended') throw screenCodeExpired();
      return screenCodeView(row);
    },

    /**
     * The owner controls a cast screen: `code` names the screen (several may show one meeting);
     * without it a style goes to every screen. connect/disconnect/pause/resume need the screen's
     * code, live; a style's language must be one of the meeting's ('' = the original only).
     */
    async screenOperation(userId: string, meetingId: string, operation: ScreenOperation) {
      const meeting = await owned(userId, meetingId);
      if (meeting.state === 'ended') throw meetingLinkExpired();
      const { action, code, presetId, translationLanguage } = operation;
      if (translationLanguage) {
        if (!meetingLanguagesOf(meeting).offers(translationLanguage)) throw languageNotOffered(translationLanguage);
      }
      if (action !== 'style' || code) {
        if (!code) throw screenCodeNotFound();
        const row = await db.selectFrom('meeting_screen_codes').selectAll().where('code', '=', code).where('meeting_id', '=', meetingId).executeTakeFirst();
        if (!row) throw screenCodeNotFound();
        if (row.expires_at <= now()) throw screenCodeExpired();
        const connected = action === 'disconnect' ? 0 : action === 'connect' ? 1 : row.connected;
        await db
          .updateTable('meeting_screen_codes')
          .set({ connected, ...(presetId ? { preset_id: presetId } : {}) })
          .where('code', '=', code)
          .execute();
      }
      return meeting;
    },

    assertHost(row: MeetingRow, userId: string | null) {
      if (row.user_id !== userId) throw hostOnly();
    },
  };
}

function screenCodeView(row: { code: string; short_code: string; meeting_id: string; expires_at: string }) {
  return {
    code: row.code,
    shortCode: row.short_code,
    meetingId: row.meeting_id,
    url: `/cast/${row.code}`,
    expireTime: row.expires_at,
  };
}

export type MeetingsService = ReturnType<typeof createMeetingsService>;
