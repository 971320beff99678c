// POST /speech/document/editData (vocabularyEditData) — adds (no id) or changes entries of a
// library. Checked. Answers the server's message (it says how many duplicates were merged).
import { fromPromise } from 'xstate';
import { api } from '../instance';
import type { operations } from '../schema';

export type EntriesEditBody = operations['vocabularyEditData']['requestBody']['content']['application/json'];

/** Resolves with the server's message (empty when it has none); rejects with the ApiError. */
export async function editEntries(body: EntriesEditBody): Promise<string> {
  const result = await api.call((client, signal) => client.POST('/speech/document/editData', { body, signal }));
  if (!result.ok) throw result.error;
  return result.msg;
}

export const editEntriesActor = fromPromise(({ input }: { input: EntriesEditBody }) => editEntries(input));
