// POST /speech/document/edit (vocabularyEdit) — creates (no id) or renames a library, or sets
// whether it is a default one. Checked: the library machine keeps the refusal for its dialog too.
import { fromPromise } from 'xstate';
import { required, unwrap } from '../errors';
import { api } from '../instance';
import type { operations } from '../schema';

export type LibraryEditBody = operations['vocabularyEdit']['requestBody']['content']['application/json'];

export async function editLibrary(body: LibraryEditBody) {
  return required(unwrap(await api.call((client, signal) => client.POST('/speech/document/edit', { body, signal }))));
}

export const editLibraryActor = fromPromise(({ input }: { input: LibraryEditBody }) => editLibrary(input));
