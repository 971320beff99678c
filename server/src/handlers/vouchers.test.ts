// Voucher exchange on SQLite and PostgreSQL: a code works once (platform §5), unknown and used codes
// get translated errors, and the redeemed package shows in the account blocks with real dates.
import { describe, expect, it } from 'vitest';
import { useRecordsTestApp, type TestUser } from '../testing/records-test-kit';
import { addVoucher } from '../domain/vouchers/vouchers-service';
import { databaseVariants } from '../testing/database-variants';
import { call } from '../testing/inject';
import { FAILED_VOUCHER_REDEMPTIONS_PER_USER_PER_HOUR } from '../../../src/shared/contract/limits';

const variants = await databaseVariants();
let counter = 0;

describe.each(variants)('voucher exchange on $name', (variant) => {
  // No trial: the pack blocks show exactly what the vouchers added.
  const kit = useRecordsTestApp(variant, { trialMinutes: 0 });

  const exchange = (who: TestUser | null, code: string, lang?: string) =>
    kit.post(`/expense/cardPassword/exchangeCardPassword/${encodeURIComponent(code)}`, who, undefined, lang);
  const accounts = async (who: TestUser) => (await kit.post('/expense/account/queryAccountDetail', who, { id: who.user.id })).data;
  const newCode = async (packageType: string, amount: number) => {
    counter += 1;
    const code = `CARD-${variant.name}-${counter}-${Date.now().toString(36)}`;
    const added = await addVoucher(kit.app.db, kit.clock, { code, packageType, amount: String(amount) });
    expect(added.ok).toBe(true);
    return code;
  };
  const entitlementCount = async (who: TestUser) =>
    (await kit.app.db.selectFrom('ledger_entries').select('id').where('user_id', '=', who.user.id).where('kind', '=', 'voucher').execute()).length;

  describe.skipIf(variant.skipReason)('', () => {
    it('refuses an unknown code with a translated message and grants nothing', async () => {
      const owner = await kit.signUp();
      expect(await exchange(owner, 'NO-SUCH-CODE')).toMatchObject({ status: 200, code: 400, msg: 'This code is not valid' });
      expect((await exchange(owner, 'NO-SUCH-CODE', 'zh-CN')).msg).toBe('该兑换码无效');
      expect((await exchange(owner, 'NO-SUCH-CODE', 'zh-TW')).msg).toBe('此兌換碼無效');
      expect(await entitlementCount(owner)).toBe(0);
      expect((await accounts(owner)).svipMember).toEqual({ accountTypeName: 'SVIP member', remarkString: 'Not activated', operationString: 'Buy' });
    });

    it(`stops guessing after ${FAILED_VOUCHER_REDEMPTIONS_PER_USER_PER_HOUR} wrong codes in an hour, even for a right one`, async () => {
      const guesser = await kit.signUp();
      const real = await newCode('2', 30);
      for (let i = 0; i < FAILED_VOUCHER_REDEMPTIONS_PER_USER_PER_HOUR; i++) {
        expect((await exchange(guesser, `GUESS-${i}`)).code).toBe(400);
      }
      expect(await exchange(guesser, real)).toMatchObject({ code: 429, msg: 'Too many attempts, please try again later' });
      expect(await entitlementCount(guesser)).toBe(0);
      // Another user is not affected by this one's guessing.
      expect((await exchange(await kit.signUp(), real)).code).toBe(200);
    });

    it('redeems a membership once and shows its end date in the account block', async () => {
      const owner = await kit.signUp();
      const other = await kit.signUp();
      const code = await newCode('1', 30);
      const redeemed = await exchange(owner, `  ${code} `);
      expect(redeemed).toMatchObject({ status: 200, code: 200, msg: 'Exchange successful: SVIP member valid until 2025-03-31', data: null });

      expect(await exchange(owner, code)).toMatchObject({ code: 409, msg: 'This code has already been used' });
      expect(await exchange(other, code, 'zh-CN')).toMatchObject({ code: 409, msg: '该兑换码已被使用' });
      expect(await entitlementCount(owner)).toBe(1);
      expect(await entitlementCount(other)).toBe(0);

      const blocks = await accounts(owner);
      expect(blocks.svipMember).toEqual({ accountTypeName: 'SVIP member', remarkString: 'Valid until 2025-03-31', operationString: 'Renew' });
      expect(blocks.vipMember.remarkString).toBe('Not activated');
      expect((await accounts(other)).svipMember.remarkString).toBe('Not activated');
      const voucher = await kit.app.db.selectFrom('vouchers').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
      expect(voucher.redeemed_by).toBe(owner.user.id);
    });

    it('extends a running membership from its end, and SVIP extends a running VIP', async () => {
      const owner = await kit.signUp();
      await exchange(owner, await newCode('2', 10));
      expect((await accounts(owner)).vipMember.remarkString).toBe('Valid until 2025-03-11');
      expect((await exchange(owner, await newCode('2', 5))).msg).toBe('Exchange successful: VIP member valid until 2025-03-16');
      await exchange(owner, await newCode('1', 7));
      const blocks = await accounts(owner);
      expect(blocks.svipMember.remarkString).toBe('Valid until 2025-03-08');
      expect(blocks.vipMember.remarkString).toBe('Valid until 2025-03-23');
    });

    it('adds pack hours, and an ended membership goes back to Not activated', async () => {
      const owner = await kit.signUp();
      expect((await exchange(owner, await newCode('3', 10))).msg).toBe('Exchange successful: 10 hours of Duration added');
      await exchange(owner, await newCode('3', 2));
      await exchange(owner, await newCode('5', 1));
      await exchange(owner, await newCode('2', 1));
      let blocks = await accounts(owner);
      expect(blocks.duration).toMatchObject({ remarkString: '12 hours left', operationString: 'Renew' });
      expect(blocks.smartDubbing.remarkString).toBe('1 hour left');
      expect((await kit.post('/expense/account/queryAccountDetail', owner, {}, 'zh-CN')).data.duration.remarkString).toBe('剩余 12 小时');

      kit.clock.advanceSeconds(2 * 86_400);
      blocks = await accounts(owner);
      expect(blocks.vipMember).toMatchObject({ remarkString: 'Not activated', operationString: 'Buy' });
      expect(blocks.duration.remarkString).toBe('12 hours left');
    });

    it('lets exactly one of two simultaneous redemptions of a code succeed', async () => {
      const [first, second] = [await kit.signUp(), await kit.signUp()];
      const code = await newCode('2', 3);
      const answers = await Promise.all([exchange(first, code), exchange(second, code)]);
      expect(answers.map((a) => a.code).sort()).toEqual([200, 409]);
      expect((await entitlementCount(first)) + (await entitlementCount(second))).toBe(1);
    });

    it('answers 401 without a signed-in user, visitors included', async () => {
      const code = await newCode('2', 3);
      expect((await exchange(null, code)).status).toBe(401);
      const visitor = await call(kit.app, 'POST', '/auth/visitorlogin');
      expect((await call(kit.app, 'POST', `/expense/cardPassword/exchangeCardPassword/${code}`, { token: visitor.data.token })).status).toBe(401);
      const owner = await kit.signUp();
      expect((await exchange(owner, code)).code).toBe(200);
    });
  });
});

