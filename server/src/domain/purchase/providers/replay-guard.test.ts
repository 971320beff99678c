// The replay guard: an id is claimed once within its window, given back on failure, free again after
// the window; with Redis, two instances share the ids (a replay sent to the other instance is refused).
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { redisVariant, uniqueRedisPrefix } from '../../../testing/redis-variant';
import { MemoryReplayGuard, RedisReplayGuard } from './replay-guard';

describe('in-memory replay guard', () => {
  it('claims once, frees on release, and forgets after the window', async () => {
    let now = 1_000_000;
    const guard = new MemoryReplayGuard(() => now);
    expect(await guard.claim('wechat:EV-1', 600)).toBe(true);
    expect(await guard.claim('wechat:EV-1', 600)).toBe(false);
    expect(await guard.claim('alipay:EV-1', 600)).toBe(true);
    await guard.release('wechat:EV-1');
    expect(await guard.claim('wechat:EV-1', 600)).toBe(true);
    now += 599_000;
    expect(await guard.claim('wechat:EV-1', 600)).toBe(false);
    now += 2_000;
    expect(await guard.claim('wechat:EV-1', 600)).toBe(true);
  });
});

const redis = await redisVariant('Redis replay guard test');

describe.skipIf(redis.skipReason)('Redis replay guard', () => {
  const prefix = uniqueRedisPrefix('pay-notify-test');
  const one = new RedisReplayGuard(redis.url, prefix);
  const two = new RedisReplayGuard(redis.url, prefix);
  afterAll(async () => {
    await one.close();
    await two.close();
  });

  it('shares claims between instances, with the window as the key expiry', async () => {
    expect(await one.claim('paypal:WH-1', 1200)).toBe(true);
    expect(await two.claim('paypal:WH-1', 1200)).toBe(false);
    const probe = new Redis(redis.url);
    try {
      const ttl = await probe.ttl(`${prefix}:paypal:WH-1`);
      expect(ttl).toBeGreaterThan(1100);
      expect(ttl).toBeLessThanOrEqual(1200);
    } finally {
      probe.disconnect();
    }
    await one.release('paypal:WH-1');
    expect(await two.claim('paypal:WH-1', 1200)).toBe(true);
  });

  it('lets exactly one of 50 parallel claims of one id win', async () => {
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? one : two).claim('wechat:BURST', 600)));
    expect(results.filter(Boolean)).toHaveLength(1);
  });
});
