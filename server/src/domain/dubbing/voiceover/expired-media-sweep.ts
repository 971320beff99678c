// Voice-over and composite files are kept 7 days (features §4, issue 12 §5): once a task's
// expire_at has passed, every iteration's outputs and every composed video of the task are deleted
// from the owner's container and the task and its compositions say when they expired. Lines,
// speakers and takes stay, so the subtitles can still be downloaded and a later voice-over simply
// voices every line again. Runs at start and every hour; a task with a voice-over running is left
// for the next sweep (that run will set a new expire_at).
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../../clock';
import type { Database } from '../../../db/schema';
import { periodicSweep } from '../../../jobs/periodic-sweep';
import { containerOf, type BlobStore } from '../../../storage/blob/blob-store';
import { parseDubOutputs } from '../outputs';

export const DUB_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

export function outputBlobs(json: string | null): string[] {
  const outputs = parseDubOutputs(json);
  if (!outputs) return [];
  return [outputs.video, outputs.dubbedAudio, outputs.dubbedSpeech, ...outputs.perSpeaker.map((p) => p.blob), outputs.srt.source, outputs.srt.translation, outputs.srt.bilingual];
}

export function createDubMediaSweep({ db, clock, blobStore, log }: { db: Kysely<Database>; clock: Clock; blobStore: BlobStore; log: Pick<FastifyBaseLogger, 'info' | 'error'> }) {
  async function sweep(): Promise<{ tasks: number; blobs: number }> {
    const now = clock.now().toISOString();
    const due = await db
      .selectFrom('dub_tasks')
      .select(['id', 'user_id'])
      .where('expire_at', '<=', now)
      .where('expired_at', 'is', null)
      .where('state', '!=', 'dubbing')
      .execute();
    let tasks = 0;
    let blobs = 0;
    for (const task of due) {
      // Claimed by a conditional update: a voice-over that finished meanwhile moved expire_at on.
      const claimed = await db
        .updateTable('dub_tasks')
        .set({ expired_at: now, updated_at: now })
        .where('id', '=', task.id)
        .where('expire_at', '<=', now)
        .where('expired_at', 'is', null)
        .where('state', '!=', 'dubbing')
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) continue;
      const iterations = await db.selectFrom('dub_iterations').select('outputs').where('task_id', '=', task.id).where('state', '!=', 'dubbing').execute();
      const syntheses = await db.selectFrom('dub_syntheses').select('video_blob').where('task_id', '=', task.id).execute();
      const names = new Set([...iterations.flatMap((i) => outputBlobs(i.outputs)), ...syntheses.flatMap((s) => (s.video_blob ? [s.video_blob] : []))]);
      const container = containerOf(task.user_id);
      for (const name of names) {
        await blobStore.delete(container, name);
        blobs++;
      }
      await db.updateTable('dub_syntheses').set({ expired_at: now, updated_at: now }).where('task_id', '=', task.id).where('expired_at', 'is', null).execute();
      tasks++;
    }
    if (tasks) log.info({ tasks, blobs }, 'deleted expired dubbing media');
    return { tasks, blobs };
  }

  return {
    sweep,
    ...periodicSweep(sweep, DUB_SWEEP_INTERVAL_MS, (error) => log.error({ err: error }, 'could not delete expired dubbing media')),
  };
}
