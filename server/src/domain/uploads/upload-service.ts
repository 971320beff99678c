// The chunk protocol (platform §3, §5, §7, §9). uploadInit opens a session whose parts are rows of
// upload_parts; each chunk is streamed straight to its offset in one staging file. The end-1 chunk
// checks the whole file by content (ffprobe), its size and its duration, then renames it into the
// store and registers a media file; a refused file is deleted together with its session, so a
// half-uploaded or refused file never becomes anything. A dropped connection leaves the part
// missing; a restart keeps every stored part (rows + staging file), and uploadInit with the
// uploadId tells the client which parts are stored.
//
// This file composes the parts: sessions (upload-sessions), chunk writes (upload-chunk-writes), one
// uploadBlock call (upload-block-receiver) and the staged file becoming a media file (upload-media-files).
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { components } from '../../../../src/api/schema';
import { UPLOAD_MAX_BYTES } from '../../../../src/shared/contract/limits';
import type { Clock } from '../../clock';
import type { Database, UploadSessionRow } from '../../db/schema';
import type { Media } from '../../engines/media';
import type { MediaStore } from '../storage/media-store.port';
import { createBlockReceiver } from './upload-block-receiver';
import { createChunkWrites } from './upload-chunk-writes';
import * as errors from './upload-errors';
import { createMediaFiles, describeInterrupted, extensionOf, type UploadedRecord } from './upload-media-files';
import { chunkCountOf, createUploadSessions } from './upload-sessions';

export type { BlockAnswer, BlockInput } from './upload-block-receiver';
export type { MultipartPart } from './upload-multipart';
export { partSize, UPLOAD_BLOCK_PATH } from './upload-sessions';

type UploadInitAnswer = components['schemas']['UploadInit'];

export interface InitInput {
  oriFileName: string;
  fileSize: number;
  chunkSize: number;
  uploadId?: string;
}

export function createUploadService({ db, clock, store, media }: { db: Kysely<Database>; clock: Clock; store: MediaStore; media: Media }) {
  const sessions = createUploadSessions({ db, store });
  const files = createMediaFiles({ db, clock, store, media });
  const writes = createChunkWrites({ db, clock, store, sessions });
  const ownsFolder = async (userId: string, folderId: string) =>
    (await db.selectFrom('folders').select('id').where('id', '=', folderId).where('user_id', '=', userId).executeTakeFirst()) !== undefined;
  const { receiveBlock } = createBlockReceiver({ store, sessions, files, writes, ownsFolder });

  return {
    async init(userId: string, input: InitInput): Promise<UploadInitAnswer> {
      if (input.uploadId) {
        const session = await sessions.ownedSession(userId, input.uploadId);
        if (session.ori_file_name !== input.oriFileName || session.file_size !== input.fileSize || session.chunk_size !== input.chunkSize) {
          throw errors.sessionMismatch();
        }
        return sessions.initAnswer(session);
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
      return sessions.initAnswer(session);
    },

    receiveBlock,

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
      const fileWins = stoppedFile && (!stoppedSession || stoppedFile.created_at >= stoppedSession.created_at);
      const receivedParts = stoppedSession && !fileWins ? [...(await sessions.storedParts(stoppedSession.id)).keys()].sort((a, b) => a - b) : [];
      return describeInterrupted(stoppedSession, stoppedFile, receivedParts);
    },

    /**
     * Cancels unfinished uploads and deletes unsubmitted files among `ids` (the upload dialog's
     * close and remove); answers the ids that are neither, which are records.
     */
    async discard(userId: string, ids: string[]): Promise<string[]> {
      const unique = [...new Set(ids)];
      const [open, files] = await Promise.all([
        db.selectFrom('upload_sessions').select('id').where('user_id', '=', userId).where('id', 'in', unique).execute(),
        db
          .selectFrom('media_files')
          .select(['id', 'object_name'])
          .where('user_id', '=', userId)
          .where('submitted_at', 'is', null)
          .where('id', 'in', unique)
          .execute(),
      ]);
      for (const session of open) await sessions.dropSession(session.id);
      for (const file of files) {
        await db.deleteFrom('media_files').where('id', '=', file.id).execute();
        await store.delete(file.object_name);
      }
      const handled = new Set([...open.map((s) => s.id), ...files.map((f) => f.id)]);
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
        const info = await files.checkStaged(input.stagingId, input.size);
        const id = randomUUID();
        return await files.register({ ...input, id, objectName: `${input.userId}/${id}.${extensionOf(input.oriFileName)}`, info });
      } catch (error) {
        await store.discardStaging(input.stagingId);
        throw error;
      }
    },
  };
}

export type UploadService = ReturnType<typeof createUploadService>;
