// The scale-out queue (REDIS_URL): BullMQ carries job ids, so any server instance's worker can run
// a job another instance enqueued; the `jobs` rows keep status, attempts, progress and errors as in
// the embedded queue. Retries are ours (executeJob), not BullMQ's, so both back-ends count alike.
import { Queue, Worker } from 'bullmq';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { Database } from '../db/schema';
import type { JobDefinition, JobQueue } from '../domain/jobs/job-queue.port';
import { executeJob, jobRows } from './job-queue';

const QUEUE_NAME = 'parley-jobs';

const HEALTH_PING_TIMEOUT_MS = 2_000;

export function createBullmqQueue({
  db,
  clock,
  redisUrl,
  prefix = 'parley',
  log,
}: {
  db: Kysely<Database>;
  clock: Clock;
  redisUrl: string;
  prefix?: string;
  log: { error(obj: unknown, msg?: string): void };
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

  function settleIdle() {
    if (active > 0 || mine.size > 0) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    waiters.forEach((resolve) => resolve());
  }

  // A retried job is a new BullMQ job (BullMQ keeps finished ids), so the attempt goes in its id.
  const schedule = (id: string, attempt: number) =>
    queue.add('run', { id }, { jobId: `${id}.${attempt}`, removeOnComplete: true, removeOnFail: 1000 });

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
      // Rows left pending or running by a stopped instance are scheduled again; BullMQ ignores an
      // id it already holds, so two instances starting together do not run a job twice.
      for (const id of await rows.recover()) {
        const row = await rows.get(id);
        mine.add(id);
        await schedule(id, row?.attempts ?? 0);
      }
      worker = new Worker(
        QUEUE_NAME,
        async (job) => {
          const id = (job.data as { id: string }).id;
          active += 1;
          try {
            const row = await rows.claim(id);
            if (!row) return;
            const outcome = await executeJob(rows, definitions, row, controller.signal, log);
            if (outcome === 'retry') await schedule(id, row.attempts);
            else mine.delete(id);
          } finally {
            active -= 1;
            settleIdle();
          }
        },
        { connection, prefix, concurrency: 1 },
      );
      worker.on('error', (error) => log.error({ err: error }, 'job worker error'));
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
