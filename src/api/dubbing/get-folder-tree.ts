// GET /speech/document/folder (foldersFolder) as the AI dubbing dialog needs it: the user's folder
// tree for its folder picker. Checked. (The records area's folder-tree.ts serves the side nav; the
// areas may not share a call file.)
import { unwrap } from '../errors';
import { api } from '../instance';

export async function getDubFolderTree() {
  return unwrap(await api.call((client, signal) => client.GET('/speech/document/folder', { signal }))) ?? [];
}
