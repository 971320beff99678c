// Row types of the meeting tables (migration 0005). Kept beside the meeting code instead of in the
// shared schema file; meetingDb() widens the app's Kysely instance to see them.
import type { ColumnType, Kysely, Selectable } from 'kysely';
import type { MeetingState } from '../../../../src/shared/contract/live-messages';
import type { Database } from '../../db/schema';

export type { MeetingState };

export interface MeetingsTable {
  id: string;
  user_id: string;
  record_id: string | null;
  name: string;
  state: MeetingState;
  /** JSON text: string[] */
  recognition_languages: string;
  /** JSON text: string[] */
  translation_languages: string;
  /** JSON text: SubtitleStyle */
  subtitle_style: string;
  share_status: '0' | '1';
  invite_status: '0' | '1';
  /** The invitation link's code (migration 0010); null until the host first invites. */
  invite_code: string | null;
  /** When the invitation stops admitting (ISO); null: until the meeting ends. */
  invite_expires_at: string | null;
  copy_status: '0' | '1';
  folder_id: string | null;
  /** Milliseconds of audio recorded (pauses excluded): the meeting's duration. */
  audio_ms: number;
  /** Highest stream seq persisted, so a restarted server numbers on from here. */
  last_seq: number;
  created_at: string;
  updated_at: string;
  started_at: string | null;
  ended_at: string | null;
}

export interface MeetingSegmentsTable {
  /** Also the id of the line in record_segments. */
  segment_id: string;
  meeting_id: string;
  seq: number;
  lang: string;
  start_ms: number;
  end_ms: number;
  text: string;
  /** JSON text: Record<lang, text> */
  translations: string;
  /** JSON text: Record<lang, message key> */
  translation_errors: string;
  /** 1-based live speaker (0024); null before speaker turns, and optional on insert. */
  speaker_index: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Names the host gave live speakers (0024); a speaker without a row has its default name. */
export interface MeetingSpeakersTable {
  meeting_id: string;
  speaker_index: number;
  name: string;
}

export interface MeetingJoinsTable {
  id: string;
  meeting_id: string;
  user_id: string;
  user_name: string;
  avatar: string | null;
  translation_language: string | null;
  joined_at: string;
  left_at: string | null;
}

export interface MeetingScreenCodesTable {
  code: string;
  short_code: string;
  meeting_id: string;
  preset_id: string | null;
  connected: number;
  created_at: string;
  expires_at: string;
}

export interface MeetingDatabase extends Database {
  meetings: MeetingsTable;
  meeting_segments: MeetingSegmentsTable;
  meeting_joins: MeetingJoinsTable;
  meeting_screen_codes: MeetingScreenCodesTable;
  meeting_speakers: MeetingSpeakersTable;
}

export type MeetingRow = Selectable<MeetingsTable>;
export type MeetingSegmentRow = Selectable<MeetingSegmentsTable>;
export type MeetingJoinRow = Selectable<MeetingJoinsTable>;

export function meetingDb(db: Kysely<Database>): Kysely<MeetingDatabase> {
  return db as unknown as Kysely<MeetingDatabase>;
}
