// POST /expense/pay/paypalPayBack?token&PayerID (purchasePaypalPayBack) — captures the PayPal order
// the provider redirected back with. Checked: a refused capture is toasted and shown on the page.
import { fromPromise } from 'xstate';
import { required, unwrap } from '../errors';
import { api } from '../instance';
import type { components } from '../schema';

export type PaymentStatus = components['schemas']['PaymentStatus'];

export interface PaypalReturnQuery {
  token: string;
  payerId: string | null;
}

export async function paypalPayBack(query: PaypalReturnQuery, signal?: AbortSignal): Promise<PaymentStatus> {
  const result = await api.call(
    (client, s) =>
      client.POST('/expense/pay/paypalPayBack', {
        params: { query: { token: query.token, ...(query.payerId ? { PayerID: query.payerId } : {}) } },
        signal: s,
      }),
    signal ? { signal } : {},
  );
  return required(unwrap(result));
}

export const paypalPayBackActor = fromPromise<PaymentStatus, PaypalReturnQuery>(({ input, signal }) => paypalPayBack(input, signal));
