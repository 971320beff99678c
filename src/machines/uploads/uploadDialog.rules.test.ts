// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { folderChoices } from './uploadDialog.rules';

const tree = [
  { id: '1', name: 'Default folder', depth: 0 },
  { id: 'f2', name: 'Clients', depth: 0 },
  { id: 'f3', name: 'ACME', depth: 1 },
];

describe('folder choices of the upload form', () => {
  it("lists the user's folders in tree order", () => {
    expect(folderChoices(tree, { folderId: 'f3' }, 'Default folder')).toEqual(tree);
  });

  it('offers the default folder while the tree is not loaded', () => {
    expect(folderChoices([], { folderId: '1' }, 'Default folder')).toEqual([{ id: '1', name: 'Default folder', depth: 0 }]);
  });

  it('keeps the chosen folder visible when the tree does not hold it', () => {
    expect(folderChoices(tree, { folderId: 'f9', folderName: 'Gone' }, 'Default folder').at(-1)).toEqual({ id: 'f9', name: 'Gone', depth: 0 });
    expect(folderChoices([], { folderId: 'f9' }, 'Default').map((f) => f.id)).toEqual(['1', 'f9']);
  });

  it("reads the legacy '0' as the default folder", () => {
    expect(folderChoices(tree, { folderId: '0' }, 'Default folder')).toEqual(tree);
  });
});
