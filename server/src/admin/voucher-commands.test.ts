// `npm run admin -- voucher add|list` on both databases: codes made here redeem once through the API.
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { useAdminHarness } from '../testing/admin-harness';
import { databaseVariants } from '../testing/database-variants';
import { call, uniqueEmail } from '../testing/inject';
import { runAdmin } from './run-admin';

const variants = await databaseVariants();

describe.each(variants)('npm run admin -- voucher on $name', (variant) => {
  const { admin, config } = useAdminHarness(variant);

  it.skipIf(variant.skipReason)('adds codes with their checks, lists them, and marks a redeemed one', async () => {
    expect(await admin('voucher', 'list')).toMatchObject({ code: 0, out: 'No vouchers yet' });
    expect(await admin('voucher', 'add', 'SVIP-30', '1', '30')).toMatchObject({ code: 0, out: 'Voucher SVIP-30 added: SVIP member, 30 days' });
    expect(await admin('voucher', 'add', 'PACK-10', '3', '10')).toMatchObject({ code: 0, out: 'Voucher PACK-10 added: Duration, 10 hours' });
    expect(await admin('voucher', 'add', 'SVIP-30', '2', '5')).toMatchObject({ code: 1, err: 'Voucher SVIP-30 already exists' });
    expect((await admin('voucher', 'add', 'BAD-TYPE', '4', '5')).err).toBe('Package type 4 is not one of 1 (SVIP), 2 (VIP), 3 (duration), 5 (dubbing)');
    for (const amount of ['0', '3661', '1.5', 'ten']) expect((await admin('voucher', 'add', `DAYS-${amount}`, '2', amount)).code).toBe(1);
    expect((await admin('voucher', 'add', 'HOURS-MAX', '5', '10000')).code).toBe(0);
    expect((await admin('voucher', 'add', 'HOURS-OVER', '5', '10001')).code).toBe(1);
    expect((await admin('voucher', 'add', 'x'.repeat(65), '2', '5')).code).toBe(1);
    expect((await admin('voucher', 'add', 'a/b', '2', '5')).code).toBe(1);
    expect((await admin('voucher', 'add', 'voucher')).code).not.toBe(0);

    const app = await buildApp(config());
    try {
      const email = uniqueEmail('voucher');
      expect(await admin('user', 'add', email, 'abc12345')).toMatchObject({ code: 0 });
      const login = await call(app, 'POST', '/auth/c/doLogin', { body: { username: email, password: 'abc12345' } });
      const token = login.data.token as string;
      expect((await call(app, 'POST', '/expense/cardPassword/exchangeCardPassword/PACK-10', { token })).code).toBe(200);
      expect((await call(app, 'POST', '/expense/cardPassword/exchangeCardPassword/PACK-10', { token })).msg).toBe('This code has already been used');
      const user = await app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();

      const listed = (await admin('voucher', 'list')).out.split('\n').map((line) => line.split('\t'));
      // Rows added within one millisecond tie on created_at, so the order is not asserted.
      const byCode = new Map(listed.map((row) => [row[0], row]));
      expect([...byCode.keys()].sort()).toEqual(['HOURS-MAX', 'PACK-10', 'SVIP-30']);
      expect(byCode.get('SVIP-30')).toMatchObject(['SVIP-30', '1', '30d', expect.any(String), '-', '-']);
      expect(byCode.get('PACK-10')).toMatchObject(['PACK-10', '3', '10h', expect.any(String), user.id, expect.stringMatching(/^\d{4}-\d\d-\d\dT/)]);
    } finally {
      await app.close();
    }
  });

  it.skipIf(variant.skipReason)('speaks the operator language', async () => {
    const out: string[] = [];
    await runAdmin(['voucher', 'add', 'ZH-1', '2', '7'], config(), { out: (l) => out.push(l), err: (l) => out.push(l) }, 'zh_CN.UTF-8');
    expect(out).toEqual(['已添加兑换码 ZH-1：VIP 会员，7 天']);
  });
});
