// Both queue back-ends on the same rows: jobs run in order with progress kept, a failing job is
// retried then marked failed (a permanent error at once), and rows a stopped process left pending
// or running are picked up by the next start. BullMQ runs against 127.0.0.1:6379 with a unique
// prefix, and is skipped with a printed reason when Redis is not there.
import fs from 'node:fs';
import { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../clock';
import type { Database } from '../db/schema';
import { createDatabase } from '../db/dialect';
import { migrateToLatest } from '../db/migrate';
import { redisVariant, uniqueRedisPrefix } from '../testing/redis-variant';
import { sqliteTestConfig } from '../testing/test-config';
import { createBullmqQueue } from './bullmq-queue';
import { MAX_STALLED_COUNT } from './bullmq-recovery';
import { createInProcessQueue } from './in-process-queue';
import type { JobQueue } from '../domain/jobs/job-queue.port';
import { jobRows } from './job-queue';

const redisServer = await redisVariant('BullMQ queue tests');
const silentLog = { error: () => undefined };

const backends: Array<{ name: string; skip: string | null; make(db: Kysely<Database>, prefix: string): JobQueue }> = [
  { name: 'in-process', skip: null, make: (db) => createInProcessQueue({ db, clock: systemClock, log: silentLog }) },
  {
    name: 'bullmq',
    skip: redisServer.skipReason,
    make: (db, prefix) => createBullmqQueue({ db, clock: systemClock, redisUrl: redisServer.url, prefix, log: silentLog }),
  },
];

describe.each(backends)('$name job queue', (backend) => {
  const config = sqliteTestConfig();
  const prefix = uniqueRedisPrefix();
  let db: Kysely<Database>;

  beforeAll(async () => {
    db = createDatabase(config.database);
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await db.destroy();
    fs.rmSync(config.dataDir, { recursive: true, force: true });
    // Only BullMQ writes keys; the in-process queue must not need Redis even to clean up.
    if (backend.name === 'bullmq' && !backend.skip) {
      const redis = new Redis(redisServer.url);
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    }
  });

  it.skipIf(backend.skip)('runs jobs in order with progress, retries a failing one, fails a permanent error at once', async () => {
    const queue = backend.make(db, prefix);
    const ran: string[] = [];
    let flakyCalls = 0;
    queue.define<{ name: string }>({
      kind: 'work',
      async run(payload, ctx) {
        await ctx.reportProgress(50);
        ran.push(payload.name);
      },
    });
    queue.define<{ name: string }>({
      kind: 'flaky',
      maxAttempts: 2,
      async run() {
        flakyCalls += 1;
        throw new Error('always broken');
      },
    });
    const failedHooks: string[] = [];
    queue.define<{ name: string }>({
      kind: 'permanent',
      isPermanent: () => true,
      async run() {
        throw new Error('no engine');
      },
      async onFailed(payload) {
        failedHooks.push(payload.name);
      },
    });
    await queue.start();
    const first = await queue.enqueue('work', { name: 'a' });
    await queue.enqueue('work', { name: 'b' });
    const flaky = await queue.enqueue('flaky', { name: 'f' });
    const permanent = await queue.enqueue('permanent', { name: 'p' });
    await queue.whenIdle();
    await queue.close();

    expect(ran).toEqual(['a', 'b']);
    const rows = jobRows(db, systemClock);
    expect(await rows.get(first)).toMatchObject({ status: 'completed', progress: 100, attempts: 1, error: null });
    expect(flakyCalls).toBe(2);
    expect(await rows.get(flaky)).toMatchObject({ status: 'failed', attempts: 2, error: 'Error: always broken' });
    expect(await rows.get(permanent)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failedHooks).toEqual(['p']);
  });

  it.skipIf(backend.skip)('resumes rows left pending or running by a stopped process', async () => {
    const rows = jobRows(db, systemClock);
    const pending = await rows.insert('resume', { name: 'pending' }, null);
    const crashed = await rows.insert('resume', { name: 'crashed' }, null);
    await rows.claim(crashed); // a process died while running it

    const queue = backend.make(db, `${prefix}-2`);
    const ran: string[] = [];
    queue.define<{ name: string }>({ kind: 'resume', run: async (payload) => void ran.push(payload.name) });
    await queue.start();
    await queue.whenIdle();
    await queue.close();
    expect(ran.sort()).toEqual(['crashed', 'pending']);
    expect(await rows.get(pending)).toMatchObject({ status: 'completed' });
    expect(await rows.get(crashed)).toMatchObject({ status: 'completed', attempts: 2 });
  });

  it.skipIf(backend.skip || backend.name !== 'bullmq')('a job whose worker dies is taken over by another instance and completed once', async () => {
    const timing = { lockDurationMs: 1_000, stalledIntervalMs: 500 };
    const shared = `${prefix}-3`;
    const make = () => createBullmqQueue({ db, clock: systemClock, redisUrl: redisServer.url, prefix: shared, log: silentLog, timing });
    const rows = jobRows(db, systemClock);
    // Instance A takes the job and then stops doing anything, as a SIGKILLed process: its run never
    // ends and its lock is gone (deleted here rather than waited out).
    const dead = make();
    let unfreeze = () => undefined as void;
    dead.define({ kind: 'long', run: () => new Promise<void>((resolve) => (unfreeze = resolve)) });
    await dead.start();
    const id = await dead.enqueue('long', {});
    await waitUntil(async () => (await rows.get(id))?.status === 'running');
    const redis = new Redis(redisServer.url);
    await redis.del(`${shared}:parley-jobs:${id}.0:lock`);
    redis.disconnect();

    const survivor = make();
    const ranOnSurvivor: string[] = [];
    survivor.define({ kind: 'long', run: async () => void ranOnSurvivor.push(id) });
    await survivor.start();
    await waitUntil(async () => (await rows.get(id))?.status === 'completed');
    expect(ranOnSurvivor).toEqual([id]);
    expect(await rows.get(id)).toMatchObject({ status: 'completed', attempts: 1 });
    unfreeze();
    await survivor.close();
    await dead.close();
  }, 30_000);

  it.skipIf(backend.skip || backend.name !== 'bullmq')('an instance starting beside a running one leaves its running job alone', async () => {
    const shared = `${prefix}-4`;
    const make = () => createBullmqQueue({ db, clock: systemClock, redisUrl: redisServer.url, prefix: shared, log: silentLog });
    const rows = jobRows(db, systemClock);
    const running = make();
    let finish = () => undefined as void;
    running.define({ kind: 'busy', run: () => new Promise<void>((resolve) => (finish = resolve)) });
    await running.start();
    const id = await running.enqueue('busy', {});
    await waitUntil(async () => (await rows.get(id))?.status === 'running');

    const starting = make();
    const ranOnStarting: string[] = [];
    starting.define({ kind: 'busy', run: async () => void ranOnStarting.push(id) });
    await starting.start();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(ranOnStarting).toEqual([]);
    expect(await rows.get(id)).toMatchObject({ status: 'running', attempts: 1 });
    finish();
    await waitUntil(async () => (await rows.get(id))?.status === 'completed');
    expect(ranOnStarting).toEqual([]);
    await starting.close();
    await running.close();
  }, 30_000);

  it.skipIf(backend.skip || backend.name !== 'bullmq')('a job that took down every worker it ran on is failed once past the stall limit, and its failure hook runs', async () => {
    const timing = { lockDurationMs: 1_000, stalledIntervalMs: 300 };
    const shared = `${prefix}-5`;
    const rows = jobRows(db, systemClock);
    const redis = new Redis(redisServer.url);
    const hooks: string[] = [];
    const releases: Array<() => void> = [];
    const queues: JobQueue[] = [];
    const instance = (run: () => Promise<void>) => {
      const queue = createBullmqQueue({ db, clock: systemClock, redisUrl: redisServer.url, prefix: shared, log: silentLog, timing });
      queue.define({ kind: 'poison', run, onFailed: async () => void hooks.push('refund') });
      queues.push(queue);
      return queue;
    };
    // Three instances in turn take the job and "die" with it (their run hangs, their lock is gone).
    const hang = () => new Promise<void>((resolve) => releases.push(resolve));
    let id = '';
    for (let death = 0; death <= MAX_STALLED_COUNT; death += 1) {
      const dying = instance(hang);
      await dying.start();
      if (death === 0) id = await dying.enqueue('poison', {});
      await waitUntil(async () => releases.length === death + 1);
      await redis.del(`${shared}:parley-jobs:${id}.0:lock`);
    }
    const survivorRan: string[] = [];
    await instance(async () => void survivorRan.push(id)).start();
    await waitUntil(async () => (await rows.get(id))?.status === 'failed');
    expect(survivorRan).toEqual([]);
    expect(hooks).toEqual(['refund']);
    expect((await rows.get(id))?.error).toMatch(/stalled more than allowable limit/);
    redis.disconnect();
    // The dead runs coming back late do not turn the failed row into a completed one.
    releases.forEach((release) => release());
    for (const queue of queues) await queue.close();
    expect((await rows.get(id))?.status).toBe('failed');
  }, 60_000);
});

async function waitUntil(condition: () => Promise<boolean>, deadlineMs = 20_000): Promise<void> {
  const until = Date.now() + deadlineMs;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
