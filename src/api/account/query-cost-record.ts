// POST /expense/account/queryCostRecord (accountQueryCostRecord) — one page of the bearer's
// consumption records. Checked.
import { fromPromise } from 'xstate';
import { unwrap } from '../errors';
import { api } from '../instance';
import type { components } from '../schema';
import type { PageRequest } from './query-buy-record';

export type CostRecord = components['schemas']['CostRecord'];
export type CostRecordPage = components['schemas']['CostRecordPage'];

export async function queryCostRecord(page: PageRequest, signal?: AbortSignal): Promise<CostRecordPage> {
  const result = await api.call((client, s) => client.POST('/expense/account/queryCostRecord', { body: page, signal: s }), signal ? { signal } : {});
  return unwrap(result) ?? { total: 0, rows: [] };
}

export const queryCostRecordActor = fromPromise<CostRecordPage, PageRequest>(({ input, signal }) => queryCostRecord(input, signal));
