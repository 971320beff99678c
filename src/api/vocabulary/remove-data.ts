// POST /speech/document/removeData (vocabularyRemoveData) — deletes entries of one library. Checked.
import { fromPromise } from 'xstate';
import { unwrap } from '../errors';
import { api } from '../instance';

export interface EntriesRemoval {
  documentId: string;
  ids: string[];
}

export async function removeEntries(body: EntriesRemoval) {
  unwrap(await api.call((client, signal) => client.POST('/speech/document/removeData', { body, signal })));
}

export const removeEntriesActor = fromPromise(({ input }: { input: EntriesRemoval }) => removeEntries(input));
