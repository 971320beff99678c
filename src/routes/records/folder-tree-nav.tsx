import { useSelector } from '@xstate/react';
import { useLocation, useNavigate } from 'react-router-dom';
import { canAddSubfolder, canDeleteFolder, canMoveFolder, selectTree } from '../../machines/records/folderEdit.machine';
import { FolderTree } from '../../ui/layout/FolderTree';
import { useFoldersActor } from './folders-context';

/** The left-nav tree wired to the folder actor; a folder opens /recordList?folderId=<id>. */
export function FolderTreeNav() {
  const actor = useFoldersActor();
  const tree = useSelector(actor, selectTree);
  const location = useLocation();
  const navigate = useNavigate();
  const selectedId = location.pathname === '/recordList' ? new URLSearchParams(location.search).get('folderId') : null;
  return (
    <FolderTree
      folders={tree}
      selectedId={selectedId}
      canAddSubfolder={canAddSubfolder}
      canDelete={canDeleteFolder}
      canMove={canMoveFolder}
      onSelect={(folderId) => navigate(`/recordList?folderId=${encodeURIComponent(folderId)}`)}
      onAddSubfolder={(folder) => actor.send({ type: 'folder.createRequested', parent: folder })}
      onRename={(folder) => actor.send({ type: 'folder.renameRequested', folder })}
      onDelete={(folder) => actor.send({ type: 'folder.deleteRequested', folder })}
      onMove={(folder) => actor.send({ type: 'folder.moveRequested', folder })}
    />
  );
}
