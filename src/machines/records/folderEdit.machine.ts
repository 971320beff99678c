// The folder tree of the left navigation and its edits (platform §2, §5): load, create (top level
// or sub-folder), rename, move under another parent, delete with a confirmation. Names are checked here with the spec's limits
// before any call; the server checks them again and adds the (1), (2)… suffix to duplicates.
import { assign, emit, enqueueActions, fromPromise, not, setup } from 'xstate';
import { DEFAULT_FOLDER_ID, FOLDER_MAX_ANCESTORS, FOLDER_NAME_MAX } from '../../shared/contract/limits';
import { editFolderActor } from '../../api/records/edit-folder';
import { fetchFolderTreeActor } from '../../api/records/folder-tree';
import { removeFolderActor } from '../../api/records/remove-folder';
import type { FolderSave } from './recordList.types';
import { describeError, type ErrorText } from '../../api/errors';
import type { FolderNode, FolderRemoval } from './recordList.types';
import type { Notice } from '../notice';

/** The fields of a folder the rules need (the tree's nodes have them all). */
export interface FolderRef {
  id: string;
  name: string;
  ancestors: string;
  isDefault?: boolean;
}

export interface FolderDraft {
  mode: 'create' | 'rename';
  /** The folder being renamed. */
  id?: string;
  /** Where a new folder goes; null is the top level. */
  parent: FolderRef | null;
  name: string;
}

export interface FolderEditContext extends ErrorText {
  tree: FolderNode[];
  draft: FolderDraft | null;
  pendingDelete: FolderRef | null;
  /** The folder whose new parent is being chosen. */
  pendingMove: FolderRef | null;
  /** The parent chosen for it (TOP_LEVEL_PARENT_ID for the top level) while the move is saved. */
  moveParentId: string | null;
  lastSaved: FolderNode | null;
  lastRemoval: FolderRemoval | null;
}

/**
 * `folders.changed` after every change that may have moved records or renamed their folder, so
 * lists read again; notices for what the route shows as toasts (refusals outside the dialog, a
 * done delete).
 */
export type FolderEditEmitted = { type: 'folders.changed' } | Notice;

export type FolderEditEvent =
  | { type: 'tree.load' }
  | { type: 'folder.createRequested'; parent: FolderRef | null }
  | { type: 'folder.renameRequested'; folder: FolderRef }
  | { type: 'folder.nameChanged'; name: string }
  | { type: 'folder.submitted' }
  | { type: 'folder.cancelled' }
  | { type: 'folder.deleteRequested'; folder: FolderRef }
  | { type: 'folder.deleteConfirmed' }
  | { type: 'folder.moveRequested'; folder: FolderRef }
  /** parentId null is the top level. */
  | { type: 'folder.moveConfirmed'; parentId: string | null };

export const FOLDER_NAME_REQUIRED_KEY = 'records:folderNameRequired';
export const FOLDER_NAME_TOO_LONG_KEY = 'records:folderNameTooLong';
export const FOLDER_TOO_DEEP_KEY = 'records:folderTooDeep';
export const DEFAULT_FOLDER_FIXED_KEY = 'records:defaultFolderFixed';
export const TREE_FAILED_KEY = 'records:loadFailed';
export const DEFAULT_FOLDER_NOT_MOVABLE_KEY = 'records:defaultFolderNotMovable';
export const FOLDER_MOVE_INVALID_KEY = 'records:folderMoveInvalid';
/** The parentId the server reads as the top level. */
export const TOP_LEVEL_PARENT_ID = '0';

export function ancestorCount(ancestors: string): number {
  return ancestors.split(',').filter(Boolean).length;
}

const isDefaultFolder = (folder: FolderRef) => folder.isDefault === true || folder.id === DEFAULT_FOLDER_ID;

/** platform §5: a sub-folder only while the ancestors list has fewer than 3 entries; never in the default folder. */
export function canAddSubfolder(folder: FolderRef): boolean {
  return !isDefaultFolder(folder) && ancestorCount(folder.ancestors) < FOLDER_MAX_ANCESTORS;
}

