// POST /speech/document/removeFolder (foldersRemoveFolder) — deletes a folder; its records move.
// Checked.
import { fromPromise } from 'xstate';
import { unwrap } from '../errors';
import { api } from '../instance';

export async function removeFolder(id: string) {
  return unwrap(await api.call((client, signal) => client.POST('/speech/document/removeFolder', { body: { id }, signal })));
}

export const removeFolderActor = fromPromise(({ input }: { input: { id: string } }) => removeFolder(input.id));
