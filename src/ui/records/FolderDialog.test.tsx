import { act, fireEvent, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test-render';
import { FolderTree, type FolderTreeNode } from '../layout/FolderTree';
import { FolderDialog } from './FolderDialog';
import { FolderMoveDialog } from './FolderMoveDialog';

// jsdom has no ResizeObserver; the menus' positioning asks for one.
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
beforeAll(() => {
  if (!('ResizeObserver' in globalThis)) vi.stubGlobal('ResizeObserver', NoResizeObserver);
});

describe('FolderDialog', () => {
  it('caps the name input at 250 characters, shows the error and submits', async () => {
    const onSubmit = vi.fn();
    const onNameChange = vi.fn();
    await renderUi(
      <FolderDialog open mode="create" name="" errorText="Please enter the folder name" busy={false} onNameChange={onNameChange} onSubmit={onSubmit} onCancel={vi.fn()} />,
    );
    const input = screen.getByTestId('folder-name-input');
    expect(input.getAttribute('maxlength')).toBe('250');
    expect(screen.getByTestId('folder-name-error').textContent).toBe('Please enter the folder name');
    fireEvent.change(input, { target: { value: 'Work' } });
    expect(onNameChange).toHaveBeenCalledWith('Work');
    fireEvent.click(screen.getByTestId('folder-save'));
    expect(onSubmit).toHaveBeenCalled();
  });
});

describe('FolderTree', () => {
  it('renders names as text, default folder first, and selects a folder', async () => {
    const tree: FolderTreeNode[] = [
      { id: '1', name: 'Default folder', ancestors: '0', isDefault: true, children: [] },
      { id: '10', name: '<img src=x>', ancestors: '0', children: [{ id: '11', name: 'Child', ancestors: '0,10', children: [] }] },
    ];
    const onSelect = vi.fn();
    await renderUi(
      <FolderTree
        folders={tree}
        selectedId="11"
        canAddSubfolder={() => true}
        canDelete={(folder) => !folder.isDefault}
        canMove={(folder) => !folder.isDefault}
        onSelect={onSelect}
        onAddSubfolder={vi.fn()}
        onRename={vi.fn()}
        onDelete={vi.fn()}
        onMove={vi.fn()}
      />,
    );
    const links = [...document.querySelectorAll('a[data-testid^="folder-link-"]')].map((a) => a.textContent);
    expect(links).toEqual(['Default folder', '<img src=x>', 'Child']);
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getByTestId('folder-item-11').getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByTestId('folder-link-10'));
    expect(onSelect).toHaveBeenCalledWith('10');
  });
});

describe('FolderTree: Move to…', () => {
  const tree: FolderTreeNode[] = [
    { id: '1', name: 'Default folder', ancestors: '0', isDefault: true, children: [] },
    { id: '10', name: 'Work', ancestors: '0', children: [] },
  ];
  const renderTree = (onMove = vi.fn()) =>
    renderUi(
      <FolderTree
        folders={tree}
        selectedId={null}
        canAddSubfolder={() => true}
        canDelete={(folder) => !folder.isDefault}
        canMove={(folder) => !folder.isDefault}
        onSelect={vi.fn()}
        onAddSubfolder={vi.fn()}
        onRename={vi.fn()}
        onDelete={vi.fn()}
        onMove={onMove}
      />,
    );

  it('offers the move in the folder menu and sends the folder', async () => {
    const onMove = vi.fn();
    await renderTree(onMove);
    fireEvent.click(screen.getByTestId('folder-menu-10'));
    const item = await screen.findByTestId('folder-action-move');
    // The menu selects the highlighted item; a pointer press highlights it as a real click does.
    await act(async () => {
      fireEvent.pointerDown(item);
    });
    await act(async () => {
      fireEvent.click(item);
    });
    expect(onMove).toHaveBeenCalledWith(expect.objectContaining({ id: '10' }));
  });

  it('has no move for the default folder', async () => {
    await renderTree();
    fireEvent.click(screen.getByTestId('folder-menu-1'));
    await screen.findByTestId('folder-action-rename');
    expect(screen.queryByTestId('folder-action-move')).toBeNull();
  });
});

describe('FolderMoveDialog', () => {
  const choices = [
    { id: '10', name: 'Work', depth: 0 },
    { id: '20', name: 'Clients', depth: 0 },
    { id: '21', name: 'Acme', depth: 1 },
  ];

  it('lists the top level and the allowed folders, keeps the current parent until another is chosen, and sends it', async () => {
    const onMove = vi.fn();
    await renderUi(
      <FolderMoveDialog open folderName="Meetings" currentParentId="10" choices={choices} topLevelAllowed busy={false} onMove={onMove} onCancel={vi.fn()} />,
    );
    const select = screen.getByTestId('folder-move-parent') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent?.trim())).toEqual(['Top level', 'Work', 'Clients', 'Acme']);
    expect(select.value).toBe('10');
    expect((screen.getByTestId('folder-move-confirm') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(select, { target: { value: '21' } });
    fireEvent.click(screen.getByTestId('folder-move-confirm'));
    expect(onMove).toHaveBeenLastCalledWith('21');
    fireEvent.change(select, { target: { value: '' } });
    fireEvent.click(screen.getByTestId('folder-move-confirm'));
    expect(onMove).toHaveBeenLastCalledWith(null);
  });

  it('leaves out the top level when the branch does not fit there, and shows the error', async () => {
    await renderUi(
      <FolderMoveDialog
        open
        folderName="Q3"
        currentParentId="10"
        choices={choices.slice(0, 1)}
        topLevelAllowed={false}
        errorText="Folders go at most three levels deep"
        busy={false}
        onMove={vi.fn()}
        onCancel={vi.fn()}
      />,
    );
    const select = screen.getByTestId('folder-move-parent') as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(['10']);
    expect(screen.getByTestId('folder-move-error').textContent).toBe('Folders go at most three levels deep');
  });

  it('says so when there is nowhere to go', async () => {
    await renderUi(
      <FolderMoveDialog open folderName="Work" currentParentId={null} choices={[]} topLevelAllowed={false} busy={false} onMove={vi.fn()} onCancel={vi.fn()} />,
    );
    expect(screen.getByTestId('folder-move-none')).toBeTruthy();
    expect((screen.getByTestId('folder-move-confirm') as HTMLButtonElement).disabled).toBe(true);
  });
});
