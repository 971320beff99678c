// Registering a dubbing video after its blocks are committed (features §4 Dub upload file, §5 Dub
// upload): the blob must lie in the caller's own container, be a real mp4 by content (ffprobe: the
// mov/mp4 demuxer, a video and an audio stream), at most 5 GB and 4 hours. A refused blob is deleted
// so nothing is left in storage; a registered one becomes a dub_files row the dubbing tasks use.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Database, DubFilesTable } from '../../db/schema';
import { EngineError } from '../../engines/engine-errors';
import { probeMedia, type MediaInfo } from '../../engines/media';
import { AppError } from '../../errors';
import { containerOf, isSafeBlobName, type BlobStore } from '../storage/blob-store.port';
import { DUB_FILE_MAX_BYTES, DUB_FILE_MAX_MS } from './upload-limits';

export interface DubUploadDeps {
  db: Kysely<Database>;
  clock: Clock;
  store: BlobStore;
  /** Replaceable in tests; ffprobe on the store's media input by default. */
  probe?: (input: string) => Promise<MediaInfo>;
}

export interface RegisterInput {
  userId: string;
  url: string;
  oriFileName: string;
  folderId?: string | null;
}

export interface RegisteredDubFile {
  id: string;
  createTime: string;
  audioDuration: number;
}

const overLimit = () => new AppError(400, 'uploads:dubOverLimit', { size: '5 GB', hours: 4 });

export function describeDubFile(row: Pick<DubFilesTable, 'id' | 'created_at' | 'duration_ms'>): RegisteredDubFile {
  return { id: row.id, createTime: row.created_at, audioDuration: row.duration_ms / 1000 };
}

/** Checks the committed blob's content; throws the translated refusal (after deleting it) when it fails. */
async function checkContent(deps: DubUploadDeps, container: string, blob: string): Promise<{ size: number; durationMs: number }> {
  const size = await deps.store.size(container, blob);
  if (size === null) throw new AppError(404, 'uploads:dubBlobNotFound');
  const refuse = async (error: AppError) => {
    await deps.store.delete(container, blob);
    return error;
  };
  if (size > DUB_FILE_MAX_BYTES) throw await refuse(overLimit());
  let info: MediaInfo;
  try {
    info = await (deps.probe ?? probeMedia)(await deps.store.mediaInput(container, blob));
  } catch (error) {
    if (error instanceof EngineError && error.code === 'invalid_media') throw await refuse(new AppError(400, 'uploads:dubNotMp4'));
    throw error;
  }
  // ffprobe's mov demuxer names itself "mov,mp4,m4a,3gp,3g2,mj2" for every ISO-BMFF file.
  if (!info.formatName.split(',').includes('mp4') || !info.hasVideo) throw await refuse(new AppError(400, 'uploads:dubNotMp4'));
  if (!info.hasAudio) throw await refuse(new AppError(400, 'uploads:dubNoAudio'));
  if (info.durationMs > DUB_FILE_MAX_MS) throw await refuse(overLimit());
  return { size, durationMs: info.durationMs };
}

export async function registerDubUpload(deps: DubUploadDeps, input: RegisterInput): Promise<RegisteredDubFile> {
  const located = deps.store.locate(input.url);
  const own = containerOf(input.userId);
  // Another user's blob (or any address outside this store) is answered the same way: not yours.
  if (!located || located.container !== own) throw new AppError(403, 'uploads:dubBlobNotYours');
  if (!isSafeBlobName(located.blob)) throw new AppError(400, 'uploads:dubBlobNameInvalid');
  const existing = await findRow(deps.db, own, located.blob);
  if (existing) return describeDubFile(existing);
  if (!/\.mp4$/i.test(input.oriFileName)) {
    await deps.store.delete(own, located.blob);
    throw new AppError(400, 'uploads:dubNotMp4');
  }
  const { size, durationMs } = await checkContent(deps, own, located.blob);
  const row: DubFilesTable = {
    id: randomUUID(),
    user_id: input.userId,
    container: own,
    blob_name: located.blob,
    ori_file_name: input.oriFileName,
    size_bytes: size,
    duration_ms: durationMs,
    folder_id: input.folderId ?? null,
    created_at: deps.clock.now().toISOString(),
  };
  try {
    await deps.db.insertInto('dub_files').values(row).execute();
  } catch (error) {
    // Two register calls for one blob: the unique index keeps one row, both answer it.
    const raced = await findRow(deps.db, own, located.blob);
    if (raced) return describeDubFile(raced);
    throw error;
  }
  return describeDubFile(row);
}

function findRow(db: Kysely<Database>, container: string, blob: string) {
  return db.selectFrom('dub_files').selectAll().where('container', '=', container).where('blob_name', '=', blob).executeTakeFirst();
}
