// POST /expense/account/queryBuyRecord (accountQueryBuyRecord) — one page of the bearer's purchases.
// Checked.
import { fromPromise } from 'xstate';
import { unwrap } from '../errors';
import { api } from '../instance';
import type { components } from '../schema';

export type BuyRecord = components['schemas']['BuyRecord'];
export type BuyRecordPage = components['schemas']['BuyRecordPage'];
export type PageRequest = { pageNum: number; pageSize: number };

export async function queryBuyRecord(page: PageRequest, signal?: AbortSignal): Promise<BuyRecordPage> {
  const result = await api.call((client, s) => client.POST('/expense/account/queryBuyRecord', { body: page, signal: s }), signal ? { signal } : {});
  return unwrap(result) ?? { total: 0, rows: [] };
}

export const queryBuyRecordActor = fromPromise<BuyRecordPage, PageRequest>(({ input, signal }) => queryBuyRecord(input, signal));
