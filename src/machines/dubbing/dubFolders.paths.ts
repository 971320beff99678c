// Path model of the dubbing dialog's folder choice (convention: src/testing/paths.ts). The double
// fails the first read and answers a two-level tree from the second (the default folder named by
// the server, one folder with a sub-folder); 'folders.reload' reads it again from ready or failed.
import { fromPromise, type AnyMachineSnapshot } from 'xstate';
import type { components } from '../../api/schema';
import type { PathsModel } from '../../testing/paths';
import { dubFoldersMachine, type DubFoldersContext } from './dubFolders.machine';

type Folder = components['schemas']['Folder'];

export const TREE: Folder[] = [
  { id: '1', name: 'Default', parentId: '0', ancestors: '0', isDefault: true, children: [] },
  { id: 'f1', name: 'Talks', parentId: '0', ancestors: '0', children: [{ id: 'f2', name: '2025', parentId: 'f1', ancestors: '0,f1', children: [] }] },
];

const FAILURE = { kind: 'network' };
const attempt = (snapshot: AnyMachineSnapshot) => (snapshot.context as DubFoldersContext).attempts;

export const pathsModel: PathsModel = {
  name: 'dubFolders',
  machine: dubFoldersMachine.provide({
    actors: {
      load: fromPromise<Folder[], { attempt: number }>(async ({ input }) => {
        if (input.attempt === 1) throw FAILURE;
        return TREE;
      }),
    },
  }),
  events: {
    'xstate.done.actor.load': (snapshot) => (attempt(snapshot) === 1 ? [] : [{ type: 'xstate.done.actor.load', output: TREE }]),
    'xstate.error.actor.load': (snapshot) => (attempt(snapshot) === 1 ? [{ type: 'xstate.error.actor.load', error: FAILURE }] : []),
  },
  serializeContext: (context: DubFoldersContext) => ({ options: context.options.map((o) => `${o.depth}:${o.id}`), attempts: Math.min(context.attempts, 2) }),
};
