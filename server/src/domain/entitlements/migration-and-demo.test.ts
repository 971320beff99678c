// Migration 0011 copies the voucher entitlements of 0007 into the ledger with the same outcome, and
// the demo account holds SVIP and a dubbing pack (topped up, not piled up, at each start).
import fs from 'node:fs';
import { Migrator, type Migration } from 'kysely';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../clock';
import { createDatabase } from '../../db/dialect';
import { migrateToLatest } from '../../db/migrate';
import * as m0001 from '../../db/migrations/0001_auth';
import * as m0002 from '../../db/migrations/0002_records';
import * as m0003 from '../../db/migrations/0003_record_counts';
import * as m0004 from '../../db/migrations/0004_uploads_jobs';
import * as m0005 from '../../db/migrations/0005_meetings';
import * as m0006 from '../../db/migrations/0006_transcript_extras';
import * as m0007 from '../../db/migrations/0007_vouchers';
import * as m0008 from '../../db/migrations/0008_stale_translations';
import * as m0009 from '../../db/migrations/0009_search';
import { ensureDemoAccount } from '../../demo-account';
import { sqliteTestConfig } from '../../testing/test-config';
import { createUser } from '../session/users';
import { lastEnd } from './balances';
import { createEntitlements } from './entitlements-service';

const BEFORE_0011: Record<string, Migration> = {
  '0001_auth': m0001, '0002_records': m0002, '0003_record_counts': m0003, '0004_uploads_jobs': m0004, '0005_meetings': m0005,
  '0006_transcript_extras': m0006, '0007_vouchers': m0007, '0008_stale_translations': m0008, '0009_search': m0009,
};

describe('migration 0011 and the demo account', () => {
  it('copies voucher entitlements into the ledger: memberships keep their end (SVIP still pushes VIP), packs their hours', async () => {
    const config = sqliteTestConfig({ trialMinutes: 0 });
    const db = createDatabase(config.database);
    try {
      await new Migrator({ db, provider: { getMigrations: async () => BEFORE_0011 } }).migrateToLatest();
      const user = await createUser(db, systemClock, { kind: 'email', value: 'old@example.com' }, 'secret123');
      const now = Date.now();
      const iso = (days: number) => new Date(now + days * 86_400_000).toISOString();
      // As 0007's redeemVoucher wrote them: VIP 10 days, then SVIP 30 days with its pushed VIP row, a pack.
      const rows = [
        { id: 'e1', package_type: '2', source_ref: 'V10', starts_at: iso(-1), valid_until: iso(9), credit_seconds: null, used_seconds: 0 },
        { id: 'e2', package_type: '1', source_ref: 'S30', starts_at: iso(0), valid_until: iso(30), credit_seconds: null, used_seconds: 0 },
        { id: 'e3', package_type: '2', source_ref: 'S30', starts_at: iso(9), valid_until: iso(39), credit_seconds: null, used_seconds: 0 },
        { id: 'e4', package_type: '3', source_ref: 'P5', starts_at: iso(0), valid_until: null, credit_seconds: 5 * 3_600, used_seconds: 600 },
      ] as const;
      for (const row of rows) {
        await db.insertInto('entitlements').values({ ...row, user_id: user.id, source: 'voucher', created_at: row.starts_at }).execute();
      }
      await migrateToLatest(db);

      const ledger = await db.selectFrom('ledger_entries').selectAll().where('user_id', '=', user.id).execute();
      expect(ledger.map((r) => r.source_key).sort()).toEqual(['voucher:P5', 'voucher:P5:used', 'voucher:S30', 'voucher:V10']);
      const account = await createEntitlements({ db, clock: systemClock, config }).account(user);
      expect(account.tier).toBe('svip');
      expect(lastEnd(account.state.svipPeriods, new Date())?.toISOString().slice(0, 13)).toBe(iso(30).slice(0, 13));
      // 9 VIP days were left when SVIP began: they run after it, as 0007's pushed row said.
      expect(lastEnd(account.state.vipPeriods, new Date())?.toISOString().slice(0, 13)).toBe(iso(39).slice(0, 13));
      expect(account.state.packSeconds.duration).toBe(5 * 3_600 - 600);
      expect((await db.selectFrom('packages').select('id').execute()).length).toBeGreaterThanOrEqual(8);
    } finally {
      await db.destroy();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    }
  });

  it('gives the demo account SVIP and a dubbing pack, without piling them up on every start', async () => {
    const config = sqliteTestConfig();
    const db = createDatabase(config.database);
    try {
      await migrateToLatest(db);
      await ensureDemoAccount(db, systemClock);
      await ensureDemoAccount(db, systemClock);
      const user = await db.selectFrom('users').selectAll().where('email', '=', 'demo@parley.local').executeTakeFirstOrThrow();
      const account = await createEntitlements({ db, clock: systemClock, config }).account(user);
      expect(account.tier).toBe('svip');
      expect(account.state.packSeconds.dubbing).toBe(10 * 3_600);
      expect(account.rule.features.screenCasting).toBe(true);
      expect((await db.selectFrom('ledger_entries').select('id').where('user_id', '=', user.id).where('kind', '=', 'grant').execute()).length).toBe(2);
    } finally {
      await db.destroy();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    }
  });
});
