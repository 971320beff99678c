// GET /speech/document/getDocumentData (vocabularyGetDocumentData) — a library and one page of its
// entries, optionally filtered by a keyword. Checked.
import { fromPromise } from 'xstate';
import { required, unwrap } from '../errors';
import { api } from '../instance';
import type { operations } from '../schema';

export type DocumentDataQuery = operations['vocabularyGetDocumentData']['parameters']['query'];

export async function getDocumentData(query: DocumentDataQuery, signal?: AbortSignal) {
  const result = await api.call(
    (client, s) => client.GET('/speech/document/getDocumentData', { params: { query }, signal: s }),
    signal ? { signal } : {},
  );
  return required(unwrap(result));
}

export const getDocumentDataActor = fromPromise(({ input, signal }: { input: DocumentDataQuery; signal: AbortSignal }) =>
  getDocumentData(input, signal),
);
