// The app with REDIS_URL: code-send and failed-login caps live in Redis (shared by instances).
import fs from 'node:fs';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { CODE_SENDS_PER_ADDRESS_PER_HOUR } from '../../../src/shared/limits';
import { buildApp } from '../app';
import { call, uniqueEmail } from '../testing/inject';
import { sqliteTestConfig, TEST_REDIS_URL } from '../testing/test-config';

async function redisUnavailable(): Promise<string | null> {
  const probe = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1500, retryStrategy: () => null });
  try {
    await probe.connect();
    await probe.ping();
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    probe.disconnect();
  }
}

const redisProblem = await redisUnavailable();
if (redisProblem) console.warn(`Redis variant skipped: ${TEST_REDIS_URL} is unreachable (${redisProblem})`);

describe.skipIf(redisProblem)('sign-in limits with REDIS_URL', () => {
  const prefix = `parley-app-test-${Date.now()}`;
  const configs = [sqliteTestConfig({ redisUrl: TEST_REDIS_URL }), sqliteTestConfig({ redisUrl: TEST_REDIS_URL })];
  afterAll(() => {
    for (const config of configs) fs.rmSync(config.dataDir, { recursive: true, force: true });
  });

  it('two server instances share the code-send cap through Redis', async () => {
    const [one, two] = await Promise.all(configs.map((config) => buildApp(config, { rateLimitPrefix: prefix })));
    try {
      const email = uniqueEmail('redis');
      for (let i = 0; i < CODE_SENDS_PER_ADDRESS_PER_HOUR; i++) {
        const app = i % 2 === 0 ? one! : two!;
        expect((await call(app, 'POST', '/auth/c/getValidCode', { body: { username: email, scene: 'register' } })).code).toBe(200);
      }
      const blocked = await call(two!, 'POST', '/auth/c/getValidCode', { body: { username: email, scene: 'register' } });
      expect(blocked.code).toBe(429);
    } finally {
      await Promise.all([one!.close(), two!.close()]);
    }
  });
});
