// The order service with a provider that can be asked (as the vendors can): a status poll settles
// what the provider confirms, exactly once; a provider that says 'unpaid' leaves the order pending
// until it expires; the sandbox link check and the money helpers hold at their edges.
import { describe, expect, it } from 'vitest';
import { useRecordsTestApp } from '../../testing/records-test-kit';
import { databaseVariants } from '../../testing/database-variants';
import { fenOf, newOutTradeNo } from './orders';
import { createPurchaseService } from './purchase-service';
import type { PaymentConfirmation, PaymentProvider } from './providers/payment-provider';
import { sandboxSigMatches } from './providers/sandbox/sandbox-provider';

const variants = await databaseVariants();

describe('money and link helpers', () => {
  it('reads yuan as whole fen only', () => {
    expect(fenOf(99)).toBe(9_900);
    expect(fenOf(0.1 + 0.2)).toBe(30);
    expect(fenOf(98.999)).toBeNull();
    expect(fenOf(Number.NaN)).toBeNull();
  });
  it('makes vendor-safe order numbers that differ', () => {
    const a = newOutTradeNo(new Date('2025-03-01T10:00:00Z'));
    expect(a).toMatch(/^20250301100000[0-9a-f]{18}$/);
    expect(a.length).toBeLessThanOrEqual(32);
    expect(newOutTradeNo(new Date('2025-03-01T10:00:00Z'))).not.toBe(a);
  });
  it('accepts only the exact checkout id as the link signature', () => {
    expect(sandboxSigMatches('abc', 'abc')).toBe(true);
    expect(sandboxSigMatches('abc', 'abd')).toBe(false);
    expect(sandboxSigMatches('abc', 'abcd')).toBe(false);
    expect(sandboxSigMatches('abc', undefined)).toBe(false);
    expect(sandboxSigMatches(null, '')).toBe(false);
  });
});

describe.each(variants)('payments service with a queryable provider on $name', (variant) => {
  const kit = useRecordsTestApp(variant);
  let confirmed: PaymentConfirmation | null = null;
  let queries = 0;
  const vendor: PaymentProvider = {
    name: 'wechat',
    configured: true,
    async start() {
      return { weChatQRCode: 'weixin://wxpay/bizpayurl?pr=test', providerOrderId: 'vendor-order-1' };
    },
    async query(outTradeNo, providerOrderId) {
      queries += 1;
      expect(providerOrderId).toBe('vendor-order-1');
      return confirmed && confirmed.outTradeNo === outTradeNo ? confirmed : null;
    },
  };
  const service = () =>
    createPurchaseService({
      db: kit.app.db,
      clock: kit.clock,
      config: { paymentProvider: 'vendors', paymentOrderMinutes: 15, publicBaseUrl: 'https://parley.example' },
      providers: { forPayType: () => vendor, byName: (name) => (name === 'wechat' ? vendor : null) },
    });

  it.skipIf(variant.skipReason)('settles on the poll what the provider confirms, once; unpaid stays pending until expiry', async () => {
    const payments = service();
    const who = await kit.signUp('vendor');
    const start = (packageId = 'vip-month', payPrice = 39) =>
      payments.start({ userId: who.user.id, packageId, payPrice, payType: 'wxV3Pay', source: 1, requestBaseUrl: 'http://x', packageName: () => 'VIP' });
    const { order, start: started } = await start();
    expect(started.weChatQRCode).toBe('weixin://wxpay/bizpayurl?pr=test');
    expect(order.provider).toBe('wechat');
    expect((await payments.status(who.user.id, order.out_trade_no)).status).toBe('pending');
    expect(queries).toBe(1);

    confirmed = { provider: 'wechat', outTradeNo: order.out_trade_no, providerTxnId: '4200000001', amountFen: 3_900, paidAt: kit.clock.now() };
    const polls = await Promise.all(Array.from({ length: 10 }, () => payments.status(who.user.id, order.out_trade_no)));
    expect(polls.every((o) => o.status === 'paid')).toBe(true);
    const credits = await kit.app.db.selectFrom('ledger_entries').selectAll().where('source_key', '=', `order:${order.out_trade_no}`).execute();
    expect(credits).toHaveLength(1);
    const row = await kit.app.db.selectFrom('payment_orders').selectAll().where('out_trade_no', '=', order.out_trade_no).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ provider_txn_id: '4200000001', provider_order_id: 'vendor-order-1', status: 'paid' });

    // The same vendor transaction reported for another order pays nothing there.
    const second = (await start()).order;
    expect(await payments.settle({ ...confirmed, outTradeNo: second.out_trade_no })).toEqual({ credited: false, outTradeNo: second.out_trade_no });
    // Two fresh orders raced by one transaction id: exactly one is paid.
    const [a, b] = [(await start()).order, (await start()).order];
    const raced = await Promise.all(
      [a, b, a, b].map((o) => payments.settle({ provider: 'wechat', outTradeNo: o.out_trade_no, providerTxnId: '4200000002', amountFen: 3_900, paidAt: kit.clock.now() })),
    );
    expect(raced.filter((r) => r.credited)).toHaveLength(1);
    const racedRows = await kit.app.db.selectFrom('payment_orders').select('status').where('out_trade_no', 'in', [a.out_trade_no, b.out_trade_no]).execute();
    expect(racedRows.map((r) => r.status).sort()).toEqual(['paid', 'pending']);
    confirmed = null;
    kit.clock.advanceSeconds(15 * 60);
    expect((await payments.status(who.user.id, second.out_trade_no)).status).toBe('closed');
    // Someone else asking about it learns nothing.
    const other = await kit.signUp('other');
    await expect(payments.status(other.user.id, order.out_trade_no)).rejects.toMatchObject({ code: 404 });
  });
});
