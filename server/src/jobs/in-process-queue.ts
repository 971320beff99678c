// The embedded queue: jobs run in this process, one at a time (recognition takes both cores of the
// target machine), oldest first, straight from the persisted rows.
import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { Database } from '../db/schema';
import type { JobDefinition, JobQueue } from '../domain/jobs/job-queue.port';
import { executeJob, jobRows } from './job-queue';

export function createInProcessQueue({ db, clock, log }: { db: Kysely<Database>; clock: Clock; log: { error(obj: unknown, msg?: string): void } }): JobQueue {
  const rows = jobRows(db, clock);
  const definitions = new Map<string, JobDefinition<unknown>>();
  const queued: string[] = [];
  const controller = new AbortController();
  let started = false;
  let running: Promise<void> | null = null;
  let idleWaiters: Array<() => void> = [];

  function settleIdle() {
    if (running || queued.length > 0) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    waiters.forEach((resolve) => resolve());
  }

  function pump() {
    if (!started || running || controller.signal.aborted) return settleIdle();
    const id = queued.shift();
    if (id === undefined) return settleIdle();
    running = (async () => {
      const row = await rows.claim(id);
      if (!row) return;
      const outcome = await executeJob(rows, definitions, row, controller.signal, log);
      if (outcome === 'retry') queued.push(id);
    })()
      .catch((error: unknown) => log.error({ err: error, jobId: id }, 'job runner failed'))
      .finally(() => {
        running = null;
        pump();
      });
  }

  return {
    backend: 'in-process',
    healthy: async () => true,
    define(definition) {
      definitions.set(definition.kind, definition as JobDefinition<unknown>);
    },
    async enqueue(kind, payload, options = {}) {
      const id = await rows.insert(kind, payload, options.recordId ?? null);
      queued.push(id);
      pump();
      return id;
    },
    async start() {
      started = true;
      for (const id of await rows.recover()) if (!queued.includes(id)) queued.push(id);
      pump();
    },
    whenIdle() {
      if (!running && queued.length === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    async close() {
      controller.abort();
      queued.length = 0;
      await running;
      settleIdle();
    },
  };
}
