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
    for (let i = 0; i < CODE_SENDS_PER_ADDRESS_PER_HOUR; i++) expect(await l.takeCodeSend('a@example.com', `client${i}`)).toBe(true);
    expect(await l.takeCodeSend('a@example.com', 'client-new')).toBe(false);
    expect(await l.takeCodeSend('b@example.com', 'client-new')).toBe(true);
  });

  it.skipIf(skip)(`reserves ${FAILED_LOGINS_PER_ACCOUNT_PER_HOUR} sign-ins per account; a refund gives the try back; clearing forgets them`, async () => {
    const l = limits();
    const first = await l.reserveLogin('acct', 'c0');
    expect(first.ok).toBe(true);
    if (first.ok) await first.refund();
    for (let i = 0; i < FAILED_LOGINS_PER_ACCOUNT_PER_HOUR; i++) expect((await l.reserveLogin('acct', `c${i}`)).ok).toBe(true);
    expect(await l.reserveLogin('acct', 'c-last')).toEqual({ ok: false, refusedBy: 'target' });
    expect((await l.reserveLogin('other', 'c-last')).ok).toBe(true);
    await l.clearLogin('acct');
    expect((await l.reserveLogin('acct', 'c-last')).ok).toBe(true);
  });

  it.skipIf(skip)('a burst of parallel reservations never exceeds the allowance', async () => {
    const l = limits();
    const burst = await Promise.all(Array.from({ length: 200 }, (_, i) => l.reserveLogin('burst', `c${i}`)));
    expect(burst.filter((r) => r.ok)).toHaveLength(FAILED_LOGINS_PER_ACCOUNT_PER_HOUR);
  });

  it.skipIf(skip)('a client address is capped across targets', async () => {
    const created = createRateLimits(url, uniqueRedisPrefix(), 3);
    opened.push(created);
    for (let i = 0; i < 3; i++) expect((await created.reserveVoucher(`user${i}`, 'one-client')).ok).toBe(true);
    expect(await created.reserveVoucher('user9', 'one-client')).toEqual({ ok: false, refusedBy: 'client' });
    expect((await created.reserveVoucher('user9', 'other-client')).ok).toBe(true);
  });

  it.skipIf(skip)('two limiters with the same prefix share counts (what lets instances share Redis)', async () => {
    if (!url) return; // memory limiters are per process by design
    const prefix = `parley-shared-${Date.now()}`;
    const a = createRateLimits(url, prefix);
    const b = createRateLimits(url, prefix);
    opened.push(a, b);
    for (let i = 0; i < CODE_SENDS_PER_ADDRESS_PER_HOUR; i++) expect(await a.takeCodeSend('shared@example.com', `c${i}`)).toBe(true);
    expect(await b.takeCodeSend('shared@example.com', 'c-b')).toBe(false);
  });
});
