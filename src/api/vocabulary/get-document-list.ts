// GET /speech/document/getDocumentList (vocabularyGetDocumentList) — one page of the user's
// vocabulary libraries of one kind. Checked: a refusal is toasted, 92505003 opens the purchase dialog.
import { fromPromise } from 'xstate';
import { unwrap } from '../errors';
import { api } from '../instance';
import type { operations } from '../schema';

export type DocumentListQuery = NonNullable<operations['vocabularyGetDocumentList']['parameters']['query']>;

export async function getDocumentList(query: DocumentListQuery, signal?: AbortSignal) {
  const result = await api.call(
    (client, s) => client.GET('/speech/document/getDocumentList', { params: { query }, signal: s }),
    signal ? { signal } : {},
  );
  return unwrap(result) ?? { total: 0, rows: [] };
}

export const getDocumentListActor = fromPromise(({ input, signal }: { input: DocumentListQuery; signal: AbortSignal }) =>
  getDocumentList(input, signal),
);
