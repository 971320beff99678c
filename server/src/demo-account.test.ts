// One demo password across instances: with a shared database only the instance that makes the
// account prints a password (the others say it exists), and DEMO_PASSWORD is the same everywhere.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { systemClock } from './clock';
import { loadConfig } from './config';
import { createDatabase } from './db/dialect';
import { migrateToLatest } from './db/migrate';
import type { Database } from './db/schema';
import { DEMO_EMAIL, ensureDemoAccount } from './demo-account';
import { verifyPassword } from './domain/session/passwords';
import { sqliteTestConfig } from './testing/test-config';

const config = sqliteTestConfig();
let db: Kysely<Database>;
beforeAll(async () => {
  db = createDatabase(config.database);
  await migrateToLatest(db);
});
afterAll(async () => {
  await db.destroy();
  fs.rmSync(config.dataDir, { recursive: true, force: true });
});

const works = async (password: string) =>
  verifyPassword((await db.selectFrom('users').select('password_hash').where('email', '=', DEMO_EMAIL).executeTakeFirstOrThrow()).password_hash, password);

describe('the demo account across instances', () => {
  it('on a shared database, a second instance prints no password and the first one keeps working', async () => {
    const first = await ensureDemoAccount(db, systemClock, { password: null, sharedDatabase: true });
    const second = await ensureDemoAccount(db, systemClock, { password: null, sharedDatabase: true });
    expect(first.password).toEqual(expect.any(String));
    expect(second).toEqual({ email: DEMO_EMAIL, password: null });
    expect(await works(first.password!)).toBe(true);
  });

  it('with DEMO_PASSWORD every instance prints that one and it works', async () => {
    const a = await ensureDemoAccount(db, systemClock, { password: 'Shared2demo', sharedDatabase: true });
    const b = await ensureDemoAccount(db, systemClock, { password: 'Shared2demo', sharedDatabase: true });
    expect([a.password, b.password]).toEqual(['Shared2demo', 'Shared2demo']);
    expect(await works('Shared2demo')).toBe(true);
  });

  it('on a database of its own, each start prints a fresh password (the logged one stops working)', async () => {
    const before = await ensureDemoAccount(db, systemClock, { password: null, sharedDatabase: false });
    const after = await ensureDemoAccount(db, systemClock, { password: null, sharedDatabase: false });
    expect(after.password).not.toBe(before.password);
    expect([await works(before.password!), await works(after.password!)]).toEqual([false, true]);
  });

  it('refuses a weak DEMO_PASSWORD at start, naming the setting', () => {
    expect(() => loadConfig({ DEMO_PASSWORD: 'short' })).toThrow(/DEMO_PASSWORD/);
    expect(loadConfig({ DEMO_PASSWORD: 'Shared2demo' }).demoPassword).toBe('Shared2demo');
  });
});
