// Row types of the tables of migration 0006 and the record columns of 0004 this domain writes.
// Queries go through db.withTables<TranscriptTables>() so the shared Database type stays untouched.
import type { ColumnType } from 'kysely';
export type RecordSummariesTable = {
  record_id: string;
  lang: string;
  state: 'generating' | 'completed' | 'failed';
  content: string;
  /** JSON text: string[] */
  key_points: string;
  engine: string | null;
  error_message: string | null;
  generated_at: string;
  updated_at: string;
}

export type TranslationTasksTable = {
  id: string;
  record_id: string;
  from_lang: string;
  to_lang: string;
  locale: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  /** JSON text: the line ids to translate again (0008); null translates every line. */
  line_ids: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  updated_at: string;
}

/** 0004_uploads_jobs: the failure shown on the record, in the requester's locale. */
export type RecordErrorColumns = {
  error_message: string | null;
}

export type TranscriptTables = {
  record_summaries: RecordSummariesTable;
  translation_tasks: TranslationTasksTable;
  records: RecordErrorColumns;
}
