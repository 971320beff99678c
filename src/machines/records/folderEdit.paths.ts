// Path model of the folder-edit machine (convention: src/testing/paths.ts). The save
// double refuses the name 'Taken' (as the server refuses control characters), so both outcomes of
// a save are walked; the tree is the fixed one of folderEdit.doubles.ts. Moves to the top level are
// refused by the double too, so a move's refusal (back to the choice) is walked as well. Removing
// MIDDLE is refused, and the tree cannot be read again once a removal went through, so the failure
// of each call is walked.
import { fromPromise, type AnyMachineSnapshot } from 'xstate';
import type { FolderSave } from './recordList.types';
import { TOP_LEVEL_PARENT_ID, folderEditMachine, type FolderEditContext } from './folderEdit.machine';
import { DEFAULT, LEAF, MIDDLE, REMOVAL, TOP, WIDE_TREE } from './folderEdit.doubles';
import type { PathsModel } from '../../testing/paths';
import type { FolderNode, FolderRemoval } from './recordList.types';

const REFUSAL = { kind: 'business', code: 400, message: 'Refused' };
const refused = (name: string | undefined) => (name ?? '').trim() === 'Taken';
const moveRefused = (parentId: string | null) => parentId === TOP_LEVEL_PARENT_ID;
const moveParentOf = (snapshot: AnyMachineSnapshot) => (snapshot.context as FolderEditContext).moveParentId;
const savedFolder = (name: string): FolderNode => ({ ...MIDDLE, id: '20', name, children: [] });
const draftName = (snapshot: AnyMachineSnapshot) => (snapshot.context as FolderEditContext).draft?.name;
const removalRefused = (id: string | undefined) => id === MIDDLE.id;
const pendingDeleteOf = (snapshot: AnyMachineSnapshot) => (snapshot.context as FolderEditContext).pendingDelete?.id;
const treeUnreadable = (context: FolderEditContext | undefined) => (context?.lastRemoval ?? null) !== null;
/** The tree read takes no input; the machine (its parent) holds what the double answers by. */
const parentContext = (self: { _parent?: { getSnapshot(): { context?: unknown } } }) =>
  self._parent?.getSnapshot().context as FolderEditContext | undefined;

export const pathsModel: PathsModel = {
  name: 'folderEdit',
  machine: folderEditMachine.provide({
    actors: {
      fetchTree: fromPromise<FolderNode[]>(async ({ self }) => {
        if (treeUnreadable(parentContext(self))) throw REFUSAL;
        return WIDE_TREE;
      }),
      saveFolder: fromPromise<FolderNode, FolderSave>(async ({ input }) => {
        if (refused(input.folderName)) throw REFUSAL;
        if (input.id && moveRefused(input.parentId ?? null)) throw REFUSAL;
        return savedFolder(input.folderName);
      }),
      removeFolder: fromPromise<FolderRemoval, { id: string }>(async ({ input }) => {
        if (removalRefused(input.id)) throw REFUSAL;
        return REMOVAL;
      }),
    },
  }),
  events: {
    'folder.createRequested': [
      { type: 'folder.createRequested', parent: null },
      { type: 'folder.createRequested', parent: LEAF },
    ],
    'folder.renameRequested': [{ type: 'folder.renameRequested', folder: TOP }],
    'folder.nameChanged': [
      { type: 'folder.nameChanged', name: ' ' },
      { type: 'folder.nameChanged', name: 'Taken' },
      { type: 'folder.nameChanged', name: 'Clients' },
    ],
    'folder.deleteRequested': [
      { type: 'folder.deleteRequested', folder: DEFAULT },
      { type: 'folder.deleteRequested', folder: TOP },
      { type: 'folder.deleteRequested', folder: MIDDLE },
    ],
    'folder.moveRequested': [
      { type: 'folder.moveRequested', folder: DEFAULT },
      { type: 'folder.moveRequested', folder: MIDDLE },
    ],
    'folder.moveConfirmed': [
      { type: 'folder.moveConfirmed', parentId: '12' },
      { type: 'folder.moveConfirmed', parentId: '10' },
      { type: 'folder.moveConfirmed', parentId: '20' },
      { type: 'folder.moveConfirmed', parentId: null },
    ],
    'xstate.done.actor.moveFolder': (snapshot) =>
      moveRefused(moveParentOf(snapshot)) ? [] : [{ type: 'xstate.done.actor.moveFolder', output: { ...MIDDLE, parentId: moveParentOf(snapshot) ?? '0' } }],
    'xstate.error.actor.moveFolder': (snapshot) => (moveRefused(moveParentOf(snapshot)) ? [{ type: 'xstate.error.actor.moveFolder', error: REFUSAL }] : []),
    'xstate.done.actor.fetchTree': (snapshot) =>
      treeUnreadable(snapshot.context as FolderEditContext) ? [] : [{ type: 'xstate.done.actor.fetchTree', output: WIDE_TREE }],
    'xstate.error.actor.fetchTree': (snapshot) =>
      treeUnreadable(snapshot.context as FolderEditContext) ? [{ type: 'xstate.error.actor.fetchTree', error: REFUSAL }] : [],
    'xstate.done.actor.saveFolder': (snapshot) =>
      refused(draftName(snapshot)) ? [] : [{ type: 'xstate.done.actor.saveFolder', output: savedFolder((draftName(snapshot) ?? '').trim()) }],
    'xstate.error.actor.saveFolder': (snapshot) => (refused(draftName(snapshot)) ? [{ type: 'xstate.error.actor.saveFolder', error: REFUSAL }] : []),
    'xstate.done.actor.removeFolder': (snapshot) =>
      removalRefused(pendingDeleteOf(snapshot)) ? [] : [{ type: 'xstate.done.actor.removeFolder', output: REMOVAL }],
    'xstate.error.actor.removeFolder': (snapshot) =>
      removalRefused(pendingDeleteOf(snapshot)) ? [{ type: 'xstate.error.actor.removeFolder', error: REFUSAL }] : [],
  },
  serializeContext: (context: FolderEditContext) => ({
    draft: context.draft ? { mode: context.draft.mode, name: context.draft.name } : null,
    deleting: context.pendingDelete?.id ?? null,
    moving: context.pendingMove?.id ?? null,
    to: context.moveParentId,
    error: context.errorKey ?? context.errorMessage ?? null,
    saved: context.lastSaved !== null,
    removed: context.lastRemoval !== null,
  }),
};
