// A staged upload becomes a media file: checked by content (ffprobe), size and duration, then
// moved into the store and registered in media_files. Also the restore banner's description of
// the last upload left behind.
import type { Kysely } from 'kysely';
import type { components } from '../../../../src/api/schema';
import { UPLOAD_ALLOWED_EXTENSIONS, UPLOAD_MAX_BYTES, UPLOAD_MAX_DURATION_SECONDS } from '../../../../src/shared/contract/limits';
import type { Clock } from '../../clock';
import type { Database, MediaFileRow, UploadSessionRow } from '../../db/schema';
import type { Media, MediaInfo } from '../../engines/media';
import { EngineError } from '../../engines/engine-errors';
import { AppError } from '../../errors';
import type { MediaStore } from '../storage/media-store.port';
import * as errors from './upload-errors';

export type UploadedRecord = components['schemas']['UploadedRecord'];

/** The stored file's extension: one the product accepts, 'bin' otherwise. */
export function extensionOf(fileName: string): string {
  const ext = /\.([A-Za-z0-9]{1,8})$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
  return (UPLOAD_ALLOWED_EXTENSIONS as readonly string[]).includes(ext) ? ext : 'bin';
}

export interface StagedFile {
  id: string;
  userId: string;
  stagingId: string;
  objectName: string;
  oriFileName: string;
  size: number;
  folderId: string | null;
  info: MediaInfo;
  /** True when the object is already whole in the store (chunks committed as its blocks): no staging file to commit. */
  stored?: boolean;
}

export function createMediaFiles({ db, clock, store, media }: { db: Kysely<Database>; clock: Clock; store: MediaStore; media: Media }) {
  /** Checks a file ffprobe can open (a path or a store's input) by content, size and duration. */
  async function checkInput(input: () => Promise<string>, size: number): Promise<MediaInfo> {
    if (size === 0) throw errors.emptyFile();
    if (size > UPLOAD_MAX_BYTES) throw errors.overLimit();
    let info: MediaInfo;
    try {
      info = await media.probe(await input());
    } catch (error) {
      if ((error as { code?: string }).code === 'invalid_media') throw errors.notMedia();
      // ffprobe missing is this server's fault: say which tools are missing, not that the file is bad.
      if (error instanceof EngineError && error.code === 'engine_missing') throw new AppError(503, error.key, { ...error.params });
      throw error;
    }
    if (info.durationMs > UPLOAD_MAX_DURATION_SECONDS * 1000) throw errors.overLimit();
    return info;
  }

  return {
    /** Checks the staged file by content, size and duration; the caller deletes a refused one. */
    checkStaged: (stagingId: string, size: number) => checkInput(async () => store.stagingPath(stagingId), size),

    /** The same checks on an object already whole in the store (read where it lies, never copied). */
    checkStored: (objectName: string, size: number) => checkInput(() => store.mediaInput(objectName), size),

    async register(input: StagedFile): Promise<UploadedRecord> {
      if (!input.stored) await store.commit(input.stagingId, input.objectName);
      const row: MediaFileRow = {
        id: input.id,
        user_id: input.userId,
        object_name: input.objectName,
        ori_file_name: input.oriFileName,
        size_bytes: input.size,
        duration_ms: input.info.durationMs,
        format_name: input.info.formatName,
        has_video: input.info.hasVideo ? 1 : 0,
        folder_id: input.folderId,
        submitted_at: null,
        created_at: clock.now().toISOString(),
      };
      try {
        await db.insertInto('media_files').values(row).execute();
      } catch (error) {
        await store.delete(input.objectName);
        throw error;
      }
      return { id: row.id, createTime: row.created_at, audioDuration: row.duration_ms / 1000 };
    },
  };
}

export type MediaFiles = ReturnType<typeof createMediaFiles>;

/** The restore banner's upload: the file registered after the session, else the session with its stored parts. */
export function describeInterrupted(
  session: UploadSessionRow | undefined,
  file: MediaFileRow | undefined,
  receivedParts: number[],
): components['schemas']['InterruptedUpload'] | null {
  if (file && (!session || file.created_at >= session.created_at)) {
    return {
      status: 'uploaded',
      uploadId: null,
      id: file.id,
      oriFileName: file.ori_file_name,
      fileSize: file.size_bytes,
      chunkSize: null,
      receivedParts: [],
      audioDuration: file.duration_ms / 1000,
      folderId: file.folder_id,
      createTime: file.created_at,
    };
  }
  if (!session) return null;
  return {
    status: 'uploading',
    uploadId: session.id,
    id: null,
    oriFileName: session.ori_file_name,
    fileSize: session.file_size,
    chunkSize: session.chunk_size,
    receivedParts,
    audioDuration: null,
    folderId: session.folder_id,
    createTime: session.created_at,
  };
}
