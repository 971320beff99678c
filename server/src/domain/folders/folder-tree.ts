// Folder rows → the contract's tree, and the ancestry arithmetic of the spec's comma form:
// a top-level folder has ancestors '0', its child '0,<parent>', its grandchild '0,<grand>,<parent>'.
import type { components } from '../../../../src/api/schema';
import { DEFAULT_FOLDER_ID } from '../../../../src/shared/contract/limits';
import type { FolderRow } from '../../db/schema';

export type FolderView = components['schemas']['Folder'];

export const ROOT_PARENT_ID = '0';

export function ancestorEntries(ancestors: string): string[] {
  return ancestors.split(',').filter(Boolean);
}

export function childAncestors(parent: FolderRow | null): string {
  return parent ? `${parent.ancestors},${parent.id}` : ROOT_PARENT_ID;
}

/** Every folder below `folder` (not itself), found by its id in their ancestors. */
export function descendantsOf(folder: FolderRow, all: FolderRow[]): FolderRow[] {
  return all.filter((other) => ancestorEntries(other.ancestors).includes(folder.id));
}

export function defaultFolderView(name: string): FolderView {
  return { id: DEFAULT_FOLDER_ID, name, parentId: ROOT_PARENT_ID, ancestors: ROOT_PARENT_ID, isDefault: true, children: [] };
}

export function folderView(row: FolderRow, children: FolderView[] = []): FolderView {
  return { id: row.id, name: row.name, parentId: row.parent_id ?? ROOT_PARENT_ID, ancestors: row.ancestors, isDefault: false, children };
}

/** The tree in creation order, the default folder first. */
export function buildTree(rows: FolderRow[], defaultName: string): FolderView[] {
  const byParent = new Map<string | null, FolderRow[]>();
  for (const row of rows) byParent.set(row.parent_id, [...(byParent.get(row.parent_id) ?? []), row]);
  const build = (parentId: string | null): FolderView[] =>
    (byParent.get(parentId) ?? []).map((row) => folderView(row, build(row.id)));
  return [defaultFolderView(defaultName), ...build(null)];
}
