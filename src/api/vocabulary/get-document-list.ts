// GET /speech/document/getDocumentList (vocabularyGetDocumentList) — the user's vocabulary libraries,
// of one kind or all, one page. Unchecked: the callers show their own failure.
import { fromPromise } from 'xstate';
import type { components, operations } from '../schema';
import { unwrap } from '../errors';
import { api } from '../instance';

export type VocabularyLibrary = components['schemas']['VocabularyLibrary'];
export type VocabularyLibraryPage = components['schemas']['VocabularyLibraryPage'];
export type GetDocumentListQuery = NonNullable<operations['vocabularyGetDocumentList']['parameters']['query']>;

export async function getDocumentList(query: GetDocumentListQuery = {}, signal?: AbortSignal): Promise<VocabularyLibraryPage> {
  return unwrap(
    await api.call((client, s) => client.GET('/speech/document/getDocumentList', { params: { query }, signal: s }), {
      silent: true,
      ...(signal ? { signal } : {}),
    }),
  );
}

export const getDocumentListActor = fromPromise<VocabularyLibraryPage, GetDocumentListQuery>(({ input, signal }) => getDocumentList(input, signal));
