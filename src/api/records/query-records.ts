// GET /speech/audio/transcribe/query (recordsQuery) — one page of the record list. Unchecked
// (platform §7): no toast; the list machine shows the failure itself. Dubbing rows get their
// task's state (dub-status.ts).
import { fromPromise } from 'xstate';
import { unwrap } from '../errors';
import { api } from '../instance';
import { withDubStatus } from './dub-status';
import type { operations } from '../schema';

export type RecordsQuery = NonNullable<operations['recordsQuery']['parameters']['query']>;

export async function queryRecords(query: RecordsQuery, signal?: AbortSignal) {
  const result = await api.call((client, s) => client.GET('/speech/audio/transcribe/query', { params: { query }, signal: s }), {
    silent: true,
    ...(signal ? { signal } : {}),
  });
  const page = unwrap(result);
  // Dubbing tasks are records too: their rows carry the task's dubbing state.
  return page ? { ...page, rows: await withDubStatus(page.rows, signal) } : page;
}

export const queryRecordsActor = fromPromise(({ input, signal }: { input: { query: RecordsQuery }; signal: AbortSignal }) =>
  queryRecords(input.query, signal),
);
