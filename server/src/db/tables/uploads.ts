// Tables of chunked uploads in flight and of the media files they leave behind.
import type { Selectable } from 'kysely';

export interface UploadSessionsTable {
  id: string;
  user_id: string;
  object_name: string;
  ori_file_name: string;
  file_size: number;
  chunk_size: number;
  chunk_count: number;
  folder_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface UploadPartsTable {
  upload_id: string;
  part_number: number;
  size: number;
  sha256: string;
  created_at: string;
}

export interface MediaFilesTable {
  id: string;
  user_id: string;
  object_name: string;
  ori_file_name: string;
  size_bytes: number;
  duration_ms: number;
  format_name: string;
  has_video: number;
  folder_id: string | null;
  submitted_at: string | null;
  created_at: string;
}

/** The uploads tables as the Database names them (server/src/db/schema.ts composes them). */
export interface UploadsTables {
  upload_sessions: UploadSessionsTable;
  upload_parts: UploadPartsTable;
  media_files: MediaFilesTable;
}

export type UploadSessionRow = Selectable<UploadSessionsTable>;
export type MediaFileRow = Selectable<MediaFilesTable>;
