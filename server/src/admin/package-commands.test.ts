// `npm run admin -- package ...` and `grant` on both databases: the catalogue the purchase dialog
// reads, and refused input (forged, disabled, negative, huge) that leaves the ledger unchanged.
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { useAdminHarness } from '../testing/admin-harness';
import { databaseVariants } from '../testing/database-variants';
import { call, uniqueEmail } from '../testing/inject';

const variants = await databaseVariants();

describe.each(variants)('npm run admin -- package and grant on $name', (variant) => {
  const { admin, config } = useAdminHarness(variant);

  it.skipIf(variant.skipReason)('lists the default catalogue, adds, edits and disables packages; the API offers what is on sale', async () => {
    const listed = await admin('package', 'list');
    expect(listed.code).toBe(0);
    expect(listed.out.split('\n').map((l) => l.split('\t')[0])).toEqual(expect.arrayContaining(['svip-month', 'vip-year', 'duration-10h', 'dubbing-1h']));
    expect(listed.out).toContain('svip-month\t1\tSVIP member · 1 month\t99.00\t129.00\t1m\t-\ton sale');

    expect(await admin('package', 'add', 'duration-3h', '3', '--price', '19.9', '--validity', '30d', '--hours', '3')).toMatchObject({ code: 0, out: 'Package duration-3h added' });
    expect(await admin('package', 'add', 'duration-3h', '3', '--price', '19.9', '--validity', '30d', '--hours', '3')).toMatchObject({ code: 1, err: 'Package duration-3h already exists' });
    for (const [args, err] of [
      [['BAD ID', '3', '--price', '1', '--validity', '1y', '--hours', '1'], 'The package id must be 1 to 64 lower-case letters, digits or dashes'],
      [['p-type', '4', '--price', '1', '--validity', '1y'], 'Package type 4 is not one of 1 (SVIP), 2 (VIP), 3 (duration), 5 (dubbing)'],
      [['p-price', '2', '--price', '-5', '--validity', '1y'], 'A price must be in yuan with at most two decimals, from 0 to 1000000'],
      [['p-price2', '2', '--price', '1.999', '--validity', '1y'], 'A price must be in yuan with at most two decimals, from 0 to 1000000'],
      [['p-valid', '2', '--price', '1', '--validity', '11y'], expect.stringContaining('The validity must be')],
      [['p-hours', '3', '--price', '1', '--validity', '1y'], expect.stringContaining('need --hours')],
      [['p-member', '1', '--price', '1', '--validity', '1y', '--hours', '5'], expect.stringContaining('take no --hours')],
    ] as const) {
      expect(await admin('package', 'add', ...args)).toMatchObject({ code: 1, err });
    }
    expect(await admin('package', 'edit', 'duration-3h', '--price', '15', '--name', 'Weekend pack')).toMatchObject({ code: 0 });
    expect(await admin('package', 'edit', 'nope', '--price', '15')).toMatchObject({ code: 1, err: 'No package nope' });
    expect(await admin('package', 'disable', 'dubbing-1h')).toMatchObject({ code: 0 });

    const email = uniqueEmail('buyer');
    expect((await admin('user', 'add', email, 'abc12345')).code).toBe(0);
    const app = await buildApp(config());
    try {
      const token = (await call(app, 'POST', '/auth/c/doLogin', { body: { username: email, password: 'abc12345' } })).data.token as string;
      const categories = (await call(app, 'POST', '/expense/package/queryCommonPricePackage', { token, body: {}, lang: 'zh-TW' })).data;
      expect(categories.map((c: { packageType: number }) => c.packageType)).toEqual([1, 2, 3, 5]);
      // Benefit lines per tab (features §9): 7 SVIP, 5 VIP, 4 duration, 5 dubbing; in the caller's language.
      expect(categories.map((c: { desc: string }) => c.desc.split('\n').length)).toEqual([7, 5, 4, 5]);
      expect(categories[0].desc.split('\n')[0]).toBe('同步口譯每天最多 10 小時');
      const duration = categories[2].packageList;
      expect(duration.find((p: { id: string }) => p.id === 'duration-3h')).toMatchObject({ packageName: 'Weekend pack', price: 15, validPeriod: 30, validPeriodUnit: 3 });
      expect(categories[3].packageList.map((p: { id: string }) => p.id)).not.toContain('dubbing-1h');
      const meeting = (await call(app, 'POST', '/expense/package/queryMeetingPricePackage', { token, body: {}, lang: 'en-US' })).data;
      expect(meeting.map((c: { packageType: number }) => c.packageType)).toEqual([1, 2, 3]);

      const picture = (await call(app, 'GET', '/expense/package/queryRightsPictureUrl', { token, lang: 'zh-CN' })).data;
      expect(picture.url).toBe('/prod-api/expense/package/rightsPicture.svg?lang=zh-CN');
      const svg = await app.inject({ method: 'GET', url: picture.url });
      expect(svg.headers['content-type']).toContain('image/svg+xml');
      expect(svg.body).toContain('会员权益对比');
      expect(svg.body).toContain('最多 10 种');
    } finally {
      await app.close();
    }
  });

  it.skipIf(variant.skipReason)('grants time to a user; a negative, huge or malformed grant is refused and writes nothing', async () => {
    const email = uniqueEmail('grant');
    expect(await admin('user', 'add', email, 'abc12345')).toMatchObject({ code: 0 });
    const app = await buildApp(config());
    try {
      const ledger = async () => app.db.selectFrom('ledger_entries').selectAll().execute();
      const before = await ledger();
      for (const [type, amount] of [['3', '-5'], ['3', '10001'], ['1', '3661'], ['2', '0'], ['2', '1.5'], ['2', '1e3'], ['4', '5']]) {
        expect((await admin('grant', email, type!, amount!)).code).toBe(1);
      }
      expect((await admin('grant', email, '3', '-5')).err).toBe('The amount -5 must be a whole number of days from 1 to 3660 for types 1 and 2, or of hours from 1 to 10000 for types 3 and 5');
      expect(await admin('grant', 'ghost@example.com', '3', '5')).toMatchObject({ code: 1, err: 'No user with ghost@example.com' });
      expect(await ledger()).toEqual(before);

      expect(await admin('grant', email, '1', '30')).toMatchObject({ code: 0, out: `Granted 30 days of SVIP member to ${email}` });
      const login = await call(app, 'POST', '/auth/c/doLogin', { body: { username: email, password: 'abc12345' } });
      const permissions = (await call(app, 'POST', '/expense/account/queryUserFunctionJudge', { token: login.data.token, body: {} })).data;
      expect(permissions).toMatchObject({ tier: 'svip', recognitionCount: 10, translateCount: 4, inviteMeeting: true });
    } finally {
      await app.close();
    }
  });
});
