// Issue 29 items 3 and 5 on SQLite and PostgreSQL: today's usage against the tier's daily caps, the
// export of everything of an account (the zip is opened and every item found, nothing of another
// user), and deleting an account after re-authentication (a deleted account cannot sign in, its media
// files are gone from disk and the blob store, billing rows stay anonymised, a burst deletes once).
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { grantToUserId } from '../domain/entitlements/grants';
import { meetingDb } from '../domain/meetings/meeting-tables';
import { containerOf } from '../domain/storage/blob-store.port';
import { databaseVariants } from '../testing/database-variants';
import { seedDubTask } from '../testing/dubbing-test-task';
import { call, latestCodeFor } from '../testing/inject';
import { useRecordsTestApp, type TestUser } from '../testing/records-test-kit';
import { storedMediaPath } from '../testing/stored-media-path';

const variants = await databaseVariants();
const HOUR = 3_600;

describe.each(variants)('account data on $name', (variant) => {
  const kit = useRecordsTestApp(variant, { trialMinutes: 0 });

  /** A stored media file of a record, written through the store as an upload leaves it. */
  async function storeMedia(owner: TestUser, recordId: string): Promise<string> {
    const objectName = `${owner.user.id}/${recordId}.wav`;
    const store = kit.app.services.mediaStore;
    const staging = `test-${randomUUID()}`;
    await store.openStaging(staging);
    await store.writeAt(staging, 0, Readable.from([Buffer.alloc(2048, 7)]), 2048);
    await store.commit(staging, objectName);
    const now = kit.clock.now().toISOString();
    await kit.app.db
      .insertInto('media_files')
      .values({ id: recordId, user_id: owner.user.id, object_name: objectName, ori_file_name: 'talk.wav', size_bytes: 2048, duration_ms: 1000, format_name: 'wav', has_video: 0, folder_id: null, submitted_at: now, created_at: now })
      .execute();
    return storedMediaPath(kit.app, objectName);
  }

  async function storeBlob(owner: TestUser, name: string): Promise<void> {
    const blobs = kit.app.services.blobStore;
    const container = containerOf(owner.user.id);
    await blobs.putBlock(container, name, 'AAAA', Readable.from([Buffer.alloc(512, 1)]), 1024);
    await blobs.commitBlockList(container, name, ['AAAA']);
  }

  async function seedAccount(owner: TestUser, label: string) {
    const recordId = await kit.seedRecord(owner, { showName: `${label} weekly sync` });
    await kit.app.db
      .withTables<{ record_summaries: { record_id: string; lang: string; state: string; content: string; key_points: string; generated_at: string; updated_at: string } }>()
      .insertInto('record_summaries')
      .values({ record_id: recordId, lang: 'en-US', state: 'completed', content: `${label} agreed to ship on Friday.`, key_points: '["ship"]', generated_at: kit.clock.now().toISOString(), updated_at: kit.clock.now().toISOString() })
      .execute();
    const mediaPath = await storeMedia(owner, recordId);
    const dubBlob = `${randomUUID()}.mp4`;
    await storeBlob(owner, dubBlob);
    const dub = await seedDubTask(kit.app.db, kit.clock, { userId: owner.user.id, showName: `${label} dubbed talk`, file: { container: containerOf(owner.user.id), blobName: dubBlob, sizeBytes: 512 } });
    const now = kit.clock.now().toISOString();
    const meetingId = randomUUID();
    await meetingDb(kit.app.db)
      .insertInto('meetings')
      .values({
        id: meetingId, user_id: owner.user.id, record_id: null, name: `${label} standup`, state: 'in_progress', recognition_languages: '["en-US"]', translation_languages: '[]',
        subtitle_style: '{}', share_status: '0', invite_status: '0', invite_code: null, invite_expires_at: null, copy_status: '0', folder_id: null, audio_ms: 0, last_seq: 0,
        created_at: now, updated_at: now, started_at: now, ended_at: null,
      })
      .execute();
    const libraryId = randomUUID();
    await kit.app.db.insertInto('vocabulary_libraries').values({ id: libraryId, user_id: owner.user.id, kind: 'translationTerms', name: `${label} terms`, language: 'en-US', translation_language: 'zh-CN', is_default: 0, created_at: now, updated_at: null }).execute();
    await kit.app.db.insertInto('vocabulary_entries').values({ id: randomUUID(), library_id: libraryId, source: `${label}Widget`, source_key: `${label.toLowerCase()}widget`, target: '小部件', created_at: now }).execute();
    const outTradeNo = `T${randomUUID().replace(/-/g, '').slice(0, 20)}`;
    await kit.app.db
      .insertInto('payment_orders')
      .values({
        out_trade_no: outTradeNo, user_id: owner.user.id, package_id: 'p1', package_type: '2', package_name: 'VIP month', valid_period: 1, valid_period_unit: 2, hours: null, pay_type: 'aliPay',
        source: 1, provider: 'alipay', amount_fen: 3900, status: 'paid', provider_order_id: null, provider_txn_id: `TXN-${outTradeNo}`, created_at: now, expires_at: now, paid_at: now, closed_at: null,
      })
      .execute();
    await grantToUserId(kit.app.db, kit.clock, owner.user.id, '2', 30, 'order');
    return { recordId, mediaPath, dubBlob, dub, meetingId, outTradeNo };
  }

  async function exportOf(who: TestUser) {
    const response = await kit.app.inject({ method: 'GET', url: '/prod-api/system/user/exportData', headers: { authorization: `Bearer ${who.token}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    return JSZip.loadAsync(response.rawPayload);
  }

  const deleteAccount = (who: TestUser, body: unknown, lang?: string) => kit.post('/system/user/deleteAccount', who, body, lang);

  describe.skipIf(variant.skipReason)('', () => {
    it("answers today's live and upload use against the tier's caps, in the zone the caps use", async () => {
      const owner = await kit.signUp('usage');
      const free = await kit.post('/expense/account/queryUsageToday', owner, {});
      expect(free.data).toMatchObject({ tier: 'none', live: { usedSeconds: 0, capSeconds: 0, leftSeconds: 0 }, upload: { capSeconds: 0 } });

      await grantToUserId(kit.app.db, kit.clock, owner.user.id, '2', 30);
      await kit.app.services.entitlements.charge(owner.user, { usage: 'live', seconds: HOUR, chargeKey: `live-test:${owner.user.id}` });
      const vip = await call(kit.app, 'POST', '/expense/account/queryUsageToday', { token: owner.token, body: {}, headers: { 'x-time-zone': 'Asia/Taipei' } });
      expect(vip.data).toMatchObject({
        tier: 'vip',
        timeZone: 'Asia/Taipei',
        day: '2025-03-01',
        live: { usedSeconds: HOUR, capSeconds: 3 * HOUR, leftSeconds: 2 * HOUR },
        upload: { usedSeconds: 0, capSeconds: 10 * HOUR, leftSeconds: 10 * HOUR },
      });

      await grantToUserId(kit.app.db, kit.clock, owner.user.id, '1', 30);
      const svip = await kit.post('/expense/account/queryUsageToday', owner, {});
      expect(svip.data).toMatchObject({ tier: 'svip', live: { capSeconds: 10 * HOUR }, upload: { capSeconds: 20 * HOUR } });
    });

    it('exports every item of the account as one zip with a manifest, and nothing of another user', async () => {
      const alice = await kit.signUp('alice');
      const bob = await kit.signUp('bob');
      const mine = await seedAccount(alice, 'Alice');
      await seedAccount(bob, 'Zed');

      const zip = await exportOf(alice);
      const names = Object.keys(zip.files).filter((n) => !zip.files[n]!.dir);
      const text = async (name: string) => zip.file(name)!.async('string');
      const find = (pattern: RegExp) => names.filter((n) => pattern.test(n));

      const manifest = JSON.parse(await text('manifest.json'));
      expect(manifest.accountId).toBe(alice.user.id);
      expect(manifest.files.map((f: { name: string }) => f.name).sort()).toEqual(names.filter((n) => n !== 'manifest.json').sort());
      expect(manifest.counts).toEqual({ records: 1, dubbingTasks: 1, vocabularyLibraries: 1 });

      expect(JSON.parse(await text('account/profile.json'))).toMatchObject({ id: alice.user.id, email: alice.user.email });
      expect(await text('account/profile.json')).not.toContain('password');

      const [recordJson] = find(/^records\/.*Alice weekly sync\/record\.json$/);
      const record = JSON.parse(await text(recordJson!));
      expect(record).toMatchObject({ id: mine.recordId, summaries: [{ content: 'Alice agreed to ship on Friday.' }] });
      expect(record.lines).toHaveLength(2);
      expect(await text(recordJson!.replace('record.json', 'transcript.txt'))).toContain('Hello there.');
      expect(await text(recordJson!.replace('record.json', 'transcript.srt'))).toMatch(/^1\n00:00:00,000 --> 00:00:01,\d{3}\nAnn: Hello there\./);
      expect(await text(recordJson!.replace('record.json', 'translation.srt'))).toContain('Hola.');
      expect(await text(recordJson!.replace('record.json', 'summary.en-US.txt'))).toContain('ship on Friday');

      const [task] = find(/^dubbing\/.*Alice dubbed talk\/task\.json$/);
      expect(JSON.parse(await text(task!))).toMatchObject({ audioLanguage: 'en-US', translationLanguage: 'es-ES' });
      expect(await text(task!.replace('task.json', 'subtitles.es-ES.srt'))).toContain('Buenos días a todos.');
      expect(await text(task!.replace('task.json', 'subtitles.en-US.srt'))).toContain('Good morning everyone.');

      expect(JSON.parse(await text('meetings/meetings.json'))).toMatchObject([{ id: mine.meetingId, name: 'Alice standup' }]);
      const [library] = find(/^vocabulary\/.*\.json$/);
      expect(JSON.parse(await text(library!))).toMatchObject({ name: 'Alice terms', entries: [{ source: 'AliceWidget', target: '小部件' }] });
      expect(JSON.parse(await text('bills/purchases.json'))).toMatchObject([{ out_trade_no: mine.outTradeNo, amount_fen: 3900 }]);
      expect(JSON.parse(await text('bills/ledger.json')).length).toBeGreaterThan(0);

      for (const name of names) {
        const content = await text(name);
        expect(content).not.toContain('Zed');
        expect(content).not.toContain(bob.user.id);
      }
    });

    it('refuses a wrong or missing password, translated, deleting nothing', async () => {
      const carol = await kit.signUp('carol');
      const { mediaPath } = await seedAccount(carol, 'Carol');
      expect(await deleteAccount(carol, { password: 'wrong-one' })).toMatchObject({ code: 400, msg: 'The password is wrong' });
      expect(await deleteAccount(carol, {}, 'zh-TW')).toMatchObject({ code: 400, msg: '請輸入密碼以刪除帳號' });
      expect(fs.existsSync(mediaPath)).toBe(true);
      expect((await kit.post('/expense/account/queryUsageToday', carol, {})).code).toBe(200);
    });

    it('deletes once under a burst: media gone from disk and blob store, no sign-in, billing kept anonymised', async () => {
      const dave = await kit.signUp('dave');
      const erin = await kit.signUp('erin');
      const daves = await seedAccount(dave, 'Dave');
      const erins = await seedAccount(erin, 'Erin');
      const second = await kit.signUp('dave-other-session');
      // A second session of the same account: the burst comes from two tokens.
      const otherToken = { user: dave.user, token: second.token };
      await kit.app.db.updateTable('auth_tokens').set({ user_id: dave.user.id }).where('user_id', '=', second.user.id).execute();
      expect(fs.existsSync(daves.mediaPath)).toBe(true);

      const burst = await Promise.all(Array.from({ length: 6 }, (_, i) => deleteAccount(i % 2 ? otherToken : dave, { password: 'secret123' })));
      expect(burst.filter((r) => r.code === 200)).toHaveLength(1);
      // The rest were told it is already being deleted, or (their token no longer authenticating) to sign in.
      for (const refused of burst.filter((r) => r.code !== 200)) expect([409, 401]).toContain(refused.code);

      expect(fs.existsSync(daves.mediaPath)).toBe(false);
      expect(await kit.app.services.blobStore.listBlobs(containerOf(dave.user.id))).toEqual([]);
      expect((await kit.post('/auth/c/doLogin', null, { username: dave.user.email, password: 'secret123' })).code).toBe(400);
      expect((await kit.post('/expense/account/queryUsageToday', dave, {})).code).toBe(401);
      const db = kit.app.db;
      expect(await db.selectFrom('records').select('id').where('user_id', '=', dave.user.id).execute()).toEqual([]);
      expect(await db.selectFrom('vocabulary_libraries').select('id').where('user_id', '=', dave.user.id).execute()).toEqual([]);
      expect(await meetingDb(db).selectFrom('meetings').select('id').where('user_id', '=', dave.user.id).execute()).toEqual([]);
      expect(await db.selectFrom('auth_tokens').select('token_hash').where('user_id', '=', dave.user.id).execute()).toEqual([]);
      const row = await db.selectFrom('users').selectAll().where('id', '=', dave.user.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ email: null, phone: null, password_hash: null, nickname: null, name: `deleted-${dave.user.id}` });
      expect(await db.selectFrom('payment_orders').select(['out_trade_no', 'amount_fen']).where('user_id', '=', dave.user.id).execute()).toEqual([{ out_trade_no: daves.outTradeNo, amount_fen: 3900 }]);
      expect((await db.selectFrom('ledger_entries').select('id').where('user_id', '=', dave.user.id).execute()).length).toBeGreaterThan(0);

      // The other user's data is untouched.
      expect(fs.existsSync(erins.mediaPath)).toBe(true);
      expect(await kit.app.services.blobStore.listBlobs(containerOf(erin.user.id))).toEqual([erins.dubBlob]);
      expect((await kit.post('/expense/account/queryUsageToday', erin, {})).code).toBe(200);
    });

    it('confirms an account without a password by a sign-in code sent to its address', async () => {
      const frank = await kit.signUp('frank');
      expect((await kit.get('/auth/getUserInfo', frank)).data).toMatchObject({ hasPassword: true });
      await kit.app.db.updateTable('users').set({ password_hash: null }).where('id', '=', frank.user.id).execute();
      // The page asks for a code instead of a password.
      expect((await kit.get('/auth/getUserInfo', frank)).data).toMatchObject({ hasPassword: false });
      expect(await deleteAccount(frank, { code: '000000' })).toMatchObject({ code: 400 });
      expect((await kit.post('/auth/c/getValidCode', null, { username: frank.user.email, scene: 'login' })).code).toBe(200);
      const code = await latestCodeFor(kit.app, frank.user.email!);
      expect((await deleteAccount(frank, { code })).code).toBe(200);
      expect((await kit.post('/auth/c/doLoginByValidCode', null, { username: frank.user.email, code })).code).not.toBe(200);
    });
  });
});
