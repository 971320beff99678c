// GET /speech/audio/transcribe/search (recordsSearch) — one page of search hits: records whose name
// matches and lines whose words match, newest first. Unchecked: no toast; the search machine shows
// the failure beside the box. The signal cancels a request that a newer query made stale.
import { fromPromise } from 'xstate';
import { unwrap } from '../errors';
import { api } from '../instance';
import type { components, operations } from '../schema';

export type SearchRecordsQuery = operations['recordsSearch']['parameters']['query'];
export type SearchPage = components['schemas']['SearchPage'];
export type SearchHit = components['schemas']['SearchHit'];

export async function searchRecords(query: SearchRecordsQuery, signal?: AbortSignal): Promise<SearchPage> {
  const result = await api.call((client, s) => client.GET('/speech/audio/transcribe/search', { params: { query }, signal: s }), {
    silent: true,
    ...(signal ? { signal } : {}),
  });
  return unwrap(result);
}

export const searchRecordsActor = fromPromise(({ input, signal }: { input: SearchRecordsQuery; signal: AbortSignal }) => searchRecords(input, signal));
