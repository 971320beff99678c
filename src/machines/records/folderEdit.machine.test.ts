// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { FOLDER_NAME_MAX } from '../../shared/contract/limits';
import type { FolderSave } from './recordList.types';
import {
  DEFAULT_FOLDER_FIXED_KEY,
  DEFAULT_FOLDER_NOT_MOVABLE_KEY,
  FOLDER_MOVE_INVALID_KEY,
  canMoveFolder,
  canMoveTo,
  moveTargets,
  FOLDER_NAME_REQUIRED_KEY,
  FOLDER_TOO_DEEP_KEY,
  canAddSubfolder,
  canDeleteFolder,
  descendantsOf,
  flattenTree,
  folderEditMachine,
} from './folderEdit.machine';
import { DEFAULT, LEAF, MIDDLE, OTHER, REMOVAL, TOP, TREE, WIDE_TREE } from './folderEdit.doubles';
import type { FolderNode, FolderRemoval } from './recordList.types';

function start(
  save: (input: FolderSave) => Promise<FolderNode> = async (input) => ({ ...TOP, id: '99', name: input.folderName }),
  tree: FolderNode[] = TREE,
) {
  const saves: FolderSave[] = [];
  const removals: string[] = [];
  let loads = 0;
  const machine = folderEditMachine.provide({
    actors: {
      fetchTree: fromPromise<FolderNode[]>(async () => {
        loads += 1;
        return tree;
      }),
      saveFolder: fromPromise<FolderNode, FolderSave>(({ input }) => {
        saves.push(input);
        return save(input);
      }),
      removeFolder: fromPromise<FolderRemoval, { id: string }>(async ({ input }) => {
        removals.push(input.id);
        return REMOVAL;
      }),
    },
  });
  const actor = createActor(machine).start();
  return { actor, saves, removals, loads: () => loads };
}

describe('folder rules', () => {
  it('allows a sub-folder only while the ancestors list has fewer than 3 entries, never in the default folder', () => {
    expect(canAddSubfolder(TOP)).toBe(true);
    expect(canAddSubfolder(MIDDLE)).toBe(true);
    expect(canAddSubfolder(LEAF)).toBe(false);
    expect(canAddSubfolder(DEFAULT)).toBe(false);
    expect(canDeleteFolder(DEFAULT)).toBe(false);
    expect(canDeleteFolder({ id: '1', name: 'x', ancestors: '0' })).toBe(false);
    expect(canDeleteFolder(LEAF)).toBe(true);
  });

  it('lists the tree in order with depths and finds descendants', () => {
    expect(flattenTree(TREE).map(({ folder, depth }) => `${folder.id}@${depth}`)).toEqual(['1@0', '10@0', '11@1', '12@2']);
    expect(descendantsOf(TREE, '10').map((f) => f.id)).toEqual(['11', '12']);
    expect(descendantsOf(TREE, '12')).toEqual([]);
  });
});

