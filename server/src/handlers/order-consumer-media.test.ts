// order/consumer/media on SQLite and PostgreSQL: charges a record's own length to the caller's
// balance once per use (a repeated upload charge is a no-op, a re-dubbing pays the re-dubbing
// price, concurrent calls charge once), refuses another user's record and an empty balance with
// the ledger unchanged, and leaves live interpreting to the meeting's own metering.
import { describe, expect, it } from 'vitest';
import { grantToUserId } from '../domain/entitlements/grants';
import { useRecordsTestApp, type TestUser } from '../testing/records-test-kit';
import { databaseVariants } from '../testing/database-variants';

const variants = await databaseVariants();

describe.each(variants)('order/consumer/media on $name', (variant) => {
  const kit = useRecordsTestApp(variant, { trialMinutes: 10 });
  const ledgerOf = (who: TestUser) => kit.app.db.selectFrom('ledger_entries').selectAll().where('user_id', '=', who.user.id).execute();
  const consume = (who: TestUser, body: object, lang?: string) => kit.post('/order/consumer/media', who, body, lang);

  describe.skipIf(variant.skipReason)('', () => {
    it('charges an upload from the record’s own length, once however often it is asked', async () => {
      const who = await kit.signUp('upload');
      const record = await kit.seedRecord(who, { durationMs: 120_000 });
      const first = await consume(who, { transId: record, sourceType: '1', duration: 1 });
      expect(first).toMatchObject({ code: 200, data: { enough: true, cost: 120, balance: 480 } });
      expect((await consume(who, { transId: record, sourceType: '1', duration: 1 })).data.balance).toBe(480);
      const charges = (await ledgerOf(who)).filter((r) => r.kind === 'consumption');
      expect(charges).toHaveLength(1);
      expect(charges[0]).toMatchObject({ seconds: -120, usage: 'upload', record_id: record });
    });

    it('charges a dubbing in full, then at the re-dubbing price; concurrent calls are successive dubbings, priced in turn', async () => {
      const who = await kit.signUp('dub');
      await grantToUserId(kit.app.db, kit.clock, who.user.id, '5', 1);
      const record = await kit.seedRecord(who, { durationMs: 600_000 });
      const dubbings = () => ledgerOf(who).then((rows) => rows.filter((r) => r.kind === 'consumption' && r.usage === 'dubbing'));
      expect((await consume(who, { transId: record, sourceType: '5', duration: 0 })).data).toMatchObject({ cost: 600, balance: 3_000 });
      expect((await consume(who, { transId: record, sourceType: '5', duration: 0 })).data.cost).toBe(0);
      expect((await consume(who, { transId: record, sourceType: '5', duration: 0 })).data.cost).toBe(300);
      // 1 h pack: 600 + 0 + 300 used, 2 700 s left = 9 more re-dubbings; a burst of 12 gets 9, the rest refused (no dubbing right without pack time: 92505003).
      const burst = await Promise.all(Array.from({ length: 12 }, () => consume(who, { transId: record, sourceType: '5', duration: 0 })));
      expect(burst.filter((a) => a.code === 200 && a.data.cost === 300)).toHaveLength(9);
      expect(burst.filter((a) => a.code !== 200).map((a) => a.code), JSON.stringify(burst.map((a) => [a.code, a.data]))).toEqual([92505003, 92505003, 92505003]);
      const rows = await dubbings();
      expect(rows).toHaveLength(12);
      expect(new Set(rows.map((r) => r.source_key)).size).toBe(12);
      expect(rows.reduce((sum, r) => sum + r.seconds, 0)).toBe(-3_600);
    });

    it('refuses another user’s record, an empty balance and live interpreting, translated, the ledger unchanged', async () => {
      const owner = await kit.signUp('owner');
      const other = await kit.signUp('other');
      const record = await kit.seedRecord(owner, { durationMs: 60_000 });
      await kit.app.services.entitlements.account(other.user);
      const before = (await ledgerOf(other)).length;
      const foreign = await consume(other, { transId: record, sourceType: '1', duration: 60 });
      expect(foreign.code).not.toBe(200);
      const own = await kit.seedRecord(other, { durationMs: 3_600_000 });
      const broke = await consume(other, { transId: own, sourceType: '5', duration: 0 }, 'zh-CN');
      expect(broke.code).toBe(92505003);
      const live = await consume(other, { transId: own, sourceType: '2', duration: 60 });
      expect(live).toMatchObject({ code: 400, msg: 'Live interpreting is charged by the meeting itself while it runs' });
      expect((await ledgerOf(other)).length).toBe(before);
      expect((await ledgerOf(owner)).filter((r) => r.kind === 'consumption')).toHaveLength(0);
    });
  });
});
