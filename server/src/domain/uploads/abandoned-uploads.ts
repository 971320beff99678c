// Uploads nobody finishes: a session whose client went away keeps its parts and its staging file,
// and an uploaded file never submitted by transwrite keeps its object. Both are deleted once they
// are older than UPLOAD_ABANDONED_AFTER_SECONDS — at start and every hour. A session's age counts
// from its last chunk (updated_at), so a slow upload that is still moving is never swept.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { UPLOAD_ABANDONED_AFTER_SECONDS, UPLOAD_SWEEP_INTERVAL_SECONDS } from '../../../../src/shared/contract/limits';
import type { Clock } from '../../clock';
import type { Database } from '../../db/schema';
import { periodicSweep } from '../../jobs/periodic-sweep';
import type { MediaStore } from '../storage/media-store.port';

export interface SweepResult {
  sessions: number;
  files: number;
  /** Staging files left without a session. */
  staging: number;
}

export function createAbandonedUploadSweep({ db, clock, store, log }: { db: Kysely<Database>; clock: Clock; store: MediaStore; log: FastifyBaseLogger }) {
  async function sweep(): Promise<SweepResult> {
    const cutoff = new Date(clock.now().getTime() - UPLOAD_ABANDONED_AFTER_SECONDS * 1000).toISOString();
    const result: SweepResult = { sessions: 0, files: 0, staging: 0 };

    const sessions = await db.selectFrom('upload_sessions').select(['id', 'object_name']).where('updated_at', '<', cutoff).execute();
    for (const { id, object_name: objectName } of sessions) {
      // The age is checked again in the delete: a chunk that arrived since the select keeps the session.
      const dropped = await db.transaction().execute(async (trx) => {
        const deleted = await trx.deleteFrom('upload_sessions').where('id', '=', id).where('updated_at', '<', cutoff).executeTakeFirst();
        if (Number(deleted.numDeletedRows) !== 1) return false;
        await trx.deleteFrom('upload_parts').where('upload_id', '=', id).execute();
        return true;
      });
      if (!dropped) continue;
      await store.discardStaging(id);
      // Blocks staged in the shared store (issue 28 §1): Azure would drop them after a week; gone now.
      if (store.sharedChunks) await store.sharedChunks.drop(objectName);
      result.sessions += 1;
    }

    const files = await db
      .selectFrom('media_files')
      .select(['id', 'object_name'])
      .where('submitted_at', 'is', null)
      .where('created_at', '<', cutoff)
      .execute();
    for (const file of files) {
      // A submit racing the sweep claims submitted_at first; then the file is a record's media and stays.
      const deleted = await db.deleteFrom('media_files').where('id', '=', file.id).where('submitted_at', 'is', null).executeTakeFirst();
      if (Number(deleted.numDeletedRows) !== 1) continue;
      await store.delete(file.object_name);
      result.files += 1;
    }
    // Staging files no session owns (a process killed while fetching a link or storing a one-request
    // upload, a side file of a re-sent chunk) are deleted too once they are as old as an abandoned session.
    const live = new Set((await db.selectFrom('upload_sessions').select('id').execute()).map((row) => row.id));
    for (const { stagingId, modifiedAt } of await store.listStaging()) {
      if (live.has(stagingId) || modifiedAt.toISOString() >= cutoff) continue;
      await store.discardStaging(stagingId);
      result.staging += 1;
    }
    if (result.sessions + result.files + result.staging > 0) log.info(result, 'deleted abandoned uploads');
    return result;
  }

  return {
    sweep,
    ...periodicSweep(sweep, UPLOAD_SWEEP_INTERVAL_SECONDS * 1000, (error) => log.error({ err: error }, 'could not delete abandoned uploads')),
  };
}

export type AbandonedUploadSweep = ReturnType<typeof createAbandonedUploadSweep>;
