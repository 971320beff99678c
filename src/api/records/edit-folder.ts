// POST /speech/document/editFolder (foldersEditFolder) — creates (no id) or renames a folder.
// Checked: the api layer toasts the server's message; the folder machine keeps it for the dialog.
import { fromPromise } from 'xstate';
import { unwrap } from '../errors';
import { api } from '../instance';
import type { operations } from '../schema';

export type FolderEditBody = operations['foldersEditFolder']['requestBody']['content']['application/json'];

export async function editFolder(body: FolderEditBody) {
  return unwrap(await api.call((client, signal) => client.POST('/speech/document/editFolder', { body, signal })));
}

export const editFolderActor = fromPromise(({ input }: { input: FolderEditBody }) => editFolder(input));