export function canDeleteFolder(folder: FolderRef): boolean {
  return !isDefaultFolder(folder);
}

/** Every folder below `folder` in the tree (not itself). */
export function descendantsOf(tree: FolderNode[], id: string): FolderNode[] {
  const walk = (nodes: FolderNode[]): FolderNode[] => nodes.flatMap((node) => [node, ...walk(node.children)]);
  const find = (nodes: FolderNode[]): FolderNode | undefined => {
    for (const node of nodes) {
      if (node.id === id) return node;
      const inner = find(node.children);
      if (inner) return inner;
    }
    return undefined;
  };
  const folder = find(tree);
  return folder ? walk(folder.children) : [];
}

function findFolder(tree: FolderNode[], id: string): FolderNode | undefined {
  for (const node of tree) {
    if (node.id === id) return node;
    const inner = findFolder(node.children, id);
    if (inner) return inner;
  }
  return undefined;
}

/** How many levels hang below a folder (0 for a leaf). */
function heightOf(folder: FolderNode): number {
  return folder.children.reduce((highest, child) => Math.max(highest, 1 + heightOf(child)), 0);
}

export function canMoveFolder(folder: FolderRef): boolean {
  return !isDefaultFolder(folder);
}

/**
 * Whether `folder` may move under `parentId` (null: top level): never into itself or its own
 * sub-folders, never into the default folder, and its whole branch must keep every folder within
 * the depth rule (ancestors list of at most 3 entries, as a sub-folder needs fewer than 3 above it).
 */
export function canMoveTo(tree: FolderNode[], folder: FolderRef, parentId: string | null): boolean {
  if (!canMoveFolder(folder)) return false;
  const node = findFolder(tree, folder.id);
  if (!node) return false;
  const height = heightOf(node);
  if (parentId === null) return 1 + height <= FOLDER_MAX_ANCESTORS;
  if (parentId === folder.id || descendantsOf(tree, folder.id).some((d) => d.id === parentId)) return false;
  const parent = findFolder(tree, parentId);
  if (!parent || isDefaultFolder(parent)) return false;
  return ancestorCount(parent.ancestors) + 1 + height <= FOLDER_MAX_ANCESTORS;
}

/** The places a folder may move to, in tree order with depths; the current parent is included. */
export function moveTargets(tree: FolderNode[], folder: FolderRef): Array<{ folder: FolderNode; depth: number }> {
  return flattenTree(tree).filter(({ folder: candidate }) => canMoveTo(tree, folder, candidate.id));
}

function nameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return FOLDER_NAME_REQUIRED_KEY;
  if (trimmed.length > FOLDER_NAME_MAX) return FOLDER_NAME_TOO_LONG_KEY;
  return null;
}

const noError = { errorKey: undefined, errorMessage: undefined, errorCode: undefined } as const;