describe('folderEdit machine', () => {
  it('loads nothing until asked, then the tree', async () => {
    const { actor, loads } = start();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(loads()).toBe(0);
    actor.send({ type: 'tree.load' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.tree).toEqual(TREE);
  });

  it("requires a name ('Please enter the folder name'), caps it at 250 and creates a sub-folder with the trimmed name", async () => {
    const { actor, saves } = start();
    const changes: unknown[] = [];
    actor.on('folders.changed', (event) => changes.push(event));
    actor.send({ type: 'tree.load' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'folder.createRequested', parent: MIDDLE });
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'folder.nameChanged', name: '   ' });
    actor.send({ type: 'folder.submitted' });
    expect(actor.getSnapshot().context.errorKey).toBe(FOLDER_NAME_REQUIRED_KEY);
    expect(saves).toEqual([]);
    actor.send({ type: 'folder.nameChanged', name: 'x'.repeat(FOLDER_NAME_MAX + 10) });
    expect(actor.getSnapshot().context.draft?.name).toHaveLength(FOLDER_NAME_MAX);
    actor.send({ type: 'folder.nameChanged', name: '  Q4  ' });
    actor.send({ type: 'folder.submitted' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(saves).toEqual([{ folderName: 'Q4', parentId: '11' }]);
    expect(changes).toEqual([{ type: 'folders.changed' }]);
    expect(actor.getSnapshot().context.draft).toBeNull();
  });

  it('refuses a fourth level before any call', async () => {
    const { actor, saves } = start();
    actor.send({ type: 'tree.load' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'folder.createRequested', parent: LEAF });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.errorKey).toBe(FOLDER_TOO_DEEP_KEY);
    expect(saves).toEqual([]);
  });

  it('renames with the id and keeps the dialog open with the server message on a refusal', async () => {
    const { actor, saves } = start(async () => {
      throw { kind: 'business', code: 400, message: 'A folder name may not contain control characters' };
    });
    actor.send({ type: 'tree.load' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'folder.renameRequested', folder: TOP });
    expect(actor.getSnapshot().context.draft?.name).toBe('Work');
    actor.send({ type: 'folder.nameChanged', name: 'Bad\u0007' });
    actor.send({ type: 'folder.submitted' });
    await waitFor(actor, (s) => s.matches('editing') && !!s.context.errorMessage);
    expect(saves).toEqual([{ id: '10', folderName: 'Bad\u0007' }]);
    actor.send({ type: 'folder.cancelled' });
    expect(actor.getSnapshot().value).toBe('ready');
  });

  it('never offers to delete the default folder and deletes another after a confirmation', async () => {
    const { actor, removals } = start();
    const told: Array<{ type: string }> = [];
    actor.on('*', (event) => told.push(event));
    actor.send({ type: 'tree.load' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'folder.deleteRequested', folder: DEFAULT });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.errorKey).toBe(DEFAULT_FOLDER_FIXED_KEY);
    actor.send({ type: 'folder.deleteRequested', folder: TOP });
    expect(actor.getSnapshot().value).toBe('confirmingDelete');
    actor.send({ type: 'folder.cancelled' });
    expect(removals).toEqual([]);
    actor.send({ type: 'folder.deleteRequested', folder: TOP });
    actor.send({ type: 'folder.deleteConfirmed' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.lastRemoval !== null);
    expect(removals).toEqual(['10']);
    expect(actor.getSnapshot().context.lastRemoval).toEqual(REMOVAL);
    expect(told).toEqual([
      { type: 'notice', level: 'warning', messageKey: DEFAULT_FOLDER_FIXED_KEY },
      { type: 'folders.changed' },
      { type: 'notice', level: 'success', messageKey: 'records:folderDeleted', messageParams: { count: REMOVAL.movedRecordCount } },
    ]);
  });
});


describe('folder move rules', () => {
  it('never moves the default folder, into itself, into its own sub-folders or into the default folder', () => {
    expect(canMoveFolder(DEFAULT)).toBe(false);
    expect(canMoveTo(WIDE_TREE, DEFAULT, null)).toBe(false);
    expect(canMoveTo(WIDE_TREE, MIDDLE, '11')).toBe(false);
    expect(canMoveTo(WIDE_TREE, MIDDLE, '12')).toBe(false);
    expect(canMoveTo(WIDE_TREE, TOP, '11')).toBe(false);
    expect(canMoveTo(WIDE_TREE, LEAF, '1')).toBe(false);
    expect(canMoveTo(WIDE_TREE, LEAF, 'missing')).toBe(false);
  });

  it('keeps the whole moved branch within three levels (ancestors list of at most 3 entries)', () => {
    // Work > Meetings > Q3 is three deep already: under Clients it would be four.
    expect(canMoveTo(WIDE_TREE, TOP, '20')).toBe(false);
    expect(canMoveTo(WIDE_TREE, TOP, null)).toBe(true);
    // Meetings > Q3 fits under Clients (Clients > Meetings > Q3).
    expect(canMoveTo(WIDE_TREE, MIDDLE, '20')).toBe(true);
    expect(canMoveTo(WIDE_TREE, LEAF, null)).toBe(true);
    expect(canMoveTo(WIDE_TREE, LEAF, '10')).toBe(true);
    // Q3 has 3 entries in its ancestors list, so nothing goes under it.
    expect(canMoveTo(WIDE_TREE, OTHER, '12')).toBe(false);
    expect(canMoveTo(WIDE_TREE, OTHER, '11')).toBe(true);
  });

  it('offers the allowed parents in tree order, the current one included', () => {
    expect(moveTargets(WIDE_TREE, MIDDLE).map(({ folder }) => folder.id)).toEqual(['10', '20']);
    expect(moveTargets(WIDE_TREE, OTHER).map(({ folder, depth }) => `${folder.id}@${depth}`)).toEqual(['10@0', '11@1']);
    expect(moveTargets(WIDE_TREE, TOP)).toEqual([]);
  });
});

