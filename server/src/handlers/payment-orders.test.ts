// Issue 11 on SQLite and PostgreSQL: payment orders and the embedded sandbox provider. The price is
// the catalogue's (forged prices, unknown and disabled packages are refused, nothing written); an
// order is its owner's alone; unpaid orders close at expiry; the sandbox checkout page pays or
// cancels by its signed link; 50 concurrent payments of one order credit the ledger exactly once.
import { describe, expect, it } from 'vitest';
import { grantToUserId } from '../domain/entitlements/grants';
import { closeExpiredOrders } from '../domain/purchase/orders';
import { setPackageDisabled } from '../domain/purchase/packages';
import { useRecordsTestApp, type TestUser } from '../testing/records-test-kit';
import { databaseVariants } from '../testing/database-variants';

const variants = await databaseVariants();

describe.each(variants)('payment orders on $name', (variant) => {
  const kit = useRecordsTestApp(variant, { paymentOrderMinutes: 15 });

  const counts = async () => {
    const [orders, ledger] = await Promise.all([
      kit.app.db.selectFrom('payment_orders').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst(),
      kit.app.db.selectFrom('ledger_entries').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst(),
    ]);
    return { orders: Number(orders?.n), ledger: Number(ledger?.n) };
  };
  const purchasesOf = (who: TestUser) =>
    kit.app.db.selectFrom('ledger_entries').selectAll().where('user_id', '=', who.user.id).where('kind', '=', 'purchase').execute();

  async function order(who: TestUser, packageId = 'svip-month', payPrice = 99, payType = 'wxV3Pay', lang?: string) {
    return kit.post('/expense/pay/getQrPay', who, { source: 1, packageId, payPrice, payType, goodsName: 'x', description: 'y' }, lang);
  }
  /** The checkout link of the QR, as path and query (the test app is reached by inject). */
  function checkoutPath(qr: string): string {
    const url = new URL(qr);
    return `${url.pathname}${url.search}`;
  }
  const status = (who: TestUser, outTradeNo: string, lang?: string) => kit.post(`/expense/pay/getPayRechargeStatus/${outTradeNo}`, who, undefined, lang);
  const page = (path: string, lang = 'en-US') => kit.app.inject({ method: 'GET', url: path, headers: { 'accept-language': lang } });
  const press = (path: string, action: 'pay' | 'cancel') =>
    kit.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `action=${action}` });

  describe.skipIf(variant.skipReason)('', () => {
    it('makes an order at the catalogue price whose QR opens the sandbox page; Pay credits the package once', async () => {
      const who = await kit.signUp('buyer');
      const made = await order(who);
      expect(made.code).toBe(200);
      const { outTradeNo, weChatQRCode } = made.data;
      expect(outTradeNo).toMatch(/^[0-9a-f]{14,32}$/i);
      expect(weChatQRCode).toMatch(new RegExp(`^http://[^/]+/prod-api/pay/sandbox/${outTradeNo}\\?sig=[A-Za-z0-9_-]{43}$`));
      const row = await kit.app.db.selectFrom('payment_orders').selectAll().where('out_trade_no', '=', outTradeNo).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ user_id: who.user.id, package_id: 'svip-month', amount_fen: 9_900, status: 'pending', provider: 'sandbox', pay_type: 'wxV3Pay' });

      // Not paid yet: the quiet code the client polls through.
      expect((await status(who, outTradeNo)).code).toBe(9250747);

      const link = checkoutPath(weChatQRCode);
      const shown = await page(link, 'zh-CN');
      expect(shown.statusCode).toBe(200);
      expect(shown.headers['content-type']).toContain('text/html');
      expect(shown.body).toContain('¥99.00');
      expect(shown.body).toContain('沙箱收银台');
      expect(shown.body).toContain('value="pay"');

      const paid = await press(link, 'pay');
      expect(paid.statusCode).toBe(200);
      expect(paid.body).toContain('data-status="paid"');
      expect(await status(who, outTradeNo)).toMatchObject({ code: 200, data: { outTradeNo, status: 'paid' } });
      const purchases = await purchasesOf(who);
      expect(purchases).toHaveLength(1);
      expect(purchases[0]).toMatchObject({ account: 'svip', source_key: `order:${outTradeNo}`, package_id: 'svip-month' });
      // One calendar month from 2025-03-01: 31 days.
      expect(purchases[0]!.seconds).toBe(31 * 86_400);
      expect((await kit.app.services.entitlements.account(who.user)).tier).toBe('svip');

      // The bills list the purchase with its order's price.
      const bills = await kit.post('/expense/account/queryBuyRecord', who, { pageNum: 1, pageSize: 10 });
      expect(bills.data.rows.find((r: { outTradeNo: string }) => r.outTradeNo === outTradeNo)).toMatchObject({ outTradeNo, payPrice: 99, payType: 'wxV3Pay', status: 'paid', packageType: 1, source: 'purchase' });

      // Its receipt (issue 29): the owner's alone; another user's call and an unknown number read as one 404.
      const receipt = await kit.post('/expense/account/queryReceipt', who, { outTradeNo });
      expect(receipt).toMatchObject({ code: 200, data: { outTradeNo, amount: 99, currency: 'CNY', payType: 'wxV3Pay', packageType: 1, seller: 'Parley' } });
      expect(receipt.data.paidAt).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(receipt.data.buyerAddress).toBe(who.user.email);
      const stranger = await kit.signUp('stranger');
      expect(await kit.post('/expense/account/queryReceipt', stranger, { outTradeNo })).toMatchObject({ code: 404, msg: 'No such order' });
      expect(await kit.post('/expense/account/queryReceipt', who, { outTradeNo: 'nope' }, 'zh-TW')).toMatchObject({ code: 404, msg: '訂單不存在' });

      // A replayed post after paid changes nothing.
      const before = await counts();
      const again = await press(link, 'pay');
      expect(again.body).toContain('data-status="paid"');
      expect(await counts()).toEqual(before);
    });

    it('buying SVIP while VIP runs keeps the remaining VIP days, pushed after the SVIP period', async () => {
      const who = await kit.signUp('upgrade');
      await grantToUserId(kit.app.db, kit.clock, who.user.id, '2', 10);
      kit.clock.advanceSeconds(4 * 86_400);
      const made = await order(who);
      await press(checkoutPath(made.data.weChatQRCode), 'pay');
      const { state, tier } = await kit.app.services.entitlements.account(who.user);
      expect(tier).toBe('svip');
      const svipEnd = Math.max(...state.svipPeriods.map((p) => p.end));
      const vipAfter = state.vipPeriods.filter((p) => p.start >= svipEnd).reduce((sum, p) => sum + (p.end - p.start), 0);
      expect(vipAfter).toBe(6 * 86_400_000);
    });

    it('credits a pack’s hours lapsing after its validity', async () => {
      const who = await kit.signUp('pack');
      const made = await order(who, 'duration-10h', 50, 'aliPay');
      expect(made.data.aliPayQRCode).toContain('/prod-api/pay/sandbox/');
      await press(checkoutPath(made.data.aliPayQRCode), 'pay');
      const [credit] = await purchasesOf(who);
      expect(credit).toMatchObject({ account: 'duration', seconds: 36_000 });
      expect(credit!.expires_at).toBe(new Date(Date.parse(kit.clock.now().toISOString()) + 365 * 86_400_000).toISOString());
    });

    it('refuses a forged price, an unknown package and a disabled one, translated, writing nothing', async () => {
      const who = await kit.signUp('forger');
      const before = await counts();
      const cheap = await order(who, 'svip-year', 0.01);
      expect(cheap).toMatchObject({ code: 400, msg: 'The price has changed to ¥899.00. Please reopen the purchase dialog and try again' });
      expect((await order(who, 'svip-year', 898.999)).code).toBe(400);
      const unknown = await order(who, 'svip-forever', 1, 'wxV3Pay', 'zh-CN');
      expect(unknown).toMatchObject({ code: 400, msg: '该套餐不存在，请选择其他套餐' });
      await setPackageDisabled(kit.app.db, kit.clock, 'vip-year', true);
      try {
        const disabled = await order(who, 'vip-year', 349, 'wxV3Pay', 'zh-TW');
        expect(disabled).toMatchObject({ code: 400, msg: '該方案已下架，請選擇其他方案' });
      } finally {
        await setPackageDisabled(kit.app.db, kit.clock, 'vip-year', false);
      }
      expect(await counts()).toEqual(before);
    });

    it('answers another user’s order like one that does not exist, and a wrong link signature pays nothing', async () => {
      const owner = await kit.signUp('owner');
      const other = await kit.signUp('other');
      const { outTradeNo, weChatQRCode } = (await order(owner)).data;
      const foreign = await status(other, outTradeNo);
      const missing = await status(other, 'nosuchorder123456');
      expect(foreign).toMatchObject({ code: 404, msg: 'No such order' });
      expect(foreign.data ?? null).toBeNull();
      expect(missing.msg).toBe(foreign.msg);
      expect(JSON.stringify(foreign)).not.toContain(owner.user.id);

      const before = await counts();
      const forged = `/prod-api/pay/sandbox/${outTradeNo}?sig=${'A'.repeat(43)}`;
      expect((await page(forged)).statusCode).toBe(404);
      const refused = await press(forged, 'pay');
      expect(refused.statusCode).toBe(404);
      expect(refused.body).toContain('This payment link is not valid.');
      expect((await press(`/prod-api/pay/sandbox/${outTradeNo}`, 'pay')).statusCode).toBe(404);
      expect(await counts()).toEqual(before);
      expect((await status(owner, outTradeNo)).code).toBe(9250747);
      // The real link still works for whoever holds it.
      expect((await page(checkoutPath(weChatQRCode))).body).toContain('data-status="pending"');
    });

    it('closes an unpaid order at its expiry; the page then refuses to pay it', async () => {
      const who = await kit.signUp('late');
      const { outTradeNo, weChatQRCode } = (await order(who)).data;
      kit.clock.advanceSeconds(14 * 60);
      expect((await status(who, outTradeNo)).code).toBe(9250747);
      kit.clock.advanceSeconds(61);
      expect(await status(who, outTradeNo)).toMatchObject({ code: 200, data: { status: 'closed' } });
      const late = await press(checkoutPath(weChatQRCode), 'pay');
      expect(late.body).toContain('data-status="closed"');
      expect(await purchasesOf(who)).toHaveLength(0);
    });

    it('sweeps expired orders closed without anyone asking', async () => {
      const who = await kit.signUp('sweep');
      const { outTradeNo } = (await order(who)).data;
      const stateOf = async () => (await kit.app.db.selectFrom('payment_orders').select('status').where('out_trade_no', '=', outTradeNo).executeTakeFirstOrThrow()).status;
      await closeExpiredOrders(kit.app.db, kit.clock);
      expect(await stateOf()).toBe('pending');
      kit.clock.advanceSeconds(15 * 60);
      expect(await closeExpiredOrders(kit.app.db, kit.clock)).toBeGreaterThanOrEqual(1);
      expect(await stateOf()).toBe('closed');
    });

    it('cancels from the page: the order closes and cannot be paid afterwards', async () => {
      const who = await kit.signUp('cancel');
      const { outTradeNo, weChatQRCode } = (await order(who)).data;
      const link = checkoutPath(weChatQRCode);
      expect((await press(link, 'cancel')).body).toContain('The order was cancelled.');
      expect((await press(link, 'pay')).body).toContain('data-status="closed"');
      expect(await status(who, outTradeNo)).toMatchObject({ code: 200, data: { status: 'closed' } });
      expect(await purchasesOf(who)).toHaveLength(0);
    });

    it('credits exactly once under 50 concurrent Pay presses, and under 50 concurrent settles', async () => {
      const who = await kit.signUp('burst');
      const first = (await order(who)).data;
      const presses = await Promise.all(Array.from({ length: 50 }, () => press(checkoutPath(first.weChatQRCode), 'pay')));
      expect(presses.every((p) => p.statusCode === 200 && p.body.includes('data-status="paid"'))).toBe(true);
      expect(await purchasesOf(who)).toHaveLength(1);

      // Vendor confirmations racing (notification, capture, poll): distinct and repeated transaction ids.
      const second = (await order(who, 'vip-month', 39)).data;
      const { settle } = kit.app.services.purchase;
      const outcomes = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          settle({ provider: 'sandbox', outTradeNo: second.outTradeNo, providerTxnId: `txn-${i % 5}`, amountFen: 3_900, paidAt: kit.clock.now() }),
        ),
      );
      expect(outcomes.filter((o) => o.credited)).toHaveLength(1);
      const purchases = await purchasesOf(who);
      expect(purchases).toHaveLength(2);
      expect(purchases.filter((p) => p.source_key === `order:${second.outTradeNo}`)).toHaveLength(1);
    }, 60_000);

    it('refuses a confirmation whose amount is not the order’s, crediting nothing', async () => {
      const who = await kit.signUp('amount');
      const { outTradeNo } = (await order(who)).data;
      const before = await counts();
      await expect(
        kit.app.services.purchase.settle({ provider: 'sandbox', outTradeNo, providerTxnId: 'short', amountFen: 100, paidAt: kit.clock.now() }),
      ).rejects.toMatchObject({ messageKey: 'billing:orders.amountMismatch' });
      expect(await counts()).toEqual(before);
      expect((await status(who, outTradeNo)).code).toBe(9250747);
    });
  });
});

describe.each(variants)('payment orders with PAYMENT_PROVIDER=vendors and no vendor set up, on $name', (variant) => {
  const kit = useRecordsTestApp(variant, { paymentProvider: 'vendors' });
  it.skipIf(variant.skipReason)('answers a translated “not configured” naming the first missing setting, and writes no order', async () => {
    const who = await kit.signUp('vendor');
    const answer = await kit.post('/expense/pay/getQrPay', who, { source: 1, packageId: 'svip-month', payPrice: 99, payType: 'paypalV2Pay' });
    expect(answer).toMatchObject({ code: 503, msg: 'PayPal is not configured on this server (set PAYPAL_CLIENT_ID)' });
    const zh = await kit.post('/expense/pay/getQrPay', who, { source: 1, packageId: 'svip-month', payPrice: 99, payType: 'wxV3Pay' }, 'zh-CN');
    expect(zh.msg).toBe('此服务器未配置微信支付（请设置 WECHAT_PAY_MCHID）');
    const rows = await kit.app.db.selectFrom('payment_orders').selectAll().execute();
    expect(rows).toHaveLength(0);
  });
});
