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
  /** JSON text: {text, speaker}[] (0020; these columns have defaults or are nullable). */
  decisions: ColumnType<string, string | undefined, string>;
  /** JSON text: {text, speaker}[] */
  action_items: ColumnType<string, string | undefined, string>;
  /** JSON text: string[] */
  keywords: ColumnType<string, string | undefined, string>;
  source_lang: ColumnType<string | null, string | null | undefined, string | null>;
  /** 'offline' | 'llm' */
  engine_kind: ColumnType<string | null, string | null | undefined, string | null>;
  /** Translated remark shown with the summary (the generating user's language). */
  note: ColumnType<string | null, string | null | undefined, string | null>;
  /** sha256 of the lines the summary was made from; differs from the current lines' hash after an edit. */
  transcript_hash: ColumnType<string | null, string | null | undefined, string | null>;
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
