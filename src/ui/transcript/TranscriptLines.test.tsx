// The transcript's lines (issue 27): a long transcript renders a first screenful with the page and the
// rest in a transition; a line the page must scroll to is in the first render; a word click seeks.
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test-render';
import type { SegmentView } from './SegmentRow';
import { FIRST_LINES, TranscriptLines, type TranscriptLinesProps } from './TranscriptLines';

const segments: SegmentView[] = Array.from({ length: 45 }, (_, index) => ({
  id: `l${index}`,
  startMs: index * 1000,
  endMs: index * 1000 + 900,
  speaker: 'Ann',
  text: `line ${index} words`,
  translation: null,
  words: [
    { text: 'line', startMs: index * 1000, endMs: index * 1000 + 300 },
    { text: String(index), startMs: index * 1000 + 300, endMs: index * 1000 + 600 },
  ],
}));

function props(overrides: Partial<TranscriptLinesProps> = {}): TranscriptLinesProps {
  return {
    segments,
    activeSegmentId: null,
    activeWord: -1,
    showTranslation: false,
    canEdit: false,
    readingId: null,
    onSeek: vi.fn(),
    onSaveLine: vi.fn(),
    onRenameSpeaker: vi.fn(),
    onReadAloud: vi.fn(),
    ...overrides,
  };
}

// Rendering dozens of Chakra rows in jsdom takes seconds on a loaded machine: no wall-clock assertion, a wide timeout.
describe('TranscriptLines', { timeout: 60_000 }, () => {
  it('ends with every line rendered, in order', async () => {
    await renderUi(<TranscriptLines {...props()} />);
    await act(async () => undefined);
    const rows = await screen.findAllByTestId('transcript-segment');
    expect(rows).toHaveLength(45);
    expect(rows[44]!.textContent).toContain('line 44');
    expect(FIRST_LINES).toBeLessThan(45);
  });

  it('holds the eager line in the first render', async () => {
    await renderUi(<TranscriptLines {...props({ eagerCount: 40 })} />);
    expect(screen.getAllByTestId('transcript-segment').length).toBeGreaterThanOrEqual(40);
  });

  it('seeks to the clicked word and marks the spoken one', async () => {
    const onSeek = vi.fn();
    await renderUi(<TranscriptLines {...props({ onSeek, activeSegmentId: 'l2', activeWord: 1 })} />);
    fireEvent.click(screen.getAllByText('line')[3]!);
    expect(onSeek).toHaveBeenCalledWith(3000);
    expect(screen.getByTestId('active-word').textContent).toBe('2');
  });
});
