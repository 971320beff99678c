// POST /expense/cardPassword/exchangeCardPassword/{cardPasswordCode} (purchaseExchangeCardPassword)
// — redeems a voucher code. Unchecked (platform §7 "success check off"): no toast; the voucher
// machine reports the server's message itself, as success on 200 and as an error otherwise.
import { fromPromise } from 'xstate';
import { api } from '../instance';

export interface VoucherExchanged {
  /** The server's message for the toast ('' when it sent none). */
  msg: string;
}

/** Rejects with the ApiError. */
export async function exchangeVoucher(cardPasswordCode: string): Promise<VoucherExchanged> {
  const result = await api.call(
    (client, signal) =>
      client.POST('/expense/cardPassword/exchangeCardPassword/{cardPasswordCode}', { params: { path: { cardPasswordCode } }, signal }),
    { silent: true },
  );
  if (!result.ok) throw result.error;
  return { msg: result.msg };
}

export const exchangeVoucherActor = fromPromise<VoucherExchanged, { code: string }>(({ input }) => exchangeVoucher(input.code));
