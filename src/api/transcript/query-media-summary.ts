// POST /ai/ai/queryMediaSummary (summaryQueryMediaSummary) — the record's summary, if there is one.
// Unchecked: "no summary yet" is an answer, not a failure.
import { fromPromise } from 'xstate';
import { api } from '../instance';
import type { operations } from '../schema';

type QueryBody = operations['summaryQueryMediaSummary']['requestBody']['content']['application/json'];
export interface SummaryQuery {
  transId: string;
  shareCode?: string | undefined;
}

export async function querySummary({ transId, shareCode }: SummaryQuery) {
  const body: QueryBody = { transId, ...(shareCode ? { shareCode } : {}) };
  const result = await api.call((client, signal) => client.POST('/ai/ai/queryMediaSummary', { body, signal }), { silent: true });
  if (!result.ok) {
    if (result.error.kind === 'business') return null;
    throw result.error;
  }
  return result.data ?? null;
}

export const querySummaryActor = fromPromise(({ input }: { input: SummaryQuery }) => querySummary(input));