describe('folderEdit machine: moving a folder', () => {
  async function ready(save?: (input: FolderSave) => Promise<FolderNode>) {
    const started = start(save ?? (async (input) => ({ ...MIDDLE, parentId: input.parentId ?? '0', name: input.folderName })), WIDE_TREE);
    started.actor.send({ type: 'tree.load' });
    await waitFor(started.actor, (s) => s.matches('ready'));
    return started;
  }

  it('refuses to move the default folder without asking for a place', async () => {
    const { actor, saves } = await ready();
    const notices: unknown[] = [];
    actor.on('notice', (notice) => notices.push(notice));
    actor.send({ type: 'folder.moveRequested', folder: DEFAULT });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.errorKey).toBe(DEFAULT_FOLDER_NOT_MOVABLE_KEY);
    expect(notices).toEqual([{ type: 'notice', level: 'warning', messageKey: DEFAULT_FOLDER_NOT_MOVABLE_KEY }]);
    expect(saves).toEqual([]);
  });

  it('refuses a descendant before any call, then moves to the top level with editFolder {id, parentId, folderName}', async () => {
    const { actor, saves, loads } = await ready();
    const changes: unknown[] = [];
    actor.on('folders.changed', (event) => changes.push(event));
    actor.send({ type: 'folder.moveRequested', folder: MIDDLE });
    expect(actor.getSnapshot().value).toBe('choosingParent');
    actor.send({ type: 'folder.moveConfirmed', parentId: '12' });
    expect(actor.getSnapshot().value).toBe('choosingParent');
    expect(actor.getSnapshot().context.errorKey).toBe(FOLDER_MOVE_INVALID_KEY);
    expect(saves).toEqual([]);

    actor.send({ type: 'folder.moveConfirmed', parentId: null });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(saves).toEqual([{ id: '11', parentId: '0', folderName: 'Meetings' }]);
    expect(loads()).toBe(2);
    expect(changes).toHaveLength(1);
    expect(actor.getSnapshot().context.pendingMove).toBeNull();
  });

  it('moves under another folder, and keeps the choice open with the server message on a refusal', async () => {
    const { actor, saves } = await ready(async () => {
      throw { kind: 'business', code: 400, message: 'Folders go at most three levels deep' };
    });
    actor.send({ type: 'folder.moveRequested', folder: MIDDLE });
    actor.send({ type: 'folder.moveConfirmed', parentId: '20' });
    await waitFor(actor, (s) => s.matches('choosingParent') && !!s.context.errorMessage);
    expect(saves).toEqual([{ id: '11', parentId: '20', folderName: 'Meetings' }]);
    expect(actor.getSnapshot().context.errorMessage).toBe('Folders go at most three levels deep');
    actor.send({ type: 'folder.cancelled' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.pendingMove).toBeNull();
  });

  it('calls nothing when the chosen parent is the current one', async () => {
    const { actor, saves } = await ready();
    actor.send({ type: 'folder.moveRequested', folder: MIDDLE });
    actor.send({ type: 'folder.moveConfirmed', parentId: '10' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(saves).toEqual([]);
  });
});
