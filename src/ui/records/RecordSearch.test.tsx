import { fireEvent, screen, within } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test-render';
import { system } from '../theme-more-recipes';
import type { RecordView } from './RecordCells';
import { RecordSearch, markedText, type RecordSearchProps, type SearchHitView } from './RecordSearch';

const record = (i: number, showName = `Record ${i}`): RecordView => ({
  id: `r${i}`,
  showName,
  state: 'transcription_completed',
  languages: ['en-US'],
  targetLanguages: [],
  createTime: '2025-01-01T10:00:00Z',
  favorite: false,
});

const inChakra = (element: ReactElement) => <ChakraProvider value={system}>{element}</ChakraProvider>;

const lineHit: SearchHitView = {
  record: record(1, 'Budget review'),
  line: { id: 'l7', index: 7, startMs: 83_000, endMs: 86_000, text: 'The budget grew, budgets too.' },
  marks: [
    { start: 4, end: 10 },
    { start: 17, end: 23 },
  ],
};
const nameHit: SearchHitView = { record: record(2, 'Budget plan'), line: null, marks: [{ start: 0, end: 6 }] };

function props(overrides: Partial<RecordSearchProps> = {}): RecordSearchProps {
  return {
    text: 'budget',
    status: 'showing',
    hits: [lineHit, nameHit],
    hasMore: false,
    filters: { inFolderOnly: false, favoriteOnly: false },
    showFolderFilter: true,
    showFavouriteFilter: true,
    hrefOf: (hit) => `/meetingDetail?id=${hit.record.id}${hit.line ? `&t=${hit.line.startMs}` : ''}`,
    onType: vi.fn(),
    onClear: vi.fn(),
    onFilters: vi.fn(),
    onMore: vi.fn(),
    onRetry: vi.fn(),
    onOpen: vi.fn(),
    ...overrides,
  };
}

describe('RecordSearch', () => {
  it('marks the matched ranges and keeps the rest as text', async () => {
    await renderUi(<p data-testid="p">{markedText('The budget grew, budgets too.', lineHit.marks)}</p>);
    const paragraph = screen.getByTestId('p');
    expect(paragraph.textContent).toBe('The budget grew, budgets too.');
    expect(within(paragraph).getAllByTestId('search-mark').map((mark) => mark.textContent)).toEqual(['budget', 'budget']);
    // Ranges outside the text or out of order are left out rather than breaking the text.
    expect(markedText('abc', [{ start: 2, end: 9 }])).toEqual(['abc']);
    expect(markedText('abc', [{ start: 1, end: 2 }, { start: 0, end: 1 }])).toHaveLength(3);
  });

  it('shows each hit with its record, the marked line and its time, linking to the transcript there', async () => {
    const p = props();
    await renderUi(<RecordSearch {...p} />);
    const hits = screen.getAllByTestId('records-search-hit');
    expect(hits).toHaveLength(2);
    expect(hits[0]!.getAttribute('href')).toBe('/meetingDetail?id=r1&t=83000');
    expect(hits[0]!.getAttribute('aria-label')).toBe('Open Budget review at 1:23');
    expect(within(hits[0]!).getByTestId('records-search-line').textContent).toContain('The budget grew');
    expect(within(hits[1]!).getByTestId('search-mark').textContent).toBe('Budget');
    fireEvent.click(hits[0]!);
    expect(p.onOpen).toHaveBeenCalledWith(lineHit);
  });

  it('sends typing, clearing with Escape and filter changes', async () => {
    const p = props({ text: 'bud' });
    await renderUi(<RecordSearch {...p} />);
    const input = screen.getByRole('searchbox', { name: 'Search records' });
    fireEvent.change(input, { target: { value: 'budg' } });
    expect(p.onType).toHaveBeenCalledWith('budg');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(p.onClear).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Favorites only' }));
    expect(p.onFilters).toHaveBeenCalledWith({ inFolderOnly: false, favoriteOnly: true });
  });

  it('says when nothing matches, offers retry on failure and hides the results when idle', async () => {
    const view = await renderUi(<RecordSearch {...props({ hits: [] })} />);
    expect(screen.getByTestId('records-search-empty').textContent).toBe('Nothing matches “budget”');
    const failing = props({ status: 'failed', hits: [], errorText: 'search refused' });
    view.rerender(inChakra(<RecordSearch {...failing} />));
    expect(screen.getByTestId('records-search-error').textContent).toBe('search refused');
    fireEvent.click(screen.getByText('Try again'));
    expect(failing.onRetry).toHaveBeenCalled();
    view.rerender(inChakra(<RecordSearch {...props({ status: 'idle', text: '', showFolderFilter: false })} />));
    expect(screen.queryByTestId('records-search-results')).toBeNull();
    expect(screen.queryByText('This folder only')).toBeNull();
  });
});
