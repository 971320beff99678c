// Where the records area's folder tree meets the uploads area's dialog: the upload form's folder
// field offers the folders the left navigation shows (one tree, loaded once per layout).
import { useSelector } from '@xstate/react';
import { useMemo, type ReactNode } from 'react';
import { flattenTree, selectTree } from '../../machines/records/folderEdit.machine';
import { useFoldersActor } from '../records/folders-context';
import { UploadDialogProvider } from '../uploads/upload-dialog-context';

export function UploadDialogWithFolders({ children }: { children: ReactNode }) {
  const tree = useSelector(useFoldersActor(), selectTree);
  const folders = useMemo(() => flattenTree(tree).map(({ folder, depth }) => ({ id: folder.id, name: folder.name, depth })), [tree]);
  return <UploadDialogProvider folders={folders}>{children}</UploadDialogProvider>;
}
