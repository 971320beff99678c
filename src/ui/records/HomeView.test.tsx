import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test-render';
import type { RecordView } from './RecordCells';
import { HomeView, type HomeViewProps } from './HomeView';

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

function props(overrides: Partial<HomeViewProps> = {}): HomeViewProps {
  return {
    recent: { phase: 'ready', rows: [], total: 0 },
    guideShown: false,
    dubAvailable: false,
    onAction: vi.fn(),
    onOpenRecord: vi.fn(),
    onAllRecords: vi.fn(),
    onRetry: vi.fn(),
    onDismissGuide: vi.fn(),
    ...overrides,
  };
}

describe('HomeView', () => {
  it('offers the three actions, dubbing honestly marked as coming later', async () => {
    const p = props();
    await renderUi(<HomeView {...p} />);
    fireEvent.click(screen.getByTestId('home-action-transcribe'));
    fireEvent.click(screen.getByTestId('home-action-interpret'));
    fireEvent.click(screen.getByTestId('home-action-dub'));
    expect(vi.mocked(p.onAction).mock.calls.map(([action]) => action)).toEqual(['transcribe', 'interpret', 'dub']);
    expect(screen.getByTestId('home-dub-later').textContent).toBe('Coming later');
  });

  it('shows the newest records with state and progress, and opens one', async () => {
    const p = props({ recent: { phase: 'ready', total: 12, rows: [record(2, { state: 'transcribing', progress: 40 }), record(1)] } });
    await renderUi(<HomeView {...p} />);
    expect(screen.getByTestId('record-state-r2').textContent).toBe('Transcribing · 40%');
    expect(screen.getByTestId('home-progress-r2')).toBeTruthy();
    expect(screen.queryByTestId('home-progress-r1')).toBeNull();
    fireEvent.click(screen.getByText('Record 1'));
    expect(p.onOpenRecord).toHaveBeenCalledWith(expect.objectContaining({ id: 'r1' }));
    fireEvent.click(screen.getByTestId('home-all-records'));
    expect(p.onAllRecords).toHaveBeenCalled();
    expect(screen.getByTestId('home-all-records').textContent).toBe('All 12 records');
  });

  it('says when there are no records, and offers a retry after a failure', async () => {
    const empty = await renderUi(<HomeView {...props()} />);
    expect(screen.getByTestId('home-recent-empty')).toBeTruthy();
    empty.unmount();
    const p = props({ recent: { phase: 'failed', rows: [], total: 0, errorText: 'Could not load' } });
    await renderUi(<HomeView {...p} />);
    expect(screen.getByTestId('home-recent-error').textContent).toBe('Could not load');
    fireEvent.click(screen.getByTestId('home-recent-retry'));
    expect(p.onRetry).toHaveBeenCalled();
  });

  it('shows the guide until dismissed, and neither guide nor records when signed out', async () => {
    const p = props({ guideShown: true });
    const shown = await renderUi(<HomeView {...p} />);
    fireEvent.click(screen.getByTestId('home-guide-dismiss'));
    expect(p.onDismissGuide).toHaveBeenCalled();
    shown.unmount();
    await renderUi(<HomeView {...props({ recent: null, guideShown: true })} />);
    expect(screen.queryByTestId('home-guide')).toBeNull();
    expect(screen.queryByTestId('home-recent')).toBeNull();
    expect(screen.getByTestId('home-action-transcribe')).toBeTruthy();
  });
});
