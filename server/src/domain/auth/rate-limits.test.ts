// The hourly caps behave the same in memory and on Redis (shared by every server instance).
import { afterAll, describe, expect, it } from 'vitest';
import { CODE_SENDS_PER_ADDRESS_PER_HOUR, FAILED_LOGINS_PER_ACCOUNT_PER_HOUR } from '../../../../src/shared/contract/limits';
import { redisVariant, uniqueRedisPrefix } from '../../testing/redis-variant';
import { createRateLimits, type RateLimits } from './rate-limits';

const redis = await redisVariant('Redis variant');

const variants = [
  { name: 'memory', url: null as string | null, skip: null as string | null },
  { name: 'redis', url: redis.url, skip: redis.skipReason },
];

describe.each(variants)('rate limits in $name', ({ url, skip }) => {
  const opened: RateLimits[] = [];
  afterAll(async () => {
    await Promise.all(opened.map((l) => l.close()));
  });
  const limits = () => {
    const created = createRateLimits(url, uniqueRedisPrefix());
    opened.push(created);
    return created;
  };

  it.skipIf(skip)(`allows ${CODE_SENDS_PER_ADDRESS_PER_HOUR} code sends per address`, async () => {
    const l = limits();
    for (let i = 0; i < CODE_SENDS_PER_ADDRESS_PER_HOUR; i++) expect(await l.takeCodeSend('a@example.com')).toBe(true);
    expect(await l.takeCodeSend('a@example.com')).toBe(false);
    expect(await l.takeCodeSend('b@example.com')).toBe(true);
  });

  it.skipIf(skip)(`locks after ${FAILED_LOGINS_PER_ACCOUNT_PER_HOUR} failed logins`, async () => {
    const l = limits();
    for (let i = 0; i < FAILED_LOGINS_PER_ACCOUNT_PER_HOUR - 1; i++) await l.recordFailedLogin('acct');
    expect(await l.isLoginLocked('acct')).toBe(false);
    await l.recordFailedLogin('acct');
    expect(await l.isLoginLocked('acct')).toBe(true);
    expect(await l.isLoginLocked('other')).toBe(false);
  });

  it.skipIf(skip)('two limiters with the same prefix share counts (what lets instances share Redis)', async () => {
    if (!url) return; // memory limiters are per process by design
    const prefix = `parley-shared-${Date.now()}`;
    const a = createRateLimits(url, prefix);
    const b = createRateLimits(url, prefix);
    opened.push(a, b);
    for (let i = 0; i < CODE_SENDS_PER_ADDRESS_PER_HOUR; i++) expect(await a.takeCodeSend('shared@example.com')).toBe(true);
    expect(await b.takeCodeSend('shared@example.com')).toBe(false);
  });
});
