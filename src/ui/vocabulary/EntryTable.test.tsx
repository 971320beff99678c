import { fireEvent, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test-render';
import { EntryTable, type EntryTableProps } from './EntryTable';

// jsdom has no layout: give every element a desktop-sized box so the virtualiser has a viewport.
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
beforeAll(() => {
  if (!('ResizeObserver' in globalThis)) vi.stubGlobal('ResizeObserver', NoResizeObserver);
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 800 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1024 });
});
afterAll(() => {
  delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
  delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth;
});

function props(overrides: Partial<EntryTableProps> = {}): EntryTableProps {
  return {
    kind: 'translationTerms',
    rows: [
      { id: 'E1', source: 'meeting', target: 'reunión' },
      { id: 'E2', source: 'record', target: 'registro' },
    ],
    selected: [],
    draft: null,
    error: null,
    saving: false,
    hasMore: false,
    loadingMore: false,
    emptyText: 'No entries',
    onLoadMore: vi.fn(),
    onToggle: vi.fn(),
    onToggleAll: vi.fn(),
    onEdit: vi.fn(),
    onDraft: vi.fn(),
    onSubmit: vi.fn(),
    onCancel: vi.fn(),
    onDelete: vi.fn(),
    ...overrides,
  };
}

describe('EntryTable', () => {
  it('shows both sides of a term and reports edit, delete and selection', async () => {
    const p = props();
    await renderUi(<EntryTable {...p} />);
    expect(screen.getAllByTestId('entry-source').map((cell) => cell.textContent)).toEqual(['meeting', 'record']);
    expect(screen.getAllByTestId('entry-target').map((cell) => cell.textContent)).toEqual(['reunión', 'registro']);
    fireEvent.click(screen.getByRole('button', { name: 'Edit “record”' }));
    expect(p.onEdit).toHaveBeenCalledWith({ id: 'E2', source: 'record', target: 'registro' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete “meeting”' }));
    expect(p.onDelete).toHaveBeenCalledWith('E1');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select “meeting”' }));
    expect(p.onToggle).toHaveBeenCalledWith('E1');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all entries' }));
    expect(p.onToggleAll).toHaveBeenCalled();
  });

  it('edits a row in place: typing is reported, Enter saves, Escape cancels, the refusal is read out', async () => {
    const p = props({ draft: { id: 'E1', source: 'meeting', target: '' }, error: { key: 'vocabulary:bothSidesRequired' } });
    await renderUi(<EntryTable {...p} />);
    const target = screen.getByTestId('entry-target-input');
    fireEvent.change(target, { target: { value: 'reunión' } });
    expect(p.onDraft).toHaveBeenCalledWith({ target: 'reunión' });
    fireEvent.keyDown(target, { key: 'Enter' });
    expect(p.onSubmit).toHaveBeenCalled();
    fireEvent.keyDown(screen.getByTestId('entry-source-input'), { key: 'Escape' });
    expect(p.onCancel).toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('Both columns are required.');
  });

  it('shows a single column for proper words and the empty text without rows', async () => {
    await renderUi(<EntryTable {...props({ kind: 'properWords', rows: [] })} />);
    expect(screen.getByTestId('entry-empty').textContent).toBe('No entries');
    expect(screen.queryByText('Translation')).toBeNull();
  });
});
