// A fixed folder tree for the folder machine's tests and path model: the default folder and a
// chain three deep (ancestors '0', '0,10', '0,10,11').
import type { FolderNode } from './recordList.types';

export const LEAF: FolderNode = { id: '12', name: 'Q3', parentId: '11', ancestors: '0,10,11', isDefault: false, children: [] };
export const MIDDLE: FolderNode = { id: '11', name: 'Meetings', parentId: '10', ancestors: '0,10', isDefault: false, children: [LEAF] };
export const TOP: FolderNode = { id: '10', name: 'Work', parentId: '0', ancestors: '0', isDefault: false, children: [MIDDLE] };
export const DEFAULT: FolderNode = { id: '1', name: 'Default folder', parentId: '0', ancestors: '0', isDefault: true, children: [] };
export const TREE: FolderNode[] = [DEFAULT, TOP];
export const REMOVAL = { removedFolderIds: ['10', '11', '12'], movedRecordCount: 4, movedToFolderId: '1' };
/** TREE plus an empty top-level folder, so a branch has somewhere to move. */
export const OTHER: FolderNode = { id: '20', name: 'Clients', parentId: '0', ancestors: '0', isDefault: false, children: [] };
export const WIDE_TREE: FolderNode[] = [...TREE, OTHER];
