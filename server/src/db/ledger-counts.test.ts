// Migration 0026: each user's number of ledger rows is kept by a trigger on both databases, starts
// from the rows already there, follows every append (through the service or straight into the
// table) and goes with the account; a charge from held rows writes only while it still holds.
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { systemClock } from '../clock';
import { appendEntry, appendRowIfCount, ledgerCount, type NewLedgerEntry } from '../domain/entitlements/ledger';
import { createUser } from '../domain/session/users';
import { databaseVariants } from '../testing/database-variants';
import * as ledgerCounts from './migrations/0026_ledger_counts';

const variants = await databaseVariants();

const entry = (userId: string, sourceKey: string): NewLedgerEntry => ({
  userId,
  account: 'duration',
  kind: 'consumption',
  sourceKey,
  seconds: -60,
  usage: 'upload',
  usageDay: '2026-12-01',
  createdAt: new Date().toISOString(),
});

describe.each(variants)('ledger counts on $name', (variant) => {
  it.skipIf(variant.skipReason)('start from the rows there, follow appends, and hold a conditional append to the count', async () => {
    const { config, cleanup } = await variant.create({ logLevel: 'silent' });
    const app = await buildApp(config);
    try {
      const db = app.db;
      const [a, b] = await Promise.all(['a', 'b'].map((name) => createUser(db, systemClock, { kind: 'email', value: `${name}-${Date.now()}@counts.test` }, 'secret123')));
      for (let i = 0; i < 3; i++) await appendEntry(db, entry(a!.id, `a${i}`));
      await appendEntry(db, entry(b!.id, 'b0'));
      expect([await ledgerCount(db, a!.id), await ledgerCount(db, b!.id)]).toEqual([3, 1]);

      // Rebuilt from the table when the migration runs on a ledger that has rows already.
      await ledgerCounts.down(db as unknown as Kysely<unknown>);
      await sql`insert into ledger_entries (id, user_id, account, kind, source_key, seconds, allowance_seconds, created_at)
        values ('zz-direct', ${a!.id}, 'duration', 'grant', 'direct-grant', 60, 0, '2026-12-01T00:00:00Z')`.execute(db);
      await ledgerCounts.up(db as unknown as Kysely<unknown>);
      expect(await ledgerCount(db, a!.id)).toBe(4);

      // A key already written adds nothing; a stale count writes nothing (the held-rows charge is SQLite's).
      expect(await appendEntry(db, entry(a!.id, 'a0'))).toBe(false);
      if (variant.name === 'sqlite') {
        expect(await appendRowIfCount(db, entry(a!.id, 'stale'), 3)).toBeNull();
        expect(await appendRowIfCount(db, entry(a!.id, 'fresh'), 4)).not.toBeNull();
      } else {
        expect(await appendEntry(db, entry(a!.id, 'fresh'))).toBe(true);
      }
      expect(await ledgerCount(db, a!.id)).toBe(5);
      const counted = await db.selectFrom('ledger_entries').select((eb) => eb.fn.countAll<string | number>().as('n')).where('user_id', '=', a!.id).executeTakeFirstOrThrow();
      expect(Number(counted.n)).toBe(5);

      await db.deleteFrom('users').where('id', '=', b!.id).execute();
      expect(await db.selectFrom('ledger_counts').selectAll().where('user_id', '=', b!.id).execute()).toEqual([]);
      expect(await ledgerCount(db, a!.id)).toBe(5);
    } finally {
      await app.close();
      await cleanup();
    }
  });
});
