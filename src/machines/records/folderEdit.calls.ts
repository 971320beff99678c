// The folder calls behind the folder-edit machine's default actors (checked calls: the api layer
// toasts the server's message; the machine also keeps it for the dialog).
import { api } from '../../api/instance';
import { unwrap } from '../../api/errors';
import type { FolderNode, FolderRemoval } from './recordList.types';

export interface FolderSave {
  id?: string;
  parentId?: string;
  folderName: string;
}

export async function fetchFolderTreeCall(): Promise<FolderNode[]> {
  const result = await api.call<FolderNode[]>((client, signal) => client.GET('/speech/document/folder', { signal }));
  return unwrap(result) ?? [];
}

export async function saveFolderCall(save: FolderSave): Promise<FolderNode> {
  return unwrap(await api.call<FolderNode>((client, signal) => client.POST('/speech/document/editFolder', { body: save, signal })));
}

export async function removeFolderCall(id: string): Promise<FolderRemoval> {
  return unwrap(await api.call<FolderRemoval>((client, signal) => client.POST('/speech/document/removeFolder', { body: { id }, signal })));
}
