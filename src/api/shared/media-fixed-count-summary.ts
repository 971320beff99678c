// POST /ai/ai/mediaFixedCountSummary (summaryMediaFixedCountSummary) — a summary of the latest
// lines: the transcript page's "latest lines" and the live meeting's instant summary. Checked.
import { fromPromise } from 'xstate';
import { unwrap } from '../errors';
import { api } from '../instance';

export interface FixedCountSummaryRequest {
  transId: string;
  count: number;
  lang?: string | undefined;
}

export async function fixedCountSummary({ transId, count, lang }: FixedCountSummaryRequest, signal?: AbortSignal) {
  const body = { transId, count, ...(lang ? { lang } : {}) };
  return unwrap(
    await api.call((client, s) => client.POST('/ai/ai/mediaFixedCountSummary', { body, signal: s }), signal ? { signal } : {}),
  );
}

export const fixedCountSummaryActor = fromPromise(({ input, signal }: { input: FixedCountSummaryRequest; signal: AbortSignal }) =>
  fixedCountSummary(input, signal),
);
