// POST /expense/pay/getQrPay (purchaseGetQrPay) — creates a payment order for one package and
// method; the answer holds outTradeNo and the QR text (WeChat, Alipay) or the PayPal approval
// link. Checked: a refusal (a disabled package, a price the server no longer charges) is toasted.
import { fromPromise } from 'xstate';
import { required, unwrap } from '../errors';
import { api } from '../instance';
import type { components } from '../schema';
import type { PaySource } from './query-common-price-package';

export type PayType = components['schemas']['PayType'];
export type PaymentOrder = components['schemas']['PaymentOrder'];

export interface QrPayRequest {
  source: PaySource;
  packageId: string;
  /** The package's price in yuan as shown; the server checks it against its own. */
  payPrice: number;
  payType: PayType;
  goodsName: string;
  description: string;
}

export async function getQrPay(request: QrPayRequest, signal?: AbortSignal): Promise<PaymentOrder> {
  const result = await api.call((client, s) => client.POST('/expense/pay/getQrPay', { body: request, signal: s }), signal ? { signal } : {});
  return required(unwrap(result));
}

export const getQrPayActor = fromPromise<PaymentOrder, QrPayRequest>(({ input, signal }) => getQrPay(input, signal));
