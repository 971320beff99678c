// POST /speech/document/remove (vocabularyRemove) — deletes libraries with their entries. Checked.
import { fromPromise } from 'xstate';
import { unwrap } from '../errors';
import { api } from '../instance';

export async function removeLibraries(ids: string[]) {
  unwrap(await api.call((client, signal) => client.POST('/speech/document/remove', { body: { ids }, signal })));
}

export const removeLibrariesActor = fromPromise(({ input }: { input: { ids: string[] } }) => removeLibraries(input.ids));
