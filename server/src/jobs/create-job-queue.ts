// Picks the queue back-end from the configuration: BullMQ when REDIS_URL is set, else in-process.
import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { Database } from '../db/schema';
import { createBullmqQueue } from './bullmq-queue';
import { createInProcessQueue } from './in-process-queue';
import type { JobQueue } from '../domain/jobs/job-queue.port';

export function createJobQueue(options: {
  db: Kysely<Database>;
  clock: Clock;
  redisUrl: string | null;
  prefix?: string;
  log: { error(obj: unknown, msg?: string): void };
}): JobQueue {
  if (options.redisUrl) return createBullmqQueue({ ...options, redisUrl: options.redisUrl });
  return createInProcessQueue(options);
}
