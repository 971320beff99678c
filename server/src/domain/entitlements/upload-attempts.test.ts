// Upload attempts are read from the user's replay inside the charge's transaction, and a write
// through the service carries the held replay forward: both must agree with what another instance
// (its own service on the same database) and a direct ledger write see.
import SQLite from 'better-sqlite3';
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { systemClock } from '../../clock';
import { createUser } from '../session/users';
import { sqliteTestConfig } from '../../testing/test-config';
import { createEntitlements } from './entitlements-service';
import { appendEntry } from './ledger';
import { chargeUpload, refundUpload } from './upload-charges';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildApp(sqliteTestConfig({ logLevel: 'silent', trialMinutes: 0 }));
});
afterAll(async () => {
  const dir = app.services.config.dataDir;
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const keys = async (userId: string) =>
  (await app.db.selectFrom('ledger_entries').select(['source_key', 'kind']).where('user_id', '=', userId).orderBy('id').execute()).map((r) => `${r.kind} ${r.source_key}`);

describe('upload attempts and the held replay', () => {
  it('charges an attempt once, a new attempt after a refund, and agrees with another instance', async () => {
    const user = await createUser(app.db, systemClock, { kind: 'email', value: `attempts-${Date.now()}@t.local` }, 'secret123');
    const here = app.services.entitlements;
    // Another instance: its own service (and cache) on the same database.
    const there = createEntitlements({ db: app.db, clock: systemClock, config: app.services.config });
    await here.credit(user.id, { account: 'duration', kind: 'purchase', sourceKey: `p:${user.id}`, seconds: 600 });
    expect((await there.account(user)).state.packSeconds.duration).toBe(600);

    await chargeUpload(app.db, here, user, { recordId: 'r1', seconds: 100, note: 'a' });
    await chargeUpload(app.db, there, user, { recordId: 'r1', seconds: 100, note: 'a' });
    await chargeUpload(app.db, here, user, { recordId: 'r1', seconds: 100, note: 'a' });
    expect((await here.account(user)).state.packSeconds.duration).toBe(500);
    expect((await there.account(user)).state.packSeconds.duration).toBe(500);

    await refundUpload(app.db, there, 'r1');
    expect((await here.account(user)).state.packSeconds.duration).toBe(600);
    await chargeUpload(app.db, here, user, { recordId: 'r1', seconds: 100, note: 'a' });
    // A write that bypasses the service (a voucher) is seen by both through the row count.
    await appendEntry(app.db, { userId: user.id, account: 'duration', kind: 'voucher', sourceKey: `v:${user.id}`, seconds: 50, createdAt: new Date().toISOString() });
    expect((await here.account(user)).state.packSeconds.duration).toBe(550);
    expect((await there.account(user)).state.packSeconds.duration).toBe(550);
    expect(await keys(user.id)).toEqual([
      `purchase p:${user.id}`,
      'consumption upload:r1:1',
      'refund refund:upload:r1:1',
      'consumption upload:r1:2',
      `voucher v:${user.id}`,
    ]);
  });

  it('charges nothing and reads nothing under BILLING=off', async () => {
    const off = createEntitlements({ db: app.db, clock: systemClock, config: { ...app.services.config, billing: false } });
    const user = await createUser(app.db, systemClock, { kind: 'email', value: `off-${Date.now()}@t.local` }, 'secret123');
    await chargeUpload(app.db, off, user, { recordId: 'r2', seconds: 100, note: 'b' });
    expect(await keys(user.id)).toEqual([]);
  });

  it('charges from the held rows in one statement, and checks again when another writer moved the count', async () => {
    const user = await createUser(app.db, systemClock, { kind: 'email', value: `held-${Date.now()}@t.local` }, 'secret123');
    const here = app.services.entitlements;
    const there = createEntitlements({ db: app.db, clock: systemClock, config: app.services.config });
    await here.credit(user.id, { account: 'duration', kind: 'purchase', sourceKey: `p:${user.id}`, seconds: 300 });
    await here.account(user);
    // Every statement run, prepared now or earlier (the driver keeps prepared statements).
    const statementProto = Object.getPrototypeOf(new SQLite(':memory:').prepare('select 1')) as Record<'run' | 'all' | 'get' | 'iterate', (...args: unknown[]) => unknown>;
    const originals = { run: statementProto.run, all: statementProto.all, get: statementProto.get, iterate: statementProto.iterate };
    const statements: string[] = [];
    for (const method of ['run', 'all', 'get', 'iterate'] as const) {
      statementProto[method] = function (this: SQLite.Statement, ...args: unknown[]) {
        statements.push(this.source);
        return originals[method].apply(this, args);
      };
    }
    try {
      await chargeUpload(app.db, here, user, { recordId: 'h1', seconds: 100, note: 'a' });
      // The user's zone is known from the account read; the charge is its one insert (no begin/commit, no read).
      expect(statements).toHaveLength(1);
      expect(statements[0]).toMatch(/^\s*insert or ignore into ledger_entries/);
    } finally {
      Object.assign(statementProto, originals);
    }
    // Another instance charges the rest: the rows held here are one short, so the next charge is
    // checked again from the table and refused rather than spending the same seconds twice.
    await chargeUpload(app.db, there, user, { recordId: 'h2', seconds: 200, note: 'b' });
    await expect(chargeUpload(app.db, here, user, { recordId: 'h3', seconds: 100, note: 'c' })).rejects.toMatchObject({ code: 92505000 });
    // Two charges of one attempt at once write it once.
    await there.credit(user.id, { account: 'duration', kind: 'purchase', sourceKey: `p2:${user.id}`, seconds: 300 });
    await Promise.all([1, 2].map(() => chargeUpload(app.db, here, user, { recordId: 'h4', seconds: 100, note: 'd' })));
    expect((await keys(user.id)).filter((key) => key.includes('upload:'))).toEqual(['consumption upload:h1:1', 'consumption upload:h2:1', 'consumption upload:h4:1']);
    expect((await there.account(user)).state.packSeconds.duration).toBe(200);
  });
});
