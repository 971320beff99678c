// POST /expense/account/queryReceipt (accountQueryReceipt) — the receipt of one of the bearer's paid
// orders; 404 for anything else.
import { fromPromise } from 'xstate';
import { unwrap } from '../errors';
import { api } from '../instance';
import type { components } from '../schema';

export type Receipt = components['schemas']['Receipt'];

export async function queryReceipt(outTradeNo: string, signal?: AbortSignal): Promise<Receipt> {
  const result = await api.call((client, s) => client.POST('/expense/account/queryReceipt', { body: { outTradeNo }, signal: s }), signal ? { signal } : {});
  return unwrap(result);
}

export const queryReceiptActor = fromPromise<Receipt, { outTradeNo: string }>(({ input, signal }) => queryReceipt(input.outTradeNo, signal));
