// Removing a dubbing record (records remove, features §6) removes what the task keeps in storage:
// the iteration outputs, compositions, clips, the SRT attachment and the uploaded video it was made
// from (its dub_files row too). The names are collected before the rows go and deleted after, so a
// failed database delete leaves every file in place. A running job notices the task is gone and stops.
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { containerOf, type BlobStore } from '../../storage/blob-store.port';
import { deleteBlobs, taskBlobs } from './blob-files';

export interface TaskRemoval {
  /** Deletes the blobs (and the source videos' rows) once the records are gone. */
  finish(): Promise<void>;
}

export async function prepareTaskRemoval(db: Kysely<Database>, store: BlobStore, userId: string, recordIds: string[]): Promise<TaskRemoval> {
  const tasks = recordIds.length
    ? await db.selectFrom('dub_tasks').select(['id', 'file_id']).where('user_id', '=', userId).where('id', 'in', [...new Set(recordIds)]).execute()
    : [];
  if (tasks.length === 0) return { finish: async () => undefined };
  const container = containerOf(userId);
  const names = await taskBlobs(db, store, container, tasks.map((t) => t.id));
  const fileIds = tasks.flatMap((t) => (t.file_id ? [t.file_id] : []));
  const files = fileIds.length ? await db.selectFrom('dub_files').select(['id', 'container', 'blob_name']).where('user_id', '=', userId).where('id', 'in', fileIds).execute() : [];
  return {
    async finish() {
      await deleteBlobs(store, container, names);
      if (files.length) {
        // Another task may have been made from the same video meanwhile: its file stays.
        const stillUsed = new Set((await db.selectFrom('dub_tasks').select('file_id').where('file_id', 'in', files.map((f) => f.id)).execute()).map((r) => r.file_id));
        for (const file of files.filter((f) => !stillUsed.has(f.id))) {
          await db.deleteFrom('dub_files').where('id', '=', file.id).execute();
          await store.delete(file.container, file.blob_name);
        }
      }
    },
  };
}
