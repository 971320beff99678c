// GET /speech/document/folder (foldersFolder) — the user's folder tree. Checked.
import { fromPromise } from 'xstate';
import { unwrap } from '../errors';
import { api } from '../instance';

export async function fetchFolderTree() {
  return unwrap(await api.call((client, signal) => client.GET('/speech/document/folder', { signal }))) ?? [];
}

export const fetchFolderTreeActor = fromPromise(() => fetchFolderTree());
