// Issue 9: sign-in limits hold under concurrency, in memory and on Redis alike. Attempts are
// reserved before the password hash, per account and per client address; an account under attack
// answers with a code challenge its owner passes, so a stranger cannot lock anyone out.
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_MAX_WRONG_ATTEMPTS, FAILED_LOGINS_PER_ACCOUNT_PER_HOUR } from '../../../src/shared/contract/limits';
import { buildApp } from '../app';
import { latestCodeFor, uniqueEmail } from '../testing/inject';
import { redisVariant, uniqueRedisPrefix } from '../testing/redis-variant';
import { sqliteTestConfig } from '../testing/test-config';

const redis = await redisVariant('Redis variant of the sign-in limits');
const PER_CLIENT = 100;

const variants = [
  { name: 'memory', redisUrl: null as string | null, skip: null as string | null },
  { name: 'redis', redisUrl: redis.url, skip: redis.skipReason },
];

describe.each(variants)('sign-in limits under concurrency ($name)', ({ redisUrl, skip }) => {
  const config = sqliteTestConfig({ redisUrl, clientAttemptsPerHour: PER_CLIENT });
  let app: FastifyInstance;
  beforeAll(async () => {
    if (skip) return;
    app = await buildApp(config, { rateLimitPrefix: uniqueRedisPrefix('parley-limits') });
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(config.dataDir, { recursive: true, force: true });
  });

  /** A call from the given client address, envelope decoded. */
  async function post(url: string, body: unknown, remoteAddress = '192.0.2.1') {
    const response = await app.inject({ method: 'POST', url: `/prod-api${url}`, payload: body as object, remoteAddress });
    return JSON.parse(response.body) as { code: number; msg: string; data: any };
  }

  async function register(email: string, password: string) {
    expect((await post('/auth/c/getValidCode', { username: email, scene: 'register' })).code).toBe(200);
    const code = await latestCodeFor(app, email);
    expect((await post('/auth/c/doLoginByValidCode', { username: email, code, password })).code).toBe(200);
  }

  it.skipIf(skip)('300 parallel wrong passwords get exactly the hourly allowance evaluated; then the right one is challenged, and the owner gets in by code', async () => {
    const email = uniqueEmail('burst');
    await register(email, 'secret123');

    // Each from its own address, so only the per-account reservation can stop them.
    const burst = await Promise.all(
      Array.from({ length: 300 }, (_, i) => post('/auth/c/doLogin', { username: email, password: `wrong${i}abc` }, `10.9.${i >> 8}.${i & 255}`)),
    );
    const evaluated = burst.filter((a) => a.msg === 'Wrong account or password');
    const challenged = burst.filter((a) => a.code === 429);
    expect(evaluated).toHaveLength(FAILED_LOGINS_PER_ACCOUNT_PER_HOUR);
    expect(challenged).toHaveLength(300 - FAILED_LOGINS_PER_ACCOUNT_PER_HOUR);
    expect(challenged[0]!.msg).toBe('Too many wrong passwords for this account. Sign in with a verification code instead');

    // The right password is refused too: the account now asks for a code.
    const right = await post('/auth/c/doLogin', { username: email, password: 'secret123' }, '198.51.100.7');
    expect(right).toMatchObject({ code: 429, msg: 'Too many wrong passwords for this account. Sign in with a verification code instead' });

    // The owner takes the challenge: a code to their mailbox signs them in…
    expect((await post('/auth/c/getValidCode', { username: email, scene: 'login' }, '198.51.100.7')).code).toBe(200);
    const code = await latestCodeFor(app, email);
    const byCode = await post('/auth/c/doLoginByValidCode', { username: email, code }, '198.51.100.7');
    expect(byCode.code).toBe(200);
    expect(byCode.data.token).toBeTruthy();
    // …and clears the stranger's count, so their password works again.
    expect((await post('/auth/c/doLogin', { username: email, password: 'secret123' }, '198.51.100.7')).code).toBe(200);
  }, 120_000);

  it.skipIf(skip)(`one client address gets at most ${PER_CLIENT} sign-in attempts an hour across all accounts`, async () => {
    const burst = await Promise.all(
      Array.from({ length: 250 }, (_, i) => post('/auth/c/doLogin', { username: uniqueEmail(`spray${i}`), password: 'guess1234' }, '203.0.113.9')),
    );
    expect(burst.filter((a) => a.msg === 'Wrong account or password')).toHaveLength(PER_CLIENT);
    expect(burst.filter((a) => a.msg === 'Too many attempts, please try again later')).toHaveLength(250 - PER_CLIENT);
    // Another address is not affected.
    expect((await post('/auth/c/doLogin', { username: uniqueEmail(), password: 'guess1234' }, '203.0.113.10')).msg).toBe('Wrong account or password');
  }, 120_000);

  it.skipIf(skip)(`a burst of wrong codes gets at most ${CODE_MAX_WRONG_ATTEMPTS} compared; the code is then burnt`, async () => {
    const email = uniqueEmail('codeburst');
    await register(email, 'secret123');
    expect((await post('/auth/c/getValidCode', { username: email, scene: 'login' }, '198.51.100.20')).code).toBe(200);
    const code = (await latestCodeFor(app, email))!;
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
    const burst = await Promise.all(
      Array.from({ length: 60 }, (_, i) => post('/auth/c/doLoginByValidCode', { username: email, code: wrong(i) }, `10.8.0.${i}`)),
    );
    expect(burst.every((a) => a.code === 400)).toBe(true);
    const attempts = await app.db.selectFrom('verification_codes').select('attempts').where('target', '=', email).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    expect(attempts.attempts).toBe(CODE_MAX_WRONG_ATTEMPTS);
    // Even the right code no longer works once the guesses used it up.
    expect((await post('/auth/c/doLoginByValidCode', { username: email, code }, '198.51.100.20')).code).toBe(400);
  }, 60_000);

  it.skipIf(skip)(`one client address gets at most ${PER_CLIENT} code checks an hour`, async () => {
    const burst = await Promise.all(
      Array.from({ length: 150 }, (_, i) => post('/auth/c/doLoginByValidCode', { username: uniqueEmail(`cc${i}`), code: '123456', password: 'secret123' }, '203.0.113.30')),
    );
    expect(burst.filter((a) => a.msg === 'Too many attempts, please try again later')).toHaveLength(150 - PER_CLIENT);
  }, 60_000);
});
