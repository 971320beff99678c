// The upload form's folder field (features §2/§3 upload form): the choices of the folder picker.
import { DEFAULT_FOLDER_ID } from '../../shared/contract/limits';

export interface FolderChoice {
  id: string;
  name: string;
  /** Nesting level in the user's tree (0 for top-level folders), for indenting the option. */
  depth: number;
}

/**
 * The user's folders in tree order (the default folder first, as the server sends it), always with
 * the default folder and the folder the form has: a tree not loaded yet, or a folder deleted since
 * the dialog opened, still shows what would be submitted rather than silently another folder.
 */
export function folderChoices(folders: readonly FolderChoice[], chosen: { folderId: string; folderName?: string }, defaultName: string): FolderChoice[] {
  const choices = folders.some((folder) => folder.id === DEFAULT_FOLDER_ID) ? [...folders] : [{ id: DEFAULT_FOLDER_ID, name: defaultName, depth: 0 }, ...folders];
  const chosenId = chosen.folderId === '0' ? DEFAULT_FOLDER_ID : chosen.folderId;
  if (!choices.some((folder) => folder.id === chosenId)) choices.push({ id: chosenId, name: chosen.folderName ?? chosenId, depth: 0 });
  return choices;
}
