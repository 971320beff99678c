// records/remove: one call removes records of every kind and the uploads behind them — it also
// cancels unfinished uploads and deletes files never submitted.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { BlobStore } from '../storage/blob-store.port';
import { prepareTaskRemoval } from '../dubbing/tasks/remove-tasks';
import type { RecordsService } from '../records/records-service';
import type { UploadService } from './upload-service';

export interface RemoveDeps {
  db: Kysely<Database>;
  blobStore: BlobStore;
  records: Pick<RecordsService, 'remove'>;
  uploads: Pick<UploadService, 'discard' | 'deleteMediaOf'>;
}

export async function removeRecords(deps: RemoveDeps, userId: string, ids: string[]): Promise<void> {
  const recordIds = await deps.uploads.discard(userId, ids);
  if (recordIds.length === 0) return;
  // Dubbing records keep files in the blob store: named before the rows go, deleted after.
  const dubbing = await prepareTaskRemoval(deps.db, deps.blobStore, userId, recordIds);
  await deps.records.remove(userId, recordIds);
  await deps.uploads.deleteMediaOf(userId, recordIds);
  await dubbing.finish();
}
