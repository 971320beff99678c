import { fireEvent, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ChakraProvider } from '@chakra-ui/react';
import { renderUi } from '../test-render';
import { system } from '../theme';
import type { RecordView } from './RecordCells';
import { RecordListView, type RecordListViewProps } from './RecordListView';
import { SharedTranscript } from './SharedTranscript';

const record = (i: number, overrides: Partial<RecordView> = {}): RecordView => ({
  id: `r${i}`,
  showName: `Record ${i}`,
  state: 'transcription_completed',
  languages: ['en-US'],
  targetLanguages: [],
  createTime: '2025-01-01T10:00:00Z',
  favorite: false,
  ...overrides,
});

function props(overrides: Partial<RecordListViewProps> = {}): RecordListViewProps {
  return {
    rows: [],
    viewMode: 'list',
    variant: 'records',
    selectedIds: [],
    editingId: null,
    hasMore: false,
    loadingMore: false,
    onLoadMore: vi.fn(),
    onToggleSelect: vi.fn(),
    onAction: vi.fn(),
    onRenameSubmit: vi.fn(),
    onRenameCancel: vi.fn(),
    onFavourite: vi.fn(),
    ...overrides,
  };
}

// jsdom has no layout: give every element a desktop-sized box so the virtualiser has a viewport.
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 800 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1024 });
});
afterAll(() => {
  delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
  delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth;
});

describe('RecordListView', () => {
  it('renders only a screenful of 5,000 rows and asks for more at the end of the loaded rows', async () => {
    const onLoadMore = vi.fn();
    const many = Array.from({ length: 5000 }, (_, i) => record(i));
    await renderUi(<RecordListView {...props({ rows: many.slice(0, 10), hasMore: true, onLoadMore })} />);
    expect(onLoadMore).toHaveBeenCalled();
    const { unmount } = await renderUi(<RecordListView {...props({ rows: many })} />);
    await screen.findAllByTestId(/^record-row-/);
    const rendered = document.querySelectorAll('[data-testid^="record-row-"]').length;
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThan(60);
    unmount();
  });

  it('shows names as text, translated states, and sends favourite, selection and rename events', async () => {
    const p = props({ rows: [record(1, { showName: '<b>bold</b>', favorite: true })], editingId: null });
    const { rerender } = await renderUi(<RecordListView {...p} />);
    await screen.findByTestId('record-name-r1');
    expect(screen.getByTestId('record-name-r1').textContent).toBe('<b>bold</b>');
    expect(document.querySelector('b')).toBeNull();
    expect(screen.getAllByText('Transcribed').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByTestId('record-favourite-r1'));
    expect(p.onFavourite).toHaveBeenCalledWith('r1');
    fireEvent.click(screen.getByTestId('record-select-r1'));
    expect(p.onToggleSelect).toHaveBeenCalledWith('r1');
    rerender(
      <ChakraProvider value={system}>
        <RecordListView {...p} editingId="r1" renameErrorText="Record title cannot be empty" />
      </ChakraProvider>,
    );
    fireEvent.change(screen.getByTestId('record-rename-input'), { target: { value: 'New title' } });
    fireEvent.click(screen.getByTestId('record-rename-save'));
    expect(p.onRenameSubmit).toHaveBeenCalledWith('r1', 'New title');
    expect(screen.getByTestId('record-rename-error').textContent).toBe('Record title cannot be empty');
  });
});

describe('SharedTranscript', () => {
  it("says 'Share link expired' for an expired link", async () => {
    await renderUi(
      <SharedTranscript status="expired" record={null} lines={[]} canCopy={false} showSignInHint={false} onCopy={vi.fn()} onOpenRecords={vi.fn()} />,
    );
    expect(screen.getByTestId('shared-expired').textContent).toContain('Share link expired');
  });
});
