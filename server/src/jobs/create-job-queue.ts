// Picks the queue back-end from the configuration: BullMQ when REDIS_URL is set, else in-process.
import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { Database } from '../db/schema';
import { createInProcessQueue } from './in-process-queue';
import type { JobQueue } from '../domain/jobs/job-queue.port';

export async function createJobQueue(options: {
  db: Kysely<Database>;
  clock: Clock;
  redisUrl: string | null;
  prefix?: string;
  /** The instance's name, kept by BullMQ on each job it runs (which instance holds a job). */
  workerName?: string | undefined;
  log: { error(obj: unknown, msg?: string): void };
}): Promise<JobQueue> {
  if (options.redisUrl) {
    // BullMQ is loaded only when it is used, so a server without Redis does not pay for it at start.
    const { createBullmqQueue } = await import('./bullmq-queue');
    return createBullmqQueue({ ...options, redisUrl: options.redisUrl });
  }
  return createInProcessQueue(options);
}
