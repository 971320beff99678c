// POST /ai/ai/mediaSummary (summaryMediaSummary) — asks for a summary to be generated. Checked.
import { fromPromise } from 'xstate';
import { unwrap } from '../errors';
import { api } from '../instance';

export async function generateSummary(transId: string) {
  return unwrap(await api.call((client, signal) => client.POST('/ai/ai/mediaSummary', { body: { transId }, signal }))) ?? null;
}

export const generateSummaryActor = fromPromise(({ input }: { input: { transId: string } }) => generateSummary(input.transId));
