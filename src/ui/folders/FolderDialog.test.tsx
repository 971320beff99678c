import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test-render';
import { FolderTree, type FolderTreeNode } from '../layout/FolderTree';
import { FolderDialog } from './FolderDialog';

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
        onSelect={onSelect}
        onAddSubfolder={vi.fn()}
        onRename={vi.fn()}
        onDelete={vi.fn()}
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
