// GET /speech/audio/transcribe/query (recordsQuery) — one page of the record list. Unchecked
// (platform §7): no toast; the list machine shows the failure itself.
import { fromPromise } from 'xstate';
import { unwrap } from '../errors';
import { api } from '../instance';
import type { operations } from '../schema';

export type RecordsQuery = NonNullable<operations['recordsQuery']['parameters']['query']>;

export async function queryRecords(query: RecordsQuery, signal?: AbortSignal) {
  const result = await api.call((client, s) => client.GET('/speech/audio/transcribe/query', { params: { query }, signal: s }), {
    silent: true,
    ...(signal ? { signal } : {}),
  });
  return unwrap(result);
}

export const queryRecordsActor = fromPromise(({ input, signal }: { input: { query: RecordsQuery }; signal: AbortSignal }) =>
  queryRecords(input.query, signal),
);
