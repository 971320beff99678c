// The chunk protocol (platform §3, §5, §7, §9). uploadInit opens a session whose parts are rows of
// upload_parts; each chunk is streamed straight to its offset in one staging file. The end-1 chunk
// checks the whole file by content (ffprobe), its size and its duration, then renames it into the
// store and registers a media file; a refused file is deleted together with its session, so a
// half-uploaded or refused file never becomes anything. A dropped connection leaves the part
// missing; a restart keeps every stored part (rows + staging file), and uploadInit with the
// uploadId tells the client which parts are stored.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { components } from '../../../../src/api/schema';
import { UPLOAD_ALLOWED_EXTENSIONS, UPLOAD_CHUNKED_FROM_BYTES, UPLOAD_MAX_BYTES, UPLOAD_MAX_DURATION_SECONDS } from '../../../../src/shared/contract/limits';
import type { Clock } from '../../clock';
import type { Database, MediaFileRow, UploadSessionRow } from '../../db/schema';
import type { Media, MediaInfo } from '../../engines/media';
import { EngineError } from '../../engines/engine-errors';
import { TooLargeError, type MediaStore, type WrittenPart } from '../storage/media-store.port';
import { AppError } from '../../errors';
import * as errors from './upload-errors';

type UploadInitAnswer = components['schemas']['UploadInit'];
type UploadedRecord = components['schemas']['UploadedRecord'];

export const UPLOAD_BLOCK_PATH = '/prod-api/speech/audio/transcribe/uploadBlock';

export interface InitInput {
  oriFileName: string;
  fileSize: number;
  chunkSize: number;
  uploadId?: string;
}

/** One part of the multipart body as @fastify/multipart yields it (only what is used here). */
export type MultipartPart = { type: 'file'; fieldname: string; file: Readable } | { type: 'field'; fieldname: string; value: unknown };

export interface BlockInput {
  userId: string;
  /** From the chunk's address (uploadUrls) when the client posts there. */
  query: { uploadId?: string; partNumber?: number };
  parts: AsyncIterable<MultipartPart>;
}

export interface BlockAnswer {
  data: UploadedRecord[] | null;
  /** `uploads` key for the envelope's msg: stored / same bytes / replaced. */
  messageKey: string;
  messageParams: Record<string, unknown>;
}

const chunkCountOf = (fileSize: number, chunkSize: number) => Math.ceil(fileSize / chunkSize);

/** Bytes of part n (1-based): every part is chunkSize except the last. */
export function partSize(session: Pick<UploadSessionRow, 'file_size' | 'chunk_size' | 'chunk_count'>, part: number): number {
  return part < session.chunk_count ? session.chunk_size : session.file_size - (session.chunk_count - 1) * session.chunk_size;
}

function extensionOf(fileName: string): string {
  const ext = /\.([A-Za-z0-9]{1,8})$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
  return (UPLOAD_ALLOWED_EXTENSIONS as readonly string[]).includes(ext) ? ext : 'bin';
}

function partFromUrl(url: string | undefined): number | undefined {
  if (!url) return undefined;
  const match = /[?&]partNumber=(\d+)/.exec(url);
  return match ? Number(match[1]) : undefined;
}

function uploadUrls(uploadId: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => `${UPLOAD_BLOCK_PATH}?uploadId=${encodeURIComponent(uploadId)}&partNumber=${i + 1}`);
}

/** The next part; a body the parser cannot read (wrong boundary, cut short) is the client's error. */
async function nextPart(iterator: AsyncIterator<MultipartPart>): Promise<IteratorResult<MultipartPart>> {
  try {
    return await iterator.next();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw errors.brokenMultipart();
  }
}

/** Reads what is left of a multipart body so the client gets the answer, not a reset connection. */
async function drain(iterator: AsyncIterator<MultipartPart>, current: Readable | null): Promise<void> {
  try {
    // The parser yields the next part only after this file's bytes are read.
    if (current && !current.readableEnded && !current.destroyed) current.resume();
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      if (next.value.type === 'file') next.value.file.resume();
    }
  } catch {
    // The refusal that made us drain is the answer; a broken rest of the body adds nothing.
  }
}

