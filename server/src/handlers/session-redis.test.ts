// The app with REDIS_URL: code-send and failed-login caps live in Redis (shared by instances).
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { CODE_SENDS_PER_ADDRESS_PER_HOUR } from '../../../src/shared/contract/limits';
import { buildApp } from '../app';
import { call, uniqueEmail } from '../testing/inject';
import { redisVariant, uniqueRedisPrefix } from '../testing/redis-variant';
import { sqliteTestConfig } from '../testing/test-config';

const redis = await redisVariant('Redis variant');

describe.skipIf(redis.skipReason)('sign-in limits with REDIS_URL', () => {
  const prefix = uniqueRedisPrefix('parley-app-test');
  const configs = [sqliteTestConfig({ redisUrl: redis.url }), sqliteTestConfig({ redisUrl: redis.url })];
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
