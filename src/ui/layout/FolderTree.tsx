import { Box } from '@chakra-ui/react';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MoreMenu } from '../common/MoreMenu';

export interface FolderTreeNode {
  id: string;
  name: string;
  ancestors: string;
  isDefault?: boolean;
  children: FolderTreeNode[];
}

export interface FolderTreeProps {
  folders: readonly FolderTreeNode[];
  selectedId: string | null;
  canAddSubfolder(folder: FolderTreeNode): boolean;
  canDelete(folder: FolderTreeNode): boolean;
  canMove(folder: FolderTreeNode): boolean;
  onSelect(folderId: string): void;
  onAddSubfolder(folder: FolderTreeNode): void;
  onRename(folder: FolderTreeNode): void;
  onDelete(folder: FolderTreeNode): void;
  onMove(folder: FolderTreeNode): void;
}

type FolderAction = 'add' | 'rename' | 'move' | 'delete';

function FolderItem({ folder, depth, ...props }: FolderTreeProps & { folder: FolderTreeNode; depth: number }) {
  const { t } = useTranslation('records');
  const selected = props.selectedId === folder.id;
  const actions: FolderAction[] = [
    ...(props.canAddSubfolder(folder) ? (['add'] as const) : []),
    'rename',
    ...(props.canMove(folder) ? (['move'] as const) : []),
    ...(props.canDelete(folder) ? (['delete'] as const) : []),
  ];
  const label: Record<FolderAction, string> = { add: t('newSubfolder'), rename: t('renameFolder'), move: t('moveFolder'), delete: t('deleteFolder') };
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    props.onSelect(folder.id);
  };
  return (
    <Box role="treeitem" aria-selected={selected} aria-level={depth + 1} data-testid={`folder-item-${folder.id}`}>
      <Box
        display="flex"
        alignItems="center"
        borderRadius="md"
        bg={selected ? 'brand.subtle' : undefined}
        _hover={{ bg: selected ? 'brand.muted' : 'bg.muted' }}
        ps={`${12 + (depth + 1) * 14}px`}
      >
        {/* Names are text nodes: a folder called <b>x</b> shows those characters. */}
        <Box asChild flex="1" minW="0" py="1.5" fontSize="sm" color={selected ? 'brand.fg' : 'fg'} fontWeight={selected ? 'semibold' : 'normal'} truncate>
          <a href={`/recordList?folderId=${encodeURIComponent(folder.id)}`} onClick={onClick} title={folder.name} data-testid={`folder-link-${folder.id}`}>
            {folder.name}
          </a>
        </Box>
        <MoreMenu
          actions={actions}
          labels={label}
          onAction={(action) => {
            if (action === 'add') props.onAddSubfolder(folder);
            else if (action === 'rename') props.onRename(folder);
            else if (action === 'move') props.onMove(folder);
            else props.onDelete(folder);
          }}
          triggerLabel={t('folderActions', { name: folder.name })}
          triggerTestId={`folder-menu-${folder.id}`}
          itemTestId={(action) => `folder-action-${action}`}
          size="2xs"
        />
      </Box>
      {folder.children.length > 0 && (
        <Box role="group">
          {folder.children.map((child) => (
            <FolderItem key={child.id} {...props} folder={child} depth={depth + 1} />
          ))}
        </Box>
      )}
    </Box>
  );
}

/** The real folder tree under Records in the left navigation (platform §2). */
export function FolderTree(props: FolderTreeProps) {
  const { t } = useTranslation('records');
  return (
    <Box role="tree" aria-label={t('folders')} data-testid="folder-tree">
      {props.folders.map((folder) => (
        <FolderItem key={folder.id} {...props} folder={folder} depth={0} />
      ))}
    </Box>
  );
}
