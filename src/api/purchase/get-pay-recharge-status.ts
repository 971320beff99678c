// POST /expense/pay/getPayRechargeStatus/{outTradeNo} (purchaseGetPayRechargeStatus) — polled every
// second while a QR is shown. Code 200 carries the order's status; 9250747 means 'not paid yet'.
// Silent: a poll that fails once (network blip) must not toast every second; the next tick asks again.
import { isApiError } from '../errors';
import { QUIET_RESULT_CODE } from '../error-catalogue';
import { api } from '../instance';
import type { components } from '../schema';

export type PaymentState = components['schemas']['PaymentStatus']['status'];

/** 'unknown' when this poll could not tell (transport failure, other refusal): keep polling. */
export type PollAnswer = PaymentState | 'unknown';

export async function getPayRechargeStatus(outTradeNo: string, signal?: AbortSignal): Promise<PollAnswer> {
  const result = await api.call(
    (client, s) => client.POST('/expense/pay/getPayRechargeStatus/{outTradeNo}', { params: { path: { outTradeNo } }, signal: s }),
    { silent: true, ...(signal ? { signal } : {}) },
  );
  if (result.ok) return result.data?.status ?? 'unknown';
  if (isApiError(result.error) && result.error.code === QUIET_RESULT_CODE) return 'pending';
  return 'unknown';
}
