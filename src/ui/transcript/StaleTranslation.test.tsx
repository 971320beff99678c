// Stale translations in the transcript editor (issue 10): a line whose original text was edited after
// its translation was made says so, with 'Translate again' for that line and for all of them.
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test-render';
import type { SegmentView } from './SegmentRow';
import { TranscriptPage, type TranscriptPageProps } from './TranscriptPage';

const segments: SegmentView[] = [
  { id: 'l1', startMs: 0, endMs: 1000, speaker: null, text: 'the dog is white', translation: 'el gato es negro', translationStale: true, words: [] },
  { id: 'l2', startMs: 1000, endMs: 2000, speaker: null, text: 'open the door', translation: 'abre la puerta', words: [] },
];

function props(overrides: Partial<TranscriptPageProps> = {}): TranscriptPageProps {
  return {
    status: 'ready',
    title: 'Standup',
    stateKey: 'translation_completed',
    processingProgress: null,
    mediaUrl: null,
    onMediaElement: vi.fn(),
    segments,
    activeSegmentId: null,
    activeWord: -1,
    showTranslation: true,
    canEdit: true,
    readingId: null,
    translationChoices: [],
    exporting: false,
    summary: null,
    onBack: vi.fn(),
    onRetry: vi.fn(),
    onSeek: vi.fn(),
    onSaveLine: vi.fn(),
    onRenameSpeaker: vi.fn(),
    onReadAloud: vi.fn(),
    onAddTranslation: vi.fn(),
    onExport: vi.fn(),
    staleCount: 1,
    onRetranslate: vi.fn(),
    ...overrides,
  };
}

describe('TranscriptPage: stale translations', () => {
  it('marks the stale line and translates it, or all stale lines, again', async () => {
    const p = props();
    await renderUi(<TranscriptPage {...p} />);
    expect(screen.getAllByTestId('segment-translation-stale')).toHaveLength(1);
    expect(screen.getByTestId('segment-translation-stale').textContent).toBe('Out of date');
    expect(screen.getByTestId('transcript-stale-notice').textContent).toContain("1 line's translation is out of date");
    fireEvent.click(screen.getByTestId('segment-retranslate'));
    expect(p.onRetranslate).toHaveBeenCalledWith(['l1']);
    fireEvent.click(screen.getByTestId('transcript-retranslate-all'));
    expect(p.onRetranslate).toHaveBeenLastCalledWith();
  });

  it('a reader who cannot edit sees the mark but no button', async () => {
    await renderUi(<TranscriptPage {...props({ canEdit: false })} />);
    expect(screen.getByTestId('segment-translation-stale')).toBeTruthy();
    expect(screen.getByTestId('transcript-stale-notice')).toBeTruthy();
    expect(screen.queryByTestId('segment-retranslate')).toBeNull();
    expect(screen.queryByTestId('transcript-retranslate-all')).toBeNull();
  });

  it('says nothing when no translation is stale', async () => {
    await renderUi(<TranscriptPage {...props({ staleCount: 0, segments: [segments[1]!] })} />);
    expect(screen.queryByTestId('transcript-stale-notice')).toBeNull();
    expect(screen.queryByTestId('segment-translation-stale')).toBeNull();
  });
});
