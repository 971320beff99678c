import { act, fireEvent, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ChakraProvider } from '@chakra-ui/react';
import { renderUi } from '../test-render';
import { system } from '../theme-more-recipes';
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
    hrefOf: (r) => `/meetingDetail?id=${r.id}`,
    onOpen: vi.fn(),
    ...overrides,
  };
}

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
  }, 30_000); // 5,000 rows through jsdom: seconds on a loaded machine, beyond the default 5 s.

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

describe('RecordListView: opening a record and its progress', () => {
  it.each(['list', 'card'] as const)('the name is a real link to the transcript in %s view; a plain click opens it in the app', async (viewMode) => {
    const p = props({ viewMode, rows: [record(1), record(2, { recordType: 'meeting', showName: 'Weekly meeting' })] });
    await renderUi(<RecordListView {...p} />);
    const link = await screen.findByTestId('record-name-r2');
    expect(link.tagName).toBe('A');
    expect(link.getAttribute('href')).toBe('/meetingDetail?id=r2');
    expect(link.textContent).toBe('Weekly meeting');
    const plain = fireEvent.click(link);
    expect(plain).toBe(false); // default prevented: the router navigates, not the browser
    expect(p.onOpen).toHaveBeenCalledWith('r2');
    // A ctrl/cmd or middle click is left to the browser (new tab).
    expect(fireEvent.click(screen.getByTestId('record-name-r1'), { ctrlKey: true })).toBe(true);
    expect(fireEvent.click(screen.getByTestId('record-name-r1'), { button: 1 })).toBe(true);
    expect(p.onOpen).toHaveBeenCalledTimes(1);
  });

  it('keeps rename in the row menu', async () => {
    const p = props({ rows: [record(1)] });
    await renderUi(<RecordListView {...p} />);
    fireEvent.click(await screen.findByTestId('record-menu-r1'));
    const item = await screen.findByTestId('record-menu-rename');
    // The menu selects the highlighted item; a pointer press highlights it as a real click does.
    await act(async () => {
      fireEvent.pointerDown(item);
    });
    await act(async () => {
      fireEvent.click(item);
    });
    expect(p.onAction).toHaveBeenCalledWith('r1', 'rename');
  });

  it('builds a row menu only when it is used: a plain trigger first, ArrowDown opens the real menu', async () => {
    const p = props({ rows: [record(1), record(2)] });
    await renderUi(<RecordListView {...p} />);
    const trigger = await screen.findByTestId('record-menu-r1');
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
    expect(trigger.getAttribute('aria-label')).toBe('More actions: Record 1');
    // Unused, the rows hold no menu machine (its trigger carries aria-controls).
    expect(document.querySelector('[aria-controls]')).toBeNull();
    await act(async () => {
      fireEvent.keyDown(trigger, { key: 'ArrowDown' });
    });
    const item = await screen.findByTestId('record-menu-share');
    await act(async () => {
      fireEvent.pointerDown(item);
    });
    await act(async () => {
      fireEvent.click(item);
    });
    expect(p.onAction).toHaveBeenCalledWith('r1', 'share');
    expect(screen.getByTestId('record-menu-r2').hasAttribute('aria-controls')).toBe(false);
  });

  it('shows the percent of a running job and the reason of a failed one', async () => {
    const rows = [
      record(1, { state: 'transcribing', progress: 42 }),
      record(2, { state: 'translation_err', errorMessage: 'No translation engine for en-US → fr-FR; set TRANSLATE_URL' }),
      record(3, { state: 'translating', progress: null }),
    ];
    await renderUi(<RecordListView {...props({ rows })} />);
    expect((await screen.findByTestId('record-state-r1')).textContent).toBe('Transcribing · 42%');
    expect(screen.getByTestId('record-state-r3').textContent).toBe('Translating');
    expect(screen.getByTestId('record-state-r2').textContent).toBe('Translation failed');
    expect(screen.getByTestId('record-state-r2').getAttribute('title')).toBe('No translation engine for en-US → fr-FR; set TRANSLATE_URL');
    expect(screen.getByTestId('record-error-r2').textContent).toBe('No translation engine for en-US → fr-FR; set TRANSLATE_URL');
    expect(screen.queryByTestId('record-error-r1')).toBeNull();
  });

  it('shows a paused live meeting as paused, a running one as transcribing', async () => {
    const rows = [
      record(1, { recordType: 'meeting', state: 'transcribing', meetingState: 'paused' }),
      record(2, { recordType: 'meeting', state: 'transcribing', meetingState: 'in_progress' }),
    ];
    await renderUi(<RecordListView {...props({ rows })} />);
    expect((await screen.findByTestId('record-state-r1')).textContent).toBe('Meeting paused');
    expect(screen.getByTestId('record-state-r1').getAttribute('data-state')).toBe('meeting-paused');
    expect(screen.getByTestId('record-state-r2').textContent).toBe('Transcribing');
  });

  it('marks dubbing tasks with a Dub badge, their dubbing state and percent, and an expired voice-over', async () => {
    const dub = (state: 'dubbing' | 'dubbed' | 'failed', extra: Record<string, unknown> = {}) => ({ state, progress: null, overall: null, step: null, expired: false, errorMessage: null, ...extra });
    const rows = [
      // The voices are done (step at 100%) while the mix runs: the row shows the whole run's percent.
      record(1, { recordType: 'dubbing', dub: dub('dubbing', { progress: 100, step: 'dub', overall: 63 }) }),
      record(2, { recordType: 'dubbing', dub: dub('dubbed', { expired: true }) }),
      record(3, { recordType: 'dubbing', state: 'transcription_err', dub: dub('failed', { errorMessage: 'Dubbing failed at mix' }) }),
      record(4),
    ];
    const onRetry = vi.fn();
    await renderUi(<RecordListView {...props({ rows, onRetry })} />);
    expect((await screen.findByTestId('record-dub-r1')).textContent).toBe('Dub');
    expect(screen.getByTestId('record-state-r1').textContent).toBe('Dubbing · 63%');
    expect(screen.getByTestId('record-state-r2').textContent).toBe('Dubbed');
    expect(screen.getByTestId('record-dub-expired-r2').textContent).toContain('expired');
    expect(screen.getByTestId('record-state-r3').textContent).toBe('Dubbing failed');
    expect(screen.getByTestId('record-error-r3').textContent).toBe('Dubbing failed at mix');
    // A dubbing task is not queued again through the transcript Retry.
    expect(screen.queryByTestId('record-retry-r3')).toBeNull();
    expect(screen.queryByTestId('record-dub-r4')).toBeNull();
    expect(screen.queryByTestId('record-dub-expired-r1')).toBeNull();
  });

  it('sends a revoke from the shares list', async () => {
    const onRevoke = vi.fn();
    await renderUi(<RecordListView {...props({ variant: 'shares', rows: [record(1, { shareStatus: '1', shareCode: 'abcdefghijklmnop' })], onRevoke })} />);
    fireEvent.click(await screen.findByTestId('record-revoke-r1'));
    expect(onRevoke).toHaveBeenCalledWith('r1');
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

describe('RecordListView: Retry on failed rows', () => {
  it.each(['list', 'card'] as const)('offers Retry only on failed records in %s view, busy while it runs', async (viewMode) => {
    const onRetry = vi.fn();
    const rows = [record(1, { state: 'transcription_err', errorMessage: 'no engine; set ASR_URL' }), record(2), record(3, { state: 'translation_err' })];
    const { rerender } = await renderUi(<RecordListView {...props({ viewMode, rows, onRetry })} />);
    const retry = await screen.findByTestId('record-retry-r1');
    expect(retry.textContent).toBe('Retry');
    expect(screen.queryByTestId('record-retry-r2')).toBeNull();
    expect(screen.getByTestId('record-retry-r3')).toBeTruthy();
    fireEvent.click(retry);
    expect(onRetry).toHaveBeenCalledWith('r1');
    rerender(
      <ChakraProvider value={system}>
        <RecordListView {...props({ viewMode, rows, onRetry, retryingId: 'r1' })} />
      </ChakraProvider>,
    );
    expect((screen.getByTestId('record-retry-r1') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('SharedTranscript: stale translations', () => {
  it('marks a translation whose original text was edited after it was made', async () => {
    const lines = [
      { id: 'l1', startMs: 0, endMs: 1000, text: 'the dog is white', translation: 'el gato es negro', speaker: null, translationStale: true },
      { id: 'l2', startMs: 1000, endMs: 2000, text: 'open the door', translation: 'abre la puerta', speaker: null, translationStale: false },
    ];
    await renderUi(
      <SharedTranscript status="showing" record={record(1)} lines={lines} canCopy={false} showSignInHint={false} onCopy={vi.fn()} onOpenRecords={vi.fn()} />,
    );
    expect(screen.getByTestId('shared-line-stale-l1').textContent).toBe('[translation out of date]');
    expect(screen.queryByTestId('shared-line-stale-l2')).toBeNull();
    expect(screen.getByText('abre la puerta')).toBeTruthy();
  });
});
