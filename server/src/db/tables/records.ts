// Tables of records (an upload's, a meeting's or a dubbing task's transcript) and their lines,
// folders, share links and the per-folder counts kept by triggers.
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

export type RecordKind = 'upload' | 'meeting' | 'dubbing';
export type RecordState =
  | 'transcribing'
  | 'transcription_completed'
  | 'transcription_err'
  | 'translating'
  | 'translation_completed'
  | 'translation_err';

export interface RecordsTable {
  id: string;
  user_id: string;
  /** null: the user's default folder (id '1' in the API). */
  folder_id: string | null;
  show_name: string;
  kind: RecordKind;
  state: RecordState;
  /** JSON text: string[] */
  languages: string;
  /** JSON text: string[] */
  target_languages: string;
  /** JSON text: {"enabled":boolean,"maxSpeakers":number} */
  speaker: string | null;
  duration_ms: number | null;
  audio_duration_ms: number | null;
  video_cover: string | null;
  favorite: number;
  created_at: string;
  updated_at: string;
}

export interface RecordSegmentsTable {
  id: string;
  record_id: string;
  position: number;
  start_ms: number;
  end_ms: number;
  speaker: string | null;
  text: string;
  translation: string | null;
  /** JSON text: TranscriptWord[] */
  words: string | null;
  /** 1 when the original text was edited after the translation was made (0008). */
  translation_stale: Generated<number>;
  /** A dubbing line's speaker (dub_speakers.id, 0019); null elsewhere, and optional on insert. */
  speaker_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface FoldersTable {
  id: string;
  user_id: string;
  /** null: a top-level folder (parentId '0' in the API). */
  parent_id: string | null;
  name: string;
  /** Comma-separated ids from the root, starting with '0'. */
  ancestors: string;
  created_at: string;
}

export interface DefaultFolderNamesTable {
  user_id: string;
  name: string;
}

export interface RecordSharesTable {
  code: string;
  record_id: string;
  user_id: string;
  allow_copy: number;
  expires_at: string | null;
  revoked_at: string | null;
  created_at: string;
}

/** Kept by triggers (0003_record_counts); folder_key '' is the default folder. */
export interface RecordCountsTable {
  user_id: string;
  folder_key: string;
  total: number;
  favorites: number;
}

/**
 * Record columns added by 0004 for the upload pipeline. Kept out of RecordsTable so code that builds
 * whole RecordRow literals is unaffected; the pipeline queries through
 * `db.withTables<{ records: RecordPipelineColumns }>()` and views read them when present.
 */
export interface RecordPipelineColumns {
  /** Percent of the running pipeline job; null when none runs. */
  progress: number | null;
  /** Translated reason of a failed step, in the submitter's locale. */
  error_message: string | null;
  /** JSON text of the upload form as submitted (UploadSettings of the contract). */
  upload_form: string | null;
}

/** The records tables as the Database names them (server/src/db/schema.ts composes them). */
export interface RecordsTables {
  records: RecordsTable;
  record_segments: RecordSegmentsTable;
  folders: FoldersTable;
  default_folder_names: DefaultFolderNamesTable;
  record_shares: RecordSharesTable;
  record_counts: RecordCountsTable;
}

export type RecordRow = Selectable<RecordsTable>;
export type RecordSegmentRow = Selectable<RecordSegmentsTable>;
export type NewRecordSegment = Insertable<RecordSegmentsTable>;
export type FolderRow = Selectable<FoldersTable>;
export type RecordShareRow = Selectable<RecordSharesTable>;
