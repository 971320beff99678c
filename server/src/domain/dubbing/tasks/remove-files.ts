// dubbingRemove: deletes the caller's uploaded videos (dub_files rows and their blobs). A video whose
// task is running is refused (the job reads it as it goes); a task that is done or failed keeps its
// lines and outputs and only loses its source video (file_id null, videoUrl null), so removing an
// upload never removes a dub the user made from it. Removing a task is removing its record.
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { BlobStore } from '../../storage/blob-store.port';
import { dubFileInUse, dubFileNotFound } from './task-errors';

export function isTaskRunning(task: { state: string; progress: number | null }): boolean {
  return task.state === 'translated' || task.state === 'dubbing' || (task.state === 'translating' && task.progress !== null);
}

export async function removeDubFiles(db: Kysely<Database>, store: BlobStore, userId: string, ids: string[]): Promise<number> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return 0;
  const files = await db.selectFrom('dub_files').selectAll().where('user_id', '=', userId).where('id', 'in', unique).execute();
  if (files.length !== unique.length) throw dubFileNotFound();
  const tasks = await db.selectFrom('dub_tasks').select(['state', 'progress']).where('file_id', 'in', unique).execute();
  if (tasks.some(isTaskRunning)) throw dubFileInUse();
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('dub_tasks').set({ file_id: null }).where('file_id', 'in', unique).execute();
    await trx.deleteFrom('dub_files').where('user_id', '=', userId).where('id', 'in', unique).execute();
  });
  for (const file of files) await store.delete(file.container, file.blob_name);
  return files.length;
}