export const folderEditMachine = setup({
  types: {
    context: {} as FolderEditContext,
    events: {} as FolderEditEvent,
    emitted: {} as FolderEditEmitted,
  },
  actors: {
    fetchTree: fetchFolderTreeActor,
    saveFolder: editFolderActor,
    removeFolder: removeFolderActor,
  },
  guards: {
    parentTakesChildren: ({ event }) =>
      event.type === 'folder.createRequested' && (event.parent === null || canAddSubfolder(event.parent)),
    deletable: ({ event }) => event.type === 'folder.deleteRequested' && canDeleteFolder(event.folder),
    nameInvalid: ({ context }) => nameProblem(context.draft?.name ?? '') !== null,
    movable: ({ event }) => event.type === 'folder.moveRequested' && canMoveFolder(event.folder),
    moveAllowed: ({ context, event }) =>
      event.type === 'folder.moveConfirmed' && context.pendingMove !== null && canMoveTo(context.tree, context.pendingMove, event.parentId),
    moveChangesParent: ({ context, event }) => {
      if (event.type !== 'folder.moveConfirmed' || !context.pendingMove) return false;
      const current = findFolder(context.tree, context.pendingMove.id)?.parentId ?? TOP_LEVEL_PARENT_ID;
      return (event.parentId ?? TOP_LEVEL_PARENT_ID) !== current;
    },
  },
  actions: {
    rememberFailure: assign((_, error: unknown) => describeError(error, TREE_FAILED_KEY)),
    /** Tells the failure just remembered (outside the dialogs, which show it in place). */
    noticeFailure: enqueueActions(({ context, enqueue }) => {
      enqueue.emit({ type: 'notice', level: 'warning', message: context.errorMessage, messageKey: context.errorKey });
    }),
    refuse: enqueueActions(({ enqueue }, messageKey: string) => {
      enqueue.assign({ errorKey: messageKey, errorMessage: undefined });
      enqueue.emit({ type: 'notice', level: 'warning', messageKey });
    }),
    announceChange: emit({ type: 'folders.changed' }),
  },
}).createMachine({
  id: 'folderEdit',
  context: { tree: [], draft: null, pendingDelete: null, pendingMove: null, moveParentId: null, lastSaved: null, lastRemoval: null },
  initial: 'idle',
  states: {
    // Nothing is loaded until the session is signed in (a signed-out home page must not call).
    idle: {
      on: { 'tree.load': 'loadingTree' },
    },
    loadingTree: {
      invoke: {
        id: 'fetchTree',
        src: 'fetchTree',
        onDone: { target: 'ready', actions: assign({ tree: ({ event }) => event.output }) },
        onError: {
          target: 'ready',
          actions: [{ type: 'rememberFailure', params: ({ event }: { event: { error: unknown } }) => event.error }, 'noticeFailure'],
        },
      },
    },
    ready: {
      on: {
        'tree.load': 'loadingTree',
        'folder.createRequested': [
          {
            guard: 'parentTakesChildren',
            target: 'editing',
            actions: assign(({ event }) => ({ draft: { mode: 'create' as const, parent: event.parent, name: '' }, ...noError })),
          },
          { actions: { type: 'refuse', params: FOLDER_TOO_DEEP_KEY } },
        ],
        'folder.renameRequested': {
          target: 'editing',
          actions: assign(({ event }) => ({
            draft: { mode: 'rename' as const, id: event.folder.id, parent: null, name: event.folder.name },
            ...noError,
          })),
        },
        'folder.deleteRequested': [
          { guard: 'deletable', target: 'confirmingDelete', actions: assign(({ event }) => ({ pendingDelete: event.folder, ...noError })) },
          { actions: { type: 'refuse', params: DEFAULT_FOLDER_FIXED_KEY } },
        ],
        'folder.moveRequested': [
          { guard: 'movable', target: 'choosingParent', actions: assign(({ event }) => ({ pendingMove: event.folder, ...noError })) },
          { actions: { type: 'refuse', params: DEFAULT_FOLDER_NOT_MOVABLE_KEY } },
        ],
      },
    },
    choosingParent: {
      on: {
        'folder.moveConfirmed': [
          // The choices offer only allowed places; a stale or forged choice is refused before any call.
          { guard: not('moveAllowed'), actions: assign({ errorKey: FOLDER_MOVE_INVALID_KEY, errorMessage: undefined }) },
          {
            guard: 'moveChangesParent',
            target: 'moving',
            actions: assign(({ event }) => ({ moveParentId: event.parentId ?? TOP_LEVEL_PARENT_ID, ...noError })),
          },
          { target: 'ready', actions: assign({ pendingMove: null, ...noError }) },
        ],
        'folder.cancelled': { target: 'ready', actions: assign({ pendingMove: null, ...noError }) },
      },
    },
    moving: {
      invoke: {
        id: 'moveFolder',
        src: 'saveFolder',
        input: ({ context }) => ({
          id: context.pendingMove!.id,
          parentId: context.moveParentId ?? TOP_LEVEL_PARENT_ID,
          folderName: context.pendingMove!.name,
        }),
        // A name taken under the new parent gets (1), which changes the records' folder name too.
        onDone: {
          target: 'loadingTree',
          actions: [assign(({ event }) => ({ lastSaved: event.output, pendingMove: null, moveParentId: null })), 'announceChange'],
        },
        onError: {
          target: 'choosingParent',
          actions: [assign({ moveParentId: null }), { type: 'rememberFailure', params: ({ event }: { event: { error: unknown } }) => event.error }],
        },
      },
    },
    editing: {
      on: {
        'folder.nameChanged': {
          actions: assign(({ context, event }) => ({
            // The input is capped too; the cut here keeps a pasted name within the limit as well.
            draft: context.draft ? { ...context.draft, name: event.name.slice(0, FOLDER_NAME_MAX) } : null,
            ...noError,
          })),
        },
        'folder.submitted': [
          { guard: 'nameInvalid', actions: assign({ errorKey: ({ context }) => nameProblem(context.draft?.name ?? '') ?? undefined }) },
          { target: 'saving' },
        ],
        'folder.cancelled': { target: 'ready', actions: assign({ draft: null, ...noError }) },
      },
    },
    saving: {
      invoke: {
        id: 'saveFolder',
        src: 'saveFolder',
        input: ({ context }) => {
          const draft = context.draft!;
          return draft.mode === 'rename'
            ? { id: draft.id!, folderName: draft.name.trim() }
            : { folderName: draft.name.trim(), ...(draft.parent ? { parentId: draft.parent.id } : {}) };
        },
        onDone: {
          target: 'loadingTree',
          actions: [assign(({ event }) => ({ lastSaved: event.output, draft: null })), 'announceChange'],
        },
        onError: { target: 'editing', actions: { type: 'rememberFailure', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    confirmingDelete: {
      on: {
        'folder.deleteConfirmed': 'deleting',
        'folder.cancelled': { target: 'ready', actions: assign({ pendingDelete: null }) },
      },
    },
    deleting: {
      invoke: {
        id: 'removeFolder',
        src: 'removeFolder',
        input: ({ context }) => ({ id: context.pendingDelete!.id }),
        onDone: {
          target: 'loadingTree',
          actions: [
            assign(({ event }) => ({ lastRemoval: event.output, pendingDelete: null })),
            'announceChange',
            emit(({ event }) => ({
              type: 'notice' as const,
              level: 'success' as const,
              messageKey: 'records:folderDeleted',
              messageParams: { count: event.output.movedRecordCount },
            })),
          ],
        },
        onError: {
          target: 'ready',
          actions: [assign({ pendingDelete: null }), { type: 'rememberFailure', params: ({ event }: { event: { error: unknown } }) => event.error }, 'noticeFailure'],
        },
      },
    },
  },
});

/** The tree as a flat list in display order (default folder first, as the server sends it). */
export function flattenTree(tree: FolderNode[], depth = 0): Array<{ folder: FolderNode; depth: number }> {
  return tree.flatMap((folder) => [{ folder, depth }, ...flattenTree(folder.children, depth + 1)]);
}

/** The folder tree as loaded (the left navigation and the move dialogs draw it). */
export const selectTree = (snapshot: { context: FolderEditContext }) => snapshot.context.tree;
/** The drafts, pending delete/move and errors the dialogs show. */
export const selectFolderContext = (snapshot: { context: FolderEditContext }) => snapshot.context;
export type FolderPhase = 'idle' | 'loadingTree' | 'ready' | 'choosingParent' | 'moving' | 'editing' | 'saving' | 'confirmingDelete' | 'deleting';
/** The machine's (flat) state as one string the dialogs compare cheaply. */
export const selectFolderPhase = (snapshot: { value: unknown }) => snapshot.value as FolderPhase;
