// Writing one multipart file of an upload: a chunk into its offset of the session's staging file
// (a re-sent chunk through a side file, replacing the stored one only once known good), or with a
// shared store as its block of the final object (chunk-placement.ts), or a whole small file into a
// staging file of its own.
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { UPLOAD_CHUNKED_FROM_BYTES } from '../../../../src/shared/contract/limits';
import type { Clock } from '../../clock';
import type { Database, UploadSessionRow } from '../../db/schema';
import { checkClientSum, holdsStaging, overwriteRange, writeSharedChunk } from './chunk-placement';
import { AppError } from '../../errors';
import { TooLargeError, type MediaStore, type SharedChunks, type WrittenPart } from '../storage/media-store.port';
import * as errors from './upload-errors';
import { partFromUrl } from './upload-multipart';
import { firstMissing, partSize, type UploadSessions } from './upload-sessions';

/** What one block's file became: a stored chunk of a session, or a whole file staged on its own. */
export type WrittenBlock =
  | { kind: 'chunk'; session: UploadSessionRow; part: number; bytes: number; previous?: string; sha256: string }
  | { kind: 'whole'; stagingId: string; bytes: number };

/** Runs a write of a multipart file; a refused size or a broken body becomes its upload error. */
async function writeChunk(file: Readable, write: () => Promise<WrittenPart>, number: number, limit: number): Promise<WrittenPart> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof TooLargeError) throw errors.chunkTooLarge(number, limit);
    if (file.errored || (file as Readable & { truncated?: boolean }).truncated) throw errors.brokenMultipart();
    throw error;
  }
}

export function createChunkWrites({ db, clock, store, sessions }: { db: Kysely<Database>; clock: Clock; store: MediaStore; sessions: UploadSessions }) {
  /** Forgets a part's row: before its bytes change, so a crash leaves it missing, never wrongly "stored". */
  const forgetPart = (uploadId: string, number: number) =>
    db.deleteFrom('upload_parts').where('upload_id', '=', uploadId).where('part_number', '=', number).execute();

  async function resendChunk(session: UploadSessionRow, number: number, offset: number, size: number, previous: string, file: Readable, clientSha256?: string): Promise<WrittenPart> {
    const side = `${session.id}.resend-${number}-${randomUUID()}`;
    await store.openStaging(side);
    try {
      const result = await writeChunk(file, () => store.writeAt(side, 0, file, session.chunk_size), number, session.chunk_size);
      if (result.bytes !== size) throw errors.chunkWrongSize(number, size, result.bytes);
      checkClientSum(number, result, clientSha256);
      if (result.sha256 !== previous) {
        // Row first: a crash while overwriting leaves the part missing (re-sent), never wrongly "stored".
        await forgetPart(session.id, number);
        await overwriteRange(store, session.id, offset, side, session.chunk_size);
      }
      return result;
    } finally {
      await store.discardStaging(side);
    }
  }

  /** A chunk into the instance's own staging file: in place when new, through a side file when re-sent. */
  async function writeLocal(session: UploadSessionRow, number: number, file: Readable, stored: Map<number, { sha256: string }>, clientSha256?: string): Promise<WrittenPart> {
    // Parts stored but no staging file here: another instance holds them, so this one cannot place
    // the chunk (writing it would leave the others as zeros); the client retries, reaching the holder.
    if (stored.size > 0 && !(await holdsStaging(store, session.id))) throw errors.chunkElsewhere(number);
    const previous = stored.get(number)?.sha256;
    const size = partSize(session, number);
    const offset = (number - 1) * session.chunk_size;
    if (previous !== undefined) return resendChunk(session, number, offset, size, previous, file, clientSha256);
    // A new part is written in place. The row is written last: a write cut short or refused leaves
    // the part missing, never wrongly "stored".
    await store.openStaging(session.id);
    const result = await writeChunk(file, () => store.writeAt(session.id, offset, file, session.chunk_size), number, session.chunk_size);
    if (result.bytes !== size) throw errors.chunkWrongSize(number, size, result.bytes);
    checkClientSum(number, result, clientSha256);
    return result;
  }

  /** A chunk into the shared store: checked on a side file here, then put where every instance reads it. */
  function writeShared(shared: SharedChunks, session: UploadSessionRow, number: number, file: Readable, clientSha256?: string) {
    const size = partSize(session, number);
    return writeSharedChunk(
      store,
      shared,
      session,
      number,
      (side) => writeChunk(file, () => store.writeAt(side, 0, file, session.chunk_size), number, session.chunk_size),
      async (written) => {
        if (written.bytes !== size) throw errors.chunkWrongSize(number, size, written.bytes);
        checkClientSum(number, written, clientSha256);
        // Staged again even when the same bytes are recorded: a retry may follow a block that was
        // lost (or dropped by Azure after a week), and it replaces only its own block id.
        await forgetPart(session.id, number);
      },
    );
  }

  return {
    /**
     * A chunk of the session `uploadId`: its number from the address, the form's url, or the next
     * missing; never beyond the next missing (chunks come in order, re-sends of stored ones apart).
     */
    async storeChunk(
      userId: string,
      uploadId: string,
      file: Readable,
      asked: { query: { uploadId?: string; partNumber?: number }; fields: Record<string, string>; clientSha256?: string },
    ): Promise<WrittenBlock> {
      const { query, fields, clientSha256 } = asked;
      const session = await sessions.ownedSession(userId, uploadId);
      if (fields.uploadId && query.uploadId && fields.uploadId !== query.uploadId) throw errors.sessionMismatch();
      const stored = await sessions.storedParts(session.id);
      const expected = firstMissing(stored, session.chunk_count);
      const number = query.partNumber ?? partFromUrl(fields.url) ?? expected;
      if (number < 1 || number > session.chunk_count) throw errors.partOutOfRange(number, session.chunk_count);
      if (number > expected) throw errors.wrongOrder(number, expected);
      const previous = stored.get(number)?.sha256;
      const result = store.sharedChunks
        ? await writeShared(store.sharedChunks, session, number, file, clientSha256)
        : await writeLocal(session, number, file, stored, clientSha256);
      await forgetPart(session.id, number);
      await db
        .insertInto('upload_parts')
        .values({ upload_id: session.id, part_number: number, size: result.bytes, sha256: result.sha256, created_at: clock.now().toISOString() })
        .execute();
      await db.updateTable('upload_sessions').set({ updated_at: clock.now().toISOString() }).where('id', '=', session.id).execute();
      return { kind: 'chunk', session, part: number, bytes: result.bytes, previous, sha256: result.sha256 };
    },

    /** A file small enough for one block, staged on its own; a larger one is told to use chunks. */
    async stageWhole(file: Readable): Promise<WrittenBlock> {
      const stagingId = randomUUID();
      await store.openStaging(stagingId);
      try {
        const result = await writeChunk(file, () => store.writeAt(stagingId, 0, file, UPLOAD_CHUNKED_FROM_BYTES - 1), 1, UPLOAD_CHUNKED_FROM_BYTES - 1);
        return { kind: 'whole', stagingId, bytes: result.bytes };
      } catch (error) {
        await store.discardStaging(stagingId);
        if (error instanceof AppError && error.messageKey === 'uploads:chunkTooLarge') throw errors.useChunks();
        throw error;
      }
    },
  };
}

export type ChunkWrites = ReturnType<typeof createChunkWrites>;