export function createUploadService({ db, clock, store, media }: { db: Kysely<Database>; clock: Clock; store: MediaStore; media: Media }) {
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

  async function resendChunk(session: UploadSessionRow, number: number, offset: number, size: number, previous: string, file: Readable): Promise<WrittenPart> {
    const side = `${session.id}.resend-${number}-${randomUUID()}`;
    await store.openStaging(side);
    try {
      const result = await writeChunk(file, () => store.writeAt(side, 0, file, session.chunk_size), number, session.chunk_size);
      if (result.bytes !== size) throw errors.chunkWrongSize(number, size, result.bytes);
      if (result.sha256 !== previous) {
        // Row first: a crash while overwriting leaves the part missing (re-sent), never wrongly "stored".
        await db.deleteFrom('upload_parts').where('upload_id', '=', session.id).where('part_number', '=', number).execute();
        await store.openStaging(session.id);
        await store.writeAt(session.id, offset, fs.createReadStream(store.stagingPath(side)), session.chunk_size);
      }
      return result;
    } finally {
      await store.discardStaging(side);
    }
  }

  async function ownedSession(userId: string, uploadId: string): Promise<UploadSessionRow> {
    const row = await db.selectFrom('upload_sessions').selectAll().where('id', '=', uploadId).where('user_id', '=', userId).executeTakeFirst();
    if (!row) throw errors.uploadNotFound();
    return row;
  }

  async function storedParts(uploadId: string): Promise<Map<number, { size: number; sha256: string }>> {
    const rows = await db.selectFrom('upload_parts').select(['part_number', 'size', 'sha256']).where('upload_id', '=', uploadId).execute();
    return new Map(rows.map((r) => [r.part_number, { size: r.size, sha256: r.sha256 }]));
  }

  function firstMissing(parts: Map<number, unknown>, count: number): number {
    for (let n = 1; n <= count; n += 1) if (!parts.has(n)) return n;
    return count + 1;
  }

  async function initAnswer(session: UploadSessionRow): Promise<UploadInitAnswer> {
    const parts = await storedParts(session.id);
    return {
      uploadId: session.id,
      uploadUrls: uploadUrls(session.id, session.chunk_count),
      objectName: session.object_name,
      chunkSize: session.chunk_size,
      receivedParts: [...parts.keys()].sort((a, b) => a - b),
      nextPart: firstMissing(parts, session.chunk_count),
    };
  }

  async function dropSession(uploadId: string): Promise<void> {
    await db.deleteFrom('upload_parts').where('upload_id', '=', uploadId).execute();
    await db.deleteFrom('upload_sessions').where('id', '=', uploadId).execute();
    await store.discardStaging(uploadId);
  }

  /** Checks the staged file by content, size and duration; refusals delete it. */
  async function checkStaged(stagingId: string, size: number): Promise<MediaInfo> {
    if (size === 0) throw errors.emptyFile();
    if (size > UPLOAD_MAX_BYTES) throw errors.overLimit();
    let info: MediaInfo;
    try {
      info = await media.probe(store.stagingPath(stagingId));
    } catch (error) {
      if ((error as { code?: string }).code === 'invalid_media') throw errors.notMedia();
      // ffprobe missing is this server's fault: say which tools are missing, not that the file is bad.
      if (error instanceof EngineError && error.code === 'engine_missing') throw new AppError(503, error.key, { ...error.params });
      throw error;
    }
    if (info.durationMs > UPLOAD_MAX_DURATION_SECONDS * 1000) throw errors.overLimit();
    return info;
  }

  async function register(input: {
    id: string;
    userId: string;
    stagingId: string;
    objectName: string;
    oriFileName: string;
    size: number;
    folderId: string | null;
    info: MediaInfo;
  }): Promise<UploadedRecord> {
    await store.commit(input.stagingId, input.objectName);
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
  }

  async function describeInterrupted(
    session: UploadSessionRow | undefined,
    file: MediaFileRow | undefined,
  ): Promise<components['schemas']['InterruptedUpload'] | null> {
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
    const parts = await storedParts(session.id);
    return {
      status: 'uploading',
      uploadId: session.id,
      id: null,
      oriFileName: session.ori_file_name,
      fileSize: session.file_size,
      chunkSize: session.chunk_size,
      receivedParts: [...parts.keys()].sort((a, b) => a - b),
      audioDuration: null,
      folderId: session.folder_id,
      createTime: session.created_at,
    };
  }

  async function finishChunked(session: UploadSessionRow, folderId: string | null): Promise<UploadedRecord[]> {
    const parts = await storedParts(session.id);
    if (parts.size !== session.chunk_count || firstMissing(parts, session.chunk_count) !== session.chunk_count + 1) {
      throw errors.uploadInconsistent();
    }
    try {
      await store.truncateStaging(session.id, session.file_size);
      const info = await checkStaged(session.id, session.file_size);
      const uploaded = await register({
        id: session.id,
        userId: session.user_id,
        stagingId: session.id,
        objectName: session.object_name,
        oriFileName: session.ori_file_name,
        size: session.file_size,
        folderId: folderId ?? session.folder_id,
        info,
      });
      await db.deleteFrom('upload_parts').where('upload_id', '=', session.id).execute();
      await db.deleteFrom('upload_sessions').where('id', '=', session.id).execute();
      return [uploaded];
    } catch (error) {
      await dropSession(session.id);
      throw error;
    }
  }

  return {
    async init(userId: string, input: InitInput): Promise<UploadInitAnswer> {
      if (input.uploadId) {
        const session = await ownedSession(userId, input.uploadId);
        if (session.ori_file_name !== input.oriFileName || session.file_size !== input.fileSize || session.chunk_size !== input.chunkSize) {
          throw errors.sessionMismatch();
        }
        return initAnswer(session);
      }
      if (input.fileSize > UPLOAD_MAX_BYTES) throw errors.overLimit();
      const id = randomUUID();
      const at = clock.now().toISOString();
      const session: UploadSessionRow = {
        id,
        user_id: userId,
        object_name: `${userId}/${id}.${extensionOf(input.oriFileName)}`,
        ori_file_name: input.oriFileName,
        file_size: input.fileSize,
        chunk_size: input.chunkSize,
        chunk_count: chunkCountOf(input.fileSize, input.chunkSize),
        folder_id: null,
        created_at: at,
        updated_at: at,
      };
      // The staging file is made by the first chunk, so a session that never sends one leaves no file.
      await db.insertInto('upload_sessions').values(session).execute();
      return initAnswer(session);
    },

    async receiveBlock({ userId, query, parts }: BlockInput): Promise<BlockAnswer> {
      const iterator = parts[Symbol.asyncIterator]();
      const fields: Record<string, string> = {};
      let currentFile: Readable | null = null;
      let written: { kind: 'chunk'; session: UploadSessionRow; part: number; bytes: number; previous?: string; sha256: string } | { kind: 'whole'; stagingId: string; bytes: number } | null =
        null;
      try {
        for (let next = await nextPart(iterator); !next.done; next = await nextPart(iterator)) {
          const part = next.value;
          if (part.type === 'field') {
            fields[part.fieldname] = String(part.value);
            continue;
          }
          currentFile = part.file;
          if (part.fieldname !== 'file' || written) {
            part.file.resume();
            continue;
          }
          const uploadId = query.uploadId ?? fields.uploadId;
          if (uploadId) {
            const session = await ownedSession(userId, uploadId);
            if (fields.uploadId && query.uploadId && fields.uploadId !== query.uploadId) throw errors.sessionMismatch();
            const stored = await storedParts(session.id);
            const expected = firstMissing(stored, session.chunk_count);
            const number = query.partNumber ?? partFromUrl(fields.url) ?? expected;
            if (number < 1 || number > session.chunk_count) throw errors.partOutOfRange(number, session.chunk_count);
            if (number > expected) throw errors.wrongOrder(number, expected);
            const previous = stored.get(number)?.sha256;
            const size = partSize(session, number);
            const offset = (number - 1) * session.chunk_size;
            let result: WrittenPart;
            if (previous === undefined) {
              // A new part is written in place. The row is written last: a write cut short leaves
              // the part missing, never wrongly "stored".
              await store.openStaging(session.id);
              result = await writeChunk(part.file, () => store.writeAt(session.id, offset, part.file, session.chunk_size), number, session.chunk_size);
              if (result.bytes !== size) throw errors.chunkWrongSize(number, size, result.bytes);
            } else {
              // A re-sent part goes to a side file first and replaces the stored one only once it is
              // known good (issue 9): a bad re-send is refused without touching what was stored.
              result = await resendChunk(session, number, offset, size, previous, part.file);
            }
            await db.deleteFrom('upload_parts').where('upload_id', '=', session.id).where('part_number', '=', number).execute();
            await db
              .insertInto('upload_parts')
              .values({ upload_id: session.id, part_number: number, size: result.bytes, sha256: result.sha256, created_at: clock.now().toISOString() })
              .execute();
            await db.updateTable('upload_sessions').set({ updated_at: clock.now().toISOString() }).where('id', '=', session.id).execute();
            written = { kind: 'chunk', session, part: number, bytes: result.bytes, previous, sha256: result.sha256 };
          } else {
            const stagingId = randomUUID();
            await store.openStaging(stagingId);
            try {
              const result = await writeChunk(part.file, () => store.writeAt(stagingId, 0, part.file, UPLOAD_CHUNKED_FROM_BYTES - 1), 1, UPLOAD_CHUNKED_FROM_BYTES - 1);
              written = { kind: 'whole', stagingId, bytes: result.bytes };
            } catch (error) {
              await store.discardStaging(stagingId);
              if (error instanceof AppError && error.messageKey === 'uploads:chunkTooLarge') throw errors.useChunks();
              throw error;
            }
          }
        }
      } catch (error) {
        await drain(iterator, currentFile);
        throw error;
      }
      if (!written) throw errors.fileMissing();

      const end = fields.end === '1';
      const folderId = fields.folderId && fields.folderId.length <= 64 ? fields.folderId : null;
      const fileSize = Number(fields.fileSize);
      if (written.kind === 'whole') {
        try {
          if (!fields.oriFileName || !end || fileSize !== written.bytes) throw errors.uploadInconsistent();
          const info = await checkStaged(written.stagingId, written.bytes);
          const id = randomUUID();
          const uploaded = await register({
            id,
            userId,
            stagingId: written.stagingId,
            objectName: `${userId}/${id}.${extensionOf(fields.oriFileName)}`,
            oriFileName: fields.oriFileName,
            size: written.bytes,
            folderId,
            info,
          });
          return { data: [uploaded], messageKey: 'ok', messageParams: {} };
        } catch (error) {
          await store.discardStaging(written.stagingId);
          throw error;
        }
      }

      const { session, part } = written;
      if ((fields.oriFileName && fields.oriFileName !== session.ori_file_name) || (fields.fileSize && fileSize !== session.file_size)) {
        throw errors.sessionMismatch();
      }
      const urlPart = partFromUrl(fields.url);
      if (urlPart !== undefined && urlPart !== part) throw errors.uploadInconsistent();
      const messageKey = written.previous === undefined ? 'uploads:chunkStored' : written.previous === written.sha256 ? 'uploads:chunkSame' : 'uploads:chunkReplaced';
      if (end) {
        if (part !== session.chunk_count) throw errors.uploadInconsistent();
        return { data: await finishChunked(session, folderId), messageKey: 'ok', messageParams: {} };
      }
      return { data: null, messageKey, messageParams: { part } };
    },

    /**
     * The user's last upload when it never reached transcription, for the restore banner. An upload
     * the user left behind and then followed with one that did reach transcription is not "the last
     * upload" any more: offering it made every finished upload look interrupted (issue 10 §7a).
     */
    async interrupted(userId: string): Promise<components['schemas']['InterruptedUpload'] | null> {
      const [session, file, newestSubmitted] = await Promise.all([
        db.selectFrom('upload_sessions').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').limit(1).executeTakeFirst(),
        db
          .selectFrom('media_files')
          .selectAll()
          .where('user_id', '=', userId)
          .where('submitted_at', 'is', null)
          .orderBy('created_at', 'desc')
          .limit(1)
          .executeTakeFirst(),
        db
          .selectFrom('records')
          .select('created_at')
          .where('user_id', '=', userId)
          .where('kind', '=', 'upload')
          .orderBy('created_at', 'desc')
          .limit(1)
          .executeTakeFirst(),
      ]);
      const after = newestSubmitted?.created_at ?? '';
      const stoppedFile = file && file.created_at > after ? file : undefined;
      const stoppedSession = session && session.created_at > after ? session : undefined;
      return describeInterrupted(stoppedSession, stoppedFile);
    },

    /**
     * Cancels unfinished uploads and deletes unsubmitted files among `ids` (the upload dialog's
     * close and remove); answers the ids that are neither, which are records.
     */
    async discard(userId: string, ids: string[]): Promise<string[]> {
      const unique = [...new Set(ids)];
      const [sessions, files] = await Promise.all([
        db.selectFrom('upload_sessions').select('id').where('user_id', '=', userId).where('id', 'in', unique).execute(),
        db
          .selectFrom('media_files')
          .select(['id', 'object_name'])
          .where('user_id', '=', userId)
          .where('submitted_at', 'is', null)
          .where('id', 'in', unique)
          .execute(),
      ]);
      for (const session of sessions) await dropSession(session.id);
      for (const file of files) {
        await db.deleteFrom('media_files').where('id', '=', file.id).execute();
        await store.delete(file.object_name);
      }
      const handled = new Set([...sessions.map((s) => s.id), ...files.map((f) => f.id)]);
      return unique.filter((id) => !handled.has(id));
    },

    /** After records were deleted: their media goes too. */
    async deleteMediaOf(userId: string, recordIds: string[]): Promise<void> {
      if (recordIds.length === 0) return;
      const files = await db.selectFrom('media_files').select(['id', 'object_name']).where('user_id', '=', userId).where('id', 'in', recordIds).execute();
      for (const file of files) {
        await db.deleteFrom('media_files').where('id', '=', file.id).execute();
        await store.delete(file.object_name);
      }
    },

    /** Registers a file already written to staging (transwrite/upload fetches one from a link). */
    async registerStaged(input: { userId: string; stagingId: string; oriFileName: string; size: number; folderId: string | null }): Promise<UploadedRecord> {
      try {
        const info = await checkStaged(input.stagingId, input.size);
        const id = randomUUID();
        return await register({ ...input, id, objectName: `${input.userId}/${id}.${extensionOf(input.oriFileName)}`, info });
      } catch (error) {
        await store.discardStaging(input.stagingId);
        throw error;
      }
    },
  };
}

export type UploadService = ReturnType<typeof createUploadService>;
