// The folder choice of the AI dubbing dialog (features §2 'folder selection'): the user's folder
// tree read once (foldersFolder) and flattened into the picker's options, depth first, each with its
// depth so the picker can indent it. Until the tree arrives, or when it cannot be read, the only
// option is the default folder '1' (the form's default); the dialog may ask again. The server
// checks the chosen folder is the user's when the task is created.
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { components } from '../../api/schema';
import { getDubFolderTree } from '../../api/dubbing/get-folder-tree';
import { DUB_DEFAULT_FOLDER_ID } from '../../shared/contract/dub-limits';

type Folder = components['schemas']['Folder'];

export interface DubFolderOption {
  id: string;
  /** The folder's own name; null for the default folder before the server named it (the dialog translates). */
  name: string | null;
  depth: number;
}

export interface DubFoldersContext {
  options: DubFolderOption[];
  attempts: number;
}

export type DubFoldersEvent = { type: 'folders.reload' };

export const defaultFolderOnly = (): DubFolderOption[] => [{ id: DUB_DEFAULT_FOLDER_ID, name: null, depth: 0 }];

/** The tree depth first (a folder, then its children), the default folder first when the tree lacks it. */
export function flattenFolders(tree: readonly Folder[]): DubFolderOption[] {
  const out: DubFolderOption[] = [];
  const walk = (folders: readonly Folder[], depth: number) => {
    for (const folder of folders) {
      out.push({ id: folder.id, name: folder.name, depth });
      walk(folder.children ?? [], depth + 1);
    }
  };
  walk(tree, 0);
  return out.some((option) => option.id === DUB_DEFAULT_FOLDER_ID) ? out : [...defaultFolderOnly(), ...out];
}

export const dubFoldersMachine = setup({
  types: { context: {} as DubFoldersContext, events: {} as DubFoldersEvent },
  actors: { load: fromPromise<Folder[], { attempt: number }>(() => getDubFolderTree()) },
}).createMachine({
  id: 'dubFolders',
  context: { options: defaultFolderOnly(), attempts: 0 },
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ attempts: ({ context }) => context.attempts + 1 }),
      invoke: {
        src: 'load',
        id: 'load',
        input: ({ context }) => ({ attempt: context.attempts }),
        onDone: { target: 'ready', actions: assign({ options: ({ event }) => flattenFolders(event.output) }) },
        onError: 'failed',
      },
    },
    ready: { on: { 'folders.reload': 'loading' } },
    failed: { on: { 'folders.reload': 'loading' } },
  },
});

export type DubFoldersSnapshot = SnapshotFrom<typeof dubFoldersMachine>;
export const selectDubFolderOptions = (snapshot: DubFoldersSnapshot) => snapshot.context.options;
export const selectDubFoldersFailed = (snapshot: DubFoldersSnapshot) => snapshot.matches('failed');
