// A small catalogue and provider doubles for the payment machine's tests and path models. Each
// package stands for one outcome so a path reaches it by choosing it: svip-year is paid at the
// first poll, svip-month's order is closed by the server, vip-month stays pending, vip-broken is
// refused and vip-gone is cancelled. The catalogue fails to load for source 2 and is empty when
// asked on tab 9.
import { NEVER, map, timer, type Observable } from 'rxjs';
import { fromEventObservable, fromPromise } from 'xstate';
import type { PaymentOrder, QrPayRequest } from '../../api/purchase/get-qr-pay';
import type { PaySource, PurchaseCategory } from '../../api/purchase/query-common-price-package';
import { paymentMachine, type Catalogue, type PaymentEvent } from './payment.machine';

const pkg = (id: string, price: number) => ({ id, packageName: id, price, orgPrice: price * 2, validPeriod: 1, validPeriodUnit: 2 as const, rights: [] });

export const CATEGORIES: PurchaseCategory[] = [
  { packageType: 1, desc: 'SVIP', remark: null, packageList: [pkg('svip-month', 99), pkg('svip-year', 899)] },
  { packageType: 2, desc: 'VIP', remark: null, packageList: [pkg('vip-month', 49), pkg('vip-broken', 1), pkg('vip-gone', 2)] },
  { packageType: 5, desc: 'Dubbing', remark: null, packageList: [pkg('dub-hours', 199)] },
];
export const CATALOGUE: Catalogue = { categories: CATEGORIES, rightsPictureUrl: 'https://parley.test/rights.png', sandbox: false };
export const EMPTY_CATALOGUE: Catalogue = { categories: [], rightsPictureUrl: null, sandbox: false };
export const EMPTY_TAB = 9;
export const LOAD_FAILURE = { kind: 'transport', messageKey: 'api:networkError' };
export const REFUSED = { kind: 'business', code: 500, message: 'This package is no longer sold' };
export const CANCELLED = { kind: 'cancelled' };

export const catalogueFailsFor = (source: PaySource) => source === 2;
export const catalogueFor = (tab: number): Catalogue => (tab === EMPTY_TAB ? EMPTY_CATALOGUE : CATALOGUE);

export function orderErrorFor(packageId: string): object | null {
  if (packageId === 'vip-broken') return REFUSED;
  if (packageId === 'vip-gone') return CANCELLED;
  return null;
}

export function orderFor(request: Pick<QrPayRequest, 'packageId' | 'payType'>): PaymentOrder {
  const outTradeNo = `order-${request.packageId}-${request.payType}`;
  return {
    outTradeNo,
    weChatQRCode: request.payType === 'wxV3Pay' ? `https://parley.test/checkout/${outTradeNo}` : null,
    aliPayQRCode: request.payType === 'aliPay' ? `https://parley.test/checkout/${outTradeNo}` : null,
    payPalPayHtml: request.payType === 'paypalV2Pay' ? `https://paypal.test/approve/${outTradeNo}` : null,
  };
}

/**
 * Orders and answers take a moment (a timer, which the path replay advances on fake timers), so a
 * path can send a change while the QR is loading or while the status is awaited, as a user would.
 */
export const DOUBLE_DELAY_MS = 10;
const later = () => new Promise((resolve) => setTimeout(resolve, DOUBLE_DELAY_MS));

export function statusesFor(outTradeNo: string): Observable<PaymentEvent> {
  const answer = (status: 'paid' | 'closed') => timer(DOUBLE_DELAY_MS).pipe(map((): PaymentEvent => ({ type: 'pay.status', status })));
  if (outTradeNo.startsWith('order-svip-year') || outTradeNo.startsWith('order-dub-hours')) return answer('paid');
  if (outTradeNo.startsWith('order-svip-month')) return answer('closed');
  return NEVER;
}

export const paymentDoubles = {
  loadCatalogue: fromPromise<Catalogue, { source: PaySource; tab: number }>(async ({ input }) => {
    if (catalogueFailsFor(input.source)) throw LOAD_FAILURE;
    return catalogueFor(input.tab);
  }),
  createOrder: fromPromise<PaymentOrder, QrPayRequest>(async ({ input }) => {
    await later();
    const error = orderErrorFor(input.packageId);
    if (error) throw error;
    return orderFor(input);
  }),
  watchPayment: fromEventObservable<PaymentEvent, { outTradeNo: string }>(({ input }) => statusesFor(input.outTradeNo)),
};

export const paymentWithDoubles = paymentMachine.provide({ actors: paymentDoubles });
