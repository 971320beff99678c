// Cast screens (projection displays): the owner makes a short-lived code, a display opens the
// meeting with it, and the owner steers connected screens (connect, style, pause...).
import { randomInt, randomUUID } from 'node:crypto';
import type { components } from '../../../../src/api/schema';
import { CAST_CODE_LENGTH, CAST_CODE_TTL_SECONDS } from '../../../../src/shared/contract/limits';
import { addSeconds } from '../../clock';
import { castNeedsSharing, languageNotOffered, meetingLinkExpired, screenCodeExpired, screenCodeNotFound } from './meeting-errors';
import type { MeetingStore } from './meeting-store';
import type { MeetingRow } from './meeting-tables';
import { meetingLanguagesOf } from './meeting-view';
import { screenPresetView, SCREEN_PRESETS, type PresetNamer } from './screen-presets';

export interface ScreenOperation {
  action: 'connect' | 'disconnect' | 'style' | 'pause' | 'resume';
  code?: string;
  presetId?: string;
  translationLanguage?: string;
  fontSize?: number;
}

type CastControl = Omit<components['schemas']['LiveCastControl'], 'seq'>;

export function createMeetingScreens({ db, clock, now, find, owned }: MeetingStore) {
  return {
    async createScreenCode(userId: string, meetingId: string) {
      const meeting = await owned(userId, meetingId);
      if (meeting.state === 'ended') throw meetingLinkExpired();
      // The screen would be refused at the socket (and told its code "has expired"): say why now.
      if (meeting.share_status !== '1') throw castNeedsSharing();
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
  };
}

/** The message that carries an accepted screen operation to the meeting's screens. */
export function castControlMessage(meeting: MeetingRow, operation: ScreenOperation, name: PresetNamer): CastControl {
  const preset = SCREEN_PRESETS.find((p) => p.id === operation.presetId);
  // The meeting's own spelling of the language, so the screen subscribes to exactly it.
  const language = operation.translationLanguage
    ? meetingLanguagesOf(meeting).offered(operation.translationLanguage)
    : operation.translationLanguage;
  return {
    type: 'cast.control',
    action: operation.action,
    code: operation.code ?? null,
    ...(preset ? { preset: screenPresetView(preset, name) } : {}),
    ...(language !== undefined ? { translationLanguage: language } : {}),
    ...(operation.fontSize !== undefined ? { fontSize: operation.fontSize } : {}),
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
