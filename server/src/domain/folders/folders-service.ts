// Folder calls: the tree, create/rename/move, and delete. Each checks ownership (another user's
// folder answers 'not found'), applies the spec's rules, and writes in one transaction.
import type { Kysely } from 'kysely';
import { DEFAULT_FOLDER_ID, FOLDER_MAX_ANCESTORS, FOLDER_NAME_MAX } from '../../../../src/shared/contract/limits';
import type { Clock } from '../../clock';
import type { Database, FolderRow } from '../../db/schema';
import { sortableId } from '../../db/sortable-id';
import { checkDisplayName } from '../records/display-name';
import {
  defaultFolderNoSubfolders,
  defaultFolderNotDeletable,
  defaultFolderNotMovable,
  folderMoveIntoItself,
  folderNameProblem,
  folderNotFound,
  folderTooDeep,
} from './folder-errors';
import { defaultFolderName, uniqueSiblingName } from './folder-names';
import {
  ancestorEntries,
  buildTree,
  childAncestors,
  defaultFolderView,
  descendantsOf,
  folderView,
  ROOT_PARENT_ID,
  type FolderView,
} from './folder-tree';

export interface FolderEdit {
  id?: string;
  parentId?: string;
  folderName: string;
}

export interface FolderRemoval {
  removedFolderIds: string[];
  movedRecordCount: number;
  movedToFolderId: string;
}

function checkedName(raw: string): string {
  const checked = checkDisplayName(raw, FOLDER_NAME_MAX);
  if ('problem' in checked) throw folderNameProblem(checked.problem);
  return checked.name;
}

async function foldersOf(db: Kysely<Database>, userId: string): Promise<FolderRow[]> {
  return db.selectFrom('folders').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
}

/** The parent a create or move asks for: null for the top level; the default folder takes no children. */
function requestedParent(all: FolderRow[], parentId: string | undefined): FolderRow | null {
  if (parentId === undefined || parentId === ROOT_PARENT_ID) return null;
  if (parentId === DEFAULT_FOLDER_ID) throw defaultFolderNoSubfolders();
  const parent = all.find((folder) => folder.id === parentId);
  if (!parent) throw folderNotFound();
  return parent;
}

const siblingNames = (all: FolderRow[], parentId: string | null, exceptId?: string) =>
  all.filter((folder) => folder.parent_id === parentId && folder.id !== exceptId).map((folder) => folder.name);

export function createFoldersService({ db, clock }: { db: Kysely<Database>; clock: Clock }) {
  async function renameDefault(userId: string, name: string, parentId: string | undefined): Promise<FolderView> {
    if (parentId !== undefined && parentId !== ROOT_PARENT_ID) throw defaultFolderNotMovable();
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('default_folder_names').where('user_id', '=', userId).execute();
      await trx.insertInto('default_folder_names').values({ user_id: userId, name }).execute();
    });
    return defaultFolderView(name);
  }

  return {
    async tree(userId: string, defaultFolderLabel: string): Promise<FolderView[]> {
      const [rows, defaultName] = await Promise.all([foldersOf(db, userId), defaultFolderName(db, userId, defaultFolderLabel)]);
      return buildTree(rows, defaultName);
    },

    async edit(userId: string, edit: FolderEdit): Promise<FolderView> {
      const name = checkedName(edit.folderName);
      if (edit.id === DEFAULT_FOLDER_ID) return renameDefault(userId, name, edit.parentId);
      return db.transaction().execute(async (trx) => {
        const all = await foldersOf(trx, userId);
        if (edit.id === undefined) {
          const parent = requestedParent(all, edit.parentId);
          const ancestors = childAncestors(parent);
          if (ancestorEntries(ancestors).length > FOLDER_MAX_ANCESTORS) throw folderTooDeep();
          const row: FolderRow = {
            id: sortableId(),
            user_id: userId,
            parent_id: parent?.id ?? null,
            name: uniqueSiblingName(name, siblingNames(all, parent?.id ?? null), FOLDER_NAME_MAX),
            ancestors,
            created_at: clock.now().toISOString(),
          };
          await trx.insertInto('folders').values(row).execute();
          return folderView(row);
        }

        const folder = all.find((candidate) => candidate.id === edit.id);
        if (!folder) throw folderNotFound();
        const descendants = descendantsOf(folder, all);
        const moving = edit.parentId !== undefined && (edit.parentId === ROOT_PARENT_ID ? null : edit.parentId) !== folder.parent_id;
        let parentId = folder.parent_id;
        let ancestors = folder.ancestors;
        if (moving) {
          const parent = requestedParent(all, edit.parentId);
          if (parent && (parent.id === folder.id || descendants.some((d) => d.id === parent.id))) throw folderMoveIntoItself();
          parentId = parent?.id ?? null;
          ancestors = childAncestors(parent);
          // The whole moved branch must stay within the depth limit, not only the folder itself.
          const oldPrefix = `${folder.ancestors},${folder.id}`;
          const newPrefix = `${ancestors},${folder.id}`;
          const deepest = Math.max(
            ancestorEntries(ancestors).length,
            ...descendants.map((d) => ancestorEntries(newPrefix + d.ancestors.slice(oldPrefix.length)).length),
          );
          if (deepest > FOLDER_MAX_ANCESTORS) throw folderTooDeep();
          for (const descendant of descendants) {
            await trx
              .updateTable('folders')
              .set({ ancestors: newPrefix + descendant.ancestors.slice(oldPrefix.length) })
              .where('id', '=', descendant.id)
              .execute();
          }
        }
        const finalName = name === folder.name && !moving ? name : uniqueSiblingName(name, siblingNames(all, parentId, folder.id), FOLDER_NAME_MAX);
        await trx.updateTable('folders').set({ name: finalName, parent_id: parentId, ancestors }).where('id', '=', folder.id).execute();
        const updated = await foldersOf(trx, userId);
        const tree = buildTree(updated, '');
        const find = (nodes: FolderView[]): FolderView | undefined =>
          nodes.reduce<FolderView | undefined>((found, node) => found ?? (node.id === folder.id ? node : find(node.children)), undefined);
        return find(tree) ?? folderView({ ...folder, name: finalName, parent_id: parentId, ancestors });
      });
    },

    /** Deletes the folder and its sub-folders; their records move to the default folder. One transaction. */
    async remove(userId: string, id: string): Promise<FolderRemoval> {
      if (id === DEFAULT_FOLDER_ID) throw defaultFolderNotDeletable();
      return db.transaction().execute(async (trx) => {
        const all = await foldersOf(trx, userId);
        const folder = all.find((candidate) => candidate.id === id);
        if (!folder) throw folderNotFound();
        const removedFolderIds = [folder.id, ...descendantsOf(folder, all).map((d) => d.id)];
        const moved = await trx
          .updateTable('records')
          .set({ folder_id: null })
          .where('user_id', '=', userId)
          .where('folder_id', 'in', removedFolderIds)
          .executeTakeFirst();
        await trx.deleteFrom('folders').where('user_id', '=', userId).where('id', 'in', removedFolderIds).execute();
        return { removedFolderIds, movedRecordCount: Number(moved.numUpdatedRows), movedToFolderId: DEFAULT_FOLDER_ID };
      });
    },
  };
}

export type FoldersService = ReturnType<typeof createFoldersService>;
