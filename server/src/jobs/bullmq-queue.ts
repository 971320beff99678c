// The scale-out queue (REDIS_URL): BullMQ carries job ids, so any server instance's worker can run
// a job another instance enqueued; the `jobs` rows keep status, attempts, progress and errors as in
// the embedded queue. Retries are ours (executeJob), not BullMQ's, so both back-ends count alike.
import { Queue, Worker } from 'bullmq';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { Database } from '../db/schema';
import type { JobDefinition, JobQueue } from '../domain/jobs/job-queue.port';
import { bullmqJobId, claimForDelivery, failAbandoned, LOCK_DURATION_MS, MAX_STALLED_COUNT, recoverRows, STALLED_INTERVAL_MS } from './bullmq-recovery';
import { executeJob, jobRows } from './job-queue';

const QUEUE_NAME = 'parley-jobs';

const HEALTH_PING_TIMEOUT_MS = 2_000;

export function createBullmqQueue({
  db,
  clock,
  redisUrl,
  prefix = 'parley',
  workerName,
  log,
  timing = { lockDurationMs: LOCK_DURATION_MS, stalledIntervalMs: STALLED_INTERVAL_MS },
}: {
  db: Kysely<Database>;
  clock: Clock;
  redisUrl: string;
  prefix?: string;
  /** Kept by BullMQ on each job this worker takes (its `processedBy`): which instance holds a job. */
  workerName?: string | undefined;
  log: { error(obj: unknown, msg?: string): void };
  /** Tests shorten these to see a dead worker's job handed on in seconds. */
  timing?: { lockDurationMs: number; stalledIntervalMs: number };
}): JobQueue {
  const rows = jobRows(db, clock);
  const definitions = new Map<string, JobDefinition<unknown>>();
  const connection = { url: redisUrl, maxRetriesPerRequest: null };
  const queue = new Queue(QUEUE_NAME, { connection, prefix });
  const controller = new AbortController();
  let worker: Worker | null = null;
  let active = 0;
  let idleWaiters: Array<() => void> = [];
  const mine = new Set<string>();
  /** The run of each BullMQ job in hand, stopped when this worker loses the job's lock. */
  const runs = new Map<string, AbortController>();

  function settleIdle() {
    if (active > 0 || mine.size > 0) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    waiters.forEach((resolve) => resolve());
  }

  // A retried job is a new BullMQ job (BullMQ keeps finished ids), so the attempt goes in its id.
  const schedule = (id: string, attempt: number) =>
    queue.add('run', { id }, { jobId: bullmqJobId(id, attempt), removeOnComplete: true, removeOnFail: 1000 });

  return {
    backend: 'bullmq',
    async healthy() {
      // ioredis queues commands while Redis is away instead of failing them; a bounded wait answers "not ready".
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), HEALTH_PING_TIMEOUT_MS);
      });
      const ping = queue.count().then(() => true, () => false);
      try {
        return await Promise.race([ping, timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
    define(definition) {
      definitions.set(definition.kind, definition as JobDefinition<unknown>);
    },
    async enqueue(kind, payload, options = {}) {
      const id = await rows.insert(kind, payload, options.recordId ?? null);
      mine.add(id);
      await schedule(id, 0);
      return id;
    },
    async start() {
      for (const id of await recoverRows(rows, queue, schedule)) mine.add(id);
      worker = new Worker(
        QUEUE_NAME,
        async (job) => {
          const id = (job.data as { id: string }).id;
          const run = new AbortController();
          runs.set(job.id!, run);
          const signal = AbortSignal.any([controller.signal, run.signal]);
          active += 1;
          try {
            const row = await claimForDelivery(rows, id, job);
            if (!row) return;
            const outcome = await executeJob(rows, definitions, row, signal, log);
            if (controller.signal.aborted) {
              // Shutting down mid-job: the row goes back to pending for another instance to run.
              if (await rows.requeue(id, row.attempts)) await schedule(id, row.attempts);
            } else if (outcome === 'retry') await schedule(id, row.attempts);
            else if (!run.signal.aborted) mine.delete(id);
          } finally {
            runs.delete(job.id!);
            active -= 1;
            settleIdle();
          }
        },
        {
          connection,
          prefix,
          concurrency: 1,
          ...(workerName ? { name: workerName } : {}),
          lockDuration: timing.lockDurationMs,
          stalledInterval: timing.stalledIntervalMs,
          maxStalledCount: MAX_STALLED_COUNT,
        },
      );
      worker.on('error', (error) => log.error({ err: error }, 'job worker error'));
      // Our lock expired (this process was stalled longer than the lock lives): another worker may
      // already run the job, so this run stops and leaves the row to it.
      worker.on('lockRenewalFailed', (jobIds: string[]) => jobIds.forEach((jobId) => runs.get(jobId)?.abort()));
      worker.on('failed', (job, error) => {
        if (job) void failAbandoned(rows, definitions, job, error, log).catch((err: unknown) => log.error({ err }, 'job worker error'));
      });
    },
    whenIdle() {
      if (active === 0 && mine.size === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    async close() {
      controller.abort();
      await worker?.close();
      await queue.close();
      mine.clear();
      settleIdle();
    },
  };
}
