// Issue 11 on SQLite and PostgreSQL: the ledger under load and over time. A burst of upload starts
// spends a balance exactly once; a failed job is refunded once; allowances roll over at the user's
// midnight; SVIP pushes a running VIP; bills list what the ledger holds; BILLING=off lifts it all.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { grantToUserId } from '../domain/entitlements/grants';
import { chargeUpload } from '../domain/entitlements/upload-charges';
import { useRecordsTestApp, type TestUser } from '../testing/records-test-kit';
import { SVIP, VIP } from '../domain/vouchers/package-types';
import { loadEngineConfig } from '../engines/config';
import { databaseVariants } from '../testing/database-variants';

const variants = await databaseVariants();
const HOUR = 3_600;
// Remote engines nobody answers: transwrite's engine check passes and the job then fails (refunded).
const engines = loadEngineConfig({ ASR_URL: 'http://127.0.0.1:9/', TRANSLATE_URL: 'http://127.0.0.1:9/' });

describe.each(variants)('entitlement ledger on $name', (variant) => {
  // Five minutes of trial: five uploads of one minute each.
  const kit = useRecordsTestApp(variant, { trialMinutes: 5, engines });

  const ledgerOf = (who: TestUser) => kit.app.db.selectFrom('ledger_entries').selectAll().where('user_id', '=', who.user.id).orderBy('created_at').orderBy('id').execute();

  async function uploadedMinute(who: TestUser): Promise<string> {
    const id = randomUUID();
    await kit.app.db
      .insertInto('media_files')
      .values({ id, user_id: who.user.id, object_name: `${who.user.id}/${id}.wav`, ori_file_name: 'minute.wav', size_bytes: 1_000, duration_ms: 60_000, format_name: 'wav', has_video: 0, folder_id: null, submitted_at: null, created_at: kit.clock.now().toISOString() })
      .execute();
    return id;
  }

  describe.skipIf(variant.skipReason)('', () => {
    it('charges a burst of 20 parallel upload starts exactly 5 times against a balance for 5, then refunds each failed job once', async () => {
      const who = await kit.signUp('burst');
      const ids = await Promise.all(Array.from({ length: 20 }, () => uploadedMinute(who)));
      const answers = await Promise.all(ids.map((id) => kit.post('/speech/audio/transcribe/transwrite', who, { ids: [id], showName: 'Burst', audioLanguage: 'en-US' })));
      const codes = answers.map((a) => a.code).sort();
      expect(codes.filter((c) => c === 200)).toHaveLength(5);
      expect(codes.filter((c) => c === 92505000)).toHaveLength(15);
      expect(answers.find((a) => a.code === 92505000)!.msg).toBe('Insufficient balance, please purchase and recharge');
      const charges = (await ledgerOf(who)).filter((r) => r.kind === 'consumption');
      expect(charges).toHaveLength(5);
      expect(charges.every((r) => r.seconds === -60 && r.usage === 'upload')).toBe(true);
      // Refused files are not claimed: they can be submitted again once paid for.
      const unclaimed = await kit.app.db.selectFrom('media_files').select('id').where('user_id', '=', who.user.id).where('submitted_at', 'is', null).execute();
      expect(unclaimed).toHaveLength(15);

      // The jobs fail (no engine answers): each charge is given back once, and the balance is whole again.
      await kit.app.services.jobs.whenIdle();
      const rows = await ledgerOf(who);
      expect(rows.filter((r) => r.kind === 'refund')).toHaveLength(5);
      expect((await kit.app.services.entitlements.account(who.user)).state.packSeconds.duration).toBe(300);
      // A second refund of the same charge writes nothing.
      expect(await kit.app.services.entitlements.refund(charges[0]!.source_key)).toBe(false);
      expect((await ledgerOf(who)).length).toBe(rows.length);
    }, 60_000);

    it('charges one attempt once, however often it is started; the answer is translated', async () => {
      const who = await kit.signUp('once');
      const id = await uploadedMinute(who);
      await chargeUpload(kit.app.db, kit.app.services.entitlements, who.user, { recordId: id, seconds: 60, note: 'x' });
      await chargeUpload(kit.app.db, kit.app.services.entitlements, who.user, { recordId: id, seconds: 60, note: 'x' });
      expect((await ledgerOf(who)).filter((r) => r.kind === 'consumption')).toHaveLength(1);
      const big = await uploadedMinute(who);
      await kit.app.db.updateTable('media_files').set({ duration_ms: 10 * 60_000 }).where('id', '=', big).execute();
      const refused = await kit.post('/speech/audio/transcribe/transwrite', who, { ids: [big], showName: 'Long' }, 'zh-TW');
      expect(refused).toMatchObject({ code: 92505000, msg: '餘額不足，請購買儲值' });
    });

    it('rolls the daily allowance over at midnight in the user’s own zone', async () => {
      const who = await kit.signUp('zone');
      await grantToUserId(kit.app.db, kit.clock, who.user.id, VIP, 30);
      const { entitlements } = kit.app.services;
      // The zone is fixed on first use from the client's X-Time-Zone.
      expect((await entitlements.account(who.user, 'Asia/Shanghai')).zone).toBe('Asia/Shanghai');
      expect((await entitlements.account(who.user, 'America/New_York')).zone).toBe('Asia/Shanghai');
      const start = kit.clock.now().getTime();
      // 23:00 in Shanghai (15:00 UTC): the day's 3 hours are used up, and the trial's 5 minutes.
      kit.clock.advanceSeconds((Date.parse('2025-03-01T15:00:00Z') - start) / 1000);
      await entitlements.charge(who.user, { usage: 'live', seconds: 3 * HOUR + 300, chargeKey: `live-1:${who.user.id}` });
      await expect(entitlements.charge(who.user, { usage: 'live', seconds: 1, chargeKey: `live-2:${who.user.id}` })).rejects.toMatchObject({ code: 92505001 });
      // 00:00:01 in Shanghai is still 16:00 of the same day in UTC: the allowance is the user's day's.
      kit.clock.advanceSeconds(HOUR + 1);
      await entitlements.charge(who.user, { usage: 'live', seconds: 1, chargeKey: `live-3:${who.user.id}` });
      kit.clock.advanceSeconds(-(Date.parse('2025-03-01T16:00:01Z') - start) / 1000);
    });

    it('keeps the remaining VIP days when SVIP is bought and runs them after it', async () => {
      const who = await kit.signUp('push');
      await grantToUserId(kit.app.db, kit.clock, who.user.id, VIP, 10);
      kit.clock.advanceSeconds(2 * 86_400);
      await grantToUserId(kit.app.db, kit.clock, who.user.id, SVIP, 30);
      const blocks = (await kit.post('/expense/account/queryAccountDetail', who, {})).data;
      const day = (days: number) => new Date(kit.clock.now().getTime() + days * 86_400_000).toISOString().slice(0, 10);
      expect(blocks.svipMember.remarkString).toBe(`Valid until ${day(30)}`);
      expect(blocks.vipMember.remarkString).toBe(`Valid until ${day(38)}`);
      expect((await kit.post('/expense/account/queryUserFunctionJudge', who, {})).data.tier).toBe('svip');
      kit.clock.advanceSeconds(31 * 86_400);
      expect((await kit.post('/expense/account/queryUserFunctionJudge', who, {})).data).toMatchObject({ tier: 'vip', recognitionCount: 2, screenCasting: false });
      kit.clock.advanceSeconds(8 * 86_400);
      expect((await kit.post('/expense/account/queryUserFunctionJudge', who, {})).data.tier).toBe('duration');
      kit.clock.advanceSeconds(-41 * 86_400);
    });

    it('charges a meeting’s seconds once when it ends, as far as the balance goes', async () => {
      const who = await kit.signUp('meeting');
      const created = await kit.post('/speech/meeting/create', who, { recognitionLanguages: ['en-US'], translationLanguages: ['es-ES'] });
      expect(created.code).toBe(200);
      // As if the hub had stored 2 minutes of the meeting's audio; the trial holds 5.
      const transId = created.data.transId as string;
      await kit.app.db
        .insertInto('media_files')
        .values({ id: transId, user_id: who.user.id, object_name: `${who.user.id}/${transId}.wav`, ori_file_name: 'm.wav', size_bytes: 1, duration_ms: 120_000, format_name: 'wav', has_video: 0, folder_id: null, submitted_at: kit.clock.now().toISOString(), created_at: kit.clock.now().toISOString() })
        .execute();
      expect((await kit.post('/speech/meeting/stopMeeting', who, { id: created.data.id })).code).toBe(200);
      await kit.post('/speech/meeting/stopMeeting', who, { id: created.data.id });
      const charges = (await ledgerOf(who)).filter((r) => r.kind === 'consumption');
      expect(charges).toMatchObject([{ source_key: `meeting:${created.data.id}`, usage: 'live', seconds: -120 }]);
      expect((await kit.post('/expense/cost/meetingRightsJudge', who, {})).data.balance).toBe(180);
    });

    it('lists credits and use on the bills page, with a 30-day usage series', async () => {
      const who = await kit.signUp('bills');
      await grantToUserId(kit.app.db, kit.clock, who.user.id, '3', 2);
      const id = await uploadedMinute(who);
      expect((await kit.post('/speech/audio/transcribe/transwrite', who, { ids: [id], showName: 'Weekly', audioLanguage: 'en-US' })).code).toBe(200);
      await kit.app.services.jobs.whenIdle();
      const buys = (await kit.post('/expense/account/queryBuyRecord', who, { pageNum: 1, pageSize: 10 })).data;
      expect(buys.total).toBe(2);
      expect(buys.rows.map((r: { packageName: string }) => r.packageName).sort()).toEqual(['Duration · Granted by the operator', 'Duration · Trial']);
      // The trial is marked as a trial, not a purchase (issue 29).
      expect(buys.rows.map((r: { source: string; payPrice: number }) => [r.source, r.payPrice]).sort()).toEqual([['grant', 0], ['trial', 0]]);
      const costs = (await kit.post('/expense/account/queryCostRecord', who, { pageNum: 1, pageSize: 1 }, 'zh-CN')).data;
      expect(costs.total).toBe(2);
      expect(costs.rows).toHaveLength(1);
      expect(costs.rows[0]).toMatchObject({ accountTypeName: '本地转写', remark: 'Weekly', recordName: 'Weekly', usageKind: 'transcription', transId: id });
      const series = (await kit.post('/expense/account/queryUsageSeries', who, {})).data;
      expect(series.days).toHaveLength(30);
      // Charged then refunded (the job failed): nothing used on the day.
      expect(series.days.at(-1)).toMatchObject({ date: kit.clock.now().toISOString().slice(0, 10), transcriptionSeconds: 0, meetingSeconds: 0 });
      // Another user sees none of it.
      expect((await kit.post('/expense/account/queryCostRecord', await kit.signUp('other'), {})).data.total).toBe(0);
    }, 30_000);
  });
});

describe.each(variants)('BILLING=off on $name', (variant) => {
  const kit = useRecordsTestApp(variant, { billing: false, trialMinutes: 0, engines });

  it.skipIf(variant.skipReason)('lifts every limit, charges nothing, and says so in the permissions', async () => {
    const who = await kit.signUp('free');
    const permissions = (await kit.post('/expense/account/queryUserFunctionJudge', who, {})).data;
    expect(permissions).toMatchObject({ billing: false, recognitionCount: 10, translateCount: 4, screenCasting: true, inviteMeeting: true });
    const langs = (n: number) => Array.from({ length: n }, (_, i) => `x${String.fromCharCode(97 + i)}-US`);
    expect((await kit.post('/speech/meeting/create', who, { recognitionLanguages: langs(10), translationLanguages: langs(4) })).code).toBe(200);
    expect(await kit.app.db.selectFrom('ledger_entries').select('id').where('user_id', '=', who.user.id).execute()).toHaveLength(0);
  });
});
