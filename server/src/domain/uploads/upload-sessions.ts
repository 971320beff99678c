// Chunked upload sessions: a session row per upload, a row per stored part (upload_parts), and the
// staging file the parts are written into. The parts stored tell a resuming client where to go on.
import type { Kysely } from 'kysely';
import type { components } from '../../../../src/api/schema';
import type { Database, UploadSessionRow } from '../../db/schema';
import type { MediaStore } from '../storage/media-store.port';
import * as errors from './upload-errors';

type UploadInitAnswer = components['schemas']['UploadInit'];

export const UPLOAD_BLOCK_PATH = '/prod-api/speech/audio/transcribe/uploadBlock';

export const chunkCountOf = (fileSize: number, chunkSize: number) => Math.ceil(fileSize / chunkSize);

/** Bytes of part n (1-based): every part is chunkSize except the last. */
export function partSize(session: Pick<UploadSessionRow, 'file_size' | 'chunk_size' | 'chunk_count'>, part: number): number {
  return part < session.chunk_count ? session.chunk_size : session.file_size - (session.chunk_count - 1) * session.chunk_size;
}

/** The first part not stored yet (count + 1 when all are). */
export function firstMissing(parts: Map<number, unknown>, count: number): number {
  for (let n = 1; n <= count; n += 1) if (!parts.has(n)) return n;
  return count + 1;
}

function uploadUrls(uploadId: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => `${UPLOAD_BLOCK_PATH}?uploadId=${encodeURIComponent(uploadId)}&partNumber=${i + 1}`);
}

export function createUploadSessions({ db, store }: { db: Kysely<Database>; store: MediaStore }) {
  async function storedParts(uploadId: string): Promise<Map<number, { size: number; sha256: string }>> {
    const rows = await db.selectFrom('upload_parts').select(['part_number', 'size', 'sha256']).where('upload_id', '=', uploadId).execute();
    return new Map(rows.map((r) => [r.part_number, { size: r.size, sha256: r.sha256 }]));
  }

  /** A session's rows: what is left once the file became a media file (its chunks are the object's blocks now). */
  async function forgetSession(uploadId: string): Promise<void> {
    await db.deleteFrom('upload_parts').where('upload_id', '=', uploadId).execute();
    await db.deleteFrom('upload_sessions').where('id', '=', uploadId).execute();
  }

  return {
    storedParts,

    async ownedSession(userId: string, uploadId: string): Promise<UploadSessionRow> {
      const row = await db.selectFrom('upload_sessions').selectAll().where('id', '=', uploadId).where('user_id', '=', userId).executeTakeFirst();
      if (!row) throw errors.uploadNotFound();
      return row;
    },

    async initAnswer(session: UploadSessionRow): Promise<UploadInitAnswer> {
      const parts = await storedParts(session.id);
      return {
        uploadId: session.id,
        uploadUrls: uploadUrls(session.id, session.chunk_count),
        objectName: session.object_name,
        chunkSize: session.chunk_size,
        receivedParts: [...parts.keys()].sort((a, b) => a - b),
        nextPart: firstMissing(parts, session.chunk_count),
      };
    },

    /** A part that has to be sent again (it did not read back as stored). */
    async forgetPart(uploadId: string, part: number): Promise<void> {
      await db.deleteFrom('upload_parts').where('upload_id', '=', uploadId).where('part_number', '=', part).execute();
    },

    forgetSession,

    /** A session that will not become a media file: its rows, staging file and staged blocks (or unregistered object). */
    async dropSession(uploadId: string): Promise<void> {
      const session = await db.selectFrom('upload_sessions').select('object_name').where('id', '=', uploadId).executeTakeFirst();
      await forgetSession(uploadId);
      await store.discardStaging(uploadId);
      if (session && store.sharedChunks) await store.sharedChunks.drop(session.object_name);
    },
  };
}

export type UploadSessions = ReturnType<typeof createUploadSessions>;