describe.each(variants)('QR share status on $name', (variant) => {
  // No trial: the pack blocks show exactly what the vouchers added.
  const kit = useRecordsTestApp(variant, { trialMinutes: 0 });

  describe.skipIf(variant.skipReason)('', () => {
    it('toggles shareStatus of the own account only', async () => {
      const owner = await kit.signUp();
      const other = await kit.signUp();
      expect((await kit.get('/system/getClient', owner, { userId: owner.user.id })).data).toEqual({ userId: owner.user.id, shareStatus: '0' });
      expect((await kit.post('/system/client/user/edit', owner, { id: owner.user.id, shareStatus: '1' })).code).toBe(200);
      expect((await kit.get('/system/getClient', owner)).data.shareStatus).toBe('1');

      const refused = await kit.post('/system/client/user/edit', other, { id: owner.user.id, shareStatus: '0' });
      expect(refused).toMatchObject({ code: 403, msg: 'You can only change your own account' });
      expect((await kit.get('/system/getClient', owner)).data.shareStatus).toBe('1');
      expect((await kit.post('/system/client/user/edit', owner, { id: owner.user.id, shareStatus: '2' })).status).toBe(400);
      expect((await kit.post('/system/client/user/edit', owner, { id: owner.user.id, shareStatus: '0' })).code).toBe(200);
      expect((await kit.get('/system/getClient', owner)).data.shareStatus).toBe('0');
    });

    it('edits nickname and avatar with their checks', async () => {
      const owner = await kit.signUp();
      expect((await kit.post('/system/client/user/edit', owner, { id: owner.user.id, nickname: '  Ann ', avatar: 'https://example.com/a.png' })).code).toBe(200);
      expect((await kit.get('/system/getClientInfo', owner)).data).toMatchObject({ nickname: 'Ann', avatar: 'https://example.com/a.png' });
      expect((await kit.post('/system/client/user/edit', owner, { id: owner.user.id, nickname: '   ' })).code).toBe(400);
      expect((await kit.post('/system/client/user/edit', owner, { id: owner.user.id, avatar: 'javascript:alert(1)' })).code).toBe(400);
      expect((await kit.get('/system/getClientInfo', owner)).data).toMatchObject({ nickname: 'Ann', avatar: 'https://example.com/a.png' });
    });
  });
});
