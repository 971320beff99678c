// @vitest-environment node
// The dubbing dialog's folder options: the tree flattened depth first with depths, the default
// folder always offered, and only the default folder until the tree is read.
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { DUB_DEFAULT_FOLDER_ID } from '../../shared/contract/dub-limits';
import { dubFoldersMachine, flattenFolders, selectDubFolderOptions } from './dubFolders.machine';
import { pathsModel, TREE } from './dubFolders.paths';

describe('flattenFolders', () => {
  it('lists a folder before its children, with their depth', () => {
    expect(flattenFolders(TREE).map((o) => [o.id, o.name, o.depth])).toEqual([
      ['1', 'Default', 0],
      ['f1', 'Talks', 0],
      ['f2', '2025', 1],
    ]);
  });
  it('offers the default folder first when the tree does not list it', () => {
    expect(flattenFolders(TREE.slice(1)).map((o) => o.id)).toEqual([DUB_DEFAULT_FOLDER_ID, 'f1', 'f2']);
  });
});

describe('dubFoldersMachine', () => {
  it('offers only the default folder after a failed read, and the tree after a reload', async () => {
    const actor = createActor(pathsModel.machine as typeof dubFoldersMachine).start();
    await waitFor(actor, (s) => s.matches('failed'));
    expect(selectDubFolderOptions(actor.getSnapshot()).map((o) => o.id)).toEqual([DUB_DEFAULT_FOLDER_ID]);
    actor.send({ type: 'folders.reload' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(selectDubFolderOptions(actor.getSnapshot()).map((o) => o.id)).toEqual(['1', 'f1', 'f2']);
  });
});
