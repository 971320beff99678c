// One uploadBlock call: read the multipart body (fields and the one file), write the file as a
// chunk of a session or as a whole small file, then answer: a chunk stored, or, with `end`, the
// finished upload checked and registered as a media file (a refused one is deleted with its session).
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { checkLocalChunks, commitSharedChunks } from './chunk-placement';
import * as errors from './upload-errors';
import type { ChunkWrites, WrittenBlock } from './upload-chunk-writes';
import { extensionOf, type MediaFiles, type UploadedRecord } from './upload-media-files';
import { drain, nextPart, partFromUrl, type MultipartPart } from './upload-multipart';
import { firstMissing, type UploadSessions } from './upload-sessions';
import type { UploadSessionRow } from '../../db/schema';
import type { MediaStore } from '../storage/media-store.port';
import { DEFAULT_FOLDER_ID } from '../../../../src/shared/contract/limits';
import { folderNotFound } from '../folders/folder-errors';

export interface BlockInput {
  userId: string;
  /** From the chunk's address (uploadUrls) when the client posts there. */
  query: { uploadId?: string; partNumber?: number };
  /** The chunk's SHA-256 (hex) as the client computed it (X-Chunk-Sha256), checked before "stored". */
  clientSha256?: string;
  parts: AsyncIterable<MultipartPart>;
}

export interface BlockAnswer {
  data: UploadedRecord[] | null;
  /** `uploads` key for the envelope's msg: stored / same bytes / replaced. */
  messageKey: string;
  messageParams: Record<string, unknown>;
}

interface Deps {
  store: MediaStore;
  sessions: UploadSessions;
  files: MediaFiles;
  writes: ChunkWrites;
  /** True when `folderId` is one of the user's own folders. */
  ownsFolder(userId: string, folderId: string): Promise<boolean>;
}

export function createBlockReceiver({ store, sessions, files, writes, ownsFolder }: Deps) {
  /**
   * The folder a finished upload goes into. Another user's folder is answered exactly like an unknown
   * one (it is never stored: the record would point into someone else's tree).
   */
  async function checkFolder(userId: string, folderId: string | null): Promise<void> {
    if (folderId && folderId !== DEFAULT_FOLDER_ID && !(await ownsFolder(userId, folderId))) throw folderNotFound();
  }

  /** The body's fields and what its first `file` part became; other files are skipped. */
  async function readBlock({ userId, query, clientSha256, parts }: BlockInput): Promise<{ fields: Record<string, string>; written: WrittenBlock }> {
    const iterator = parts[Symbol.asyncIterator]();
    const fields: Record<string, string> = {};
    let currentFile: Readable | null = null;
    let written: WrittenBlock | null = null;
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
        written = uploadId ? await writes.storeChunk(userId, uploadId, part.file, { query, fields, clientSha256 }) : await writes.stageWhole(part.file);
      }
    } catch (error) {
      await drain(iterator, currentFile);
      throw error;
    }
    if (!written) throw errors.fileMissing();
    return { fields, written };
  }

  async function finishChunked(session: UploadSessionRow, folderId: string | null): Promise<UploadedRecord[]> {
    const parts = await sessions.storedParts(session.id);
    if (parts.size !== session.chunk_count || firstMissing(parts, session.chunk_count) !== session.chunk_count + 1) {
      throw errors.uploadInconsistent();
    }
    const shared = store.sharedChunks;
    // Outside the try below: chunks that are not there as recorded are forgotten and asked for again
    // (retryable, the first named), while the others stay; the upload is not dropped for them.
    const bad = shared ? await commitSharedChunks(shared, session, parts) : await checkLocalChunks(store, session, parts);
    if (bad.length > 0) {
      for (const part of bad) await sessions.forgetPart(session.id, part);
      throw errors.chunkLost(bad[0]!);
    }
    let uploaded: UploadedRecord;
    try {
      // Shared: the chunks are now the object's blocks, probed where it lies. Local: the staging file.
      if (!shared) await store.truncateStaging(session.id, session.file_size);
      const info = shared ? await files.checkStored(session.object_name, session.file_size) : await files.checkStaged(session.id, session.file_size);
      uploaded = await files.register({
        id: session.id,
        userId: session.user_id,
        stagingId: session.id,
        objectName: session.object_name,
        oriFileName: session.ori_file_name,
        size: session.file_size,
        folderId: folderId ?? session.folder_id,
        info,
        stored: shared !== undefined,
      });
    } catch (error) {
      // Drops the rows, any staging file and (shared) the committed object no record refers to.
      await sessions.dropSession(session.id);
      throw error;
    }
    // Registered: only the rows go (dropping the session now would delete the record's object).
    await sessions.forgetSession(session.id);
    return [uploaded];
  }

  /** A whole small file: it must say it is the end and its size, then it is checked and registered. */
  async function finishWhole(userId: string, written: Extract<WrittenBlock, { kind: 'whole' }>, fields: Record<string, string>, folderId: string | null): Promise<BlockAnswer> {
    try {
      if (!fields.oriFileName || fields.end !== '1' || Number(fields.fileSize) !== written.bytes) throw errors.uploadInconsistent();
      await checkFolder(userId, folderId);
      const info = await files.checkStaged(written.stagingId, written.bytes);
      const id = randomUUID();
      const uploaded = await files.register({
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

  return {
    async receiveBlock(input: BlockInput): Promise<BlockAnswer> {
      const { fields, written } = await readBlock(input);
      const end = fields.end === '1';
      const folderId = fields.folderId && fields.folderId.length <= 64 ? fields.folderId : null;
      const fileSize = Number(fields.fileSize);
      if (written.kind === 'whole') return finishWhole(input.userId, written, fields, folderId);

      const { session, part } = written;
      if ((fields.oriFileName && fields.oriFileName !== session.ori_file_name) || (fields.fileSize && fileSize !== session.file_size)) {
        throw errors.sessionMismatch();
      }
      const urlPart = partFromUrl(fields.url);
      if (urlPart !== undefined && urlPart !== part) throw errors.uploadInconsistent();
      const messageKey = written.previous === undefined ? 'uploads:chunkStored' : written.previous === written.sha256 ? 'uploads:chunkSame' : 'uploads:chunkReplaced';
      if (end) {
        if (part !== session.chunk_count) throw errors.uploadInconsistent();
        // Before finishing, so the stored chunks stay and the end can be sent again with a right folder.
        await checkFolder(session.user_id, folderId);
        return { data: await finishChunked(session, folderId), messageKey: 'ok', messageParams: {} };
      }
      return { data: null, messageKey, messageParams: { part } };
    },
  };
}
