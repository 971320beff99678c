// The import's review shows the file, its cue count and the detected encoding, and passes the
// choices on; a refusal is shown as given.
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test-render';
import { SubtitleImportPanel, type SubtitleImportPanelProps } from './SubtitleImportPanel';

const props = (overrides: Partial<SubtitleImportPanelProps> = {}): SubtitleImportPanelProps => ({
  step: 'idle',
  readingName: null,
  review: null,
  mode: 'replace',
  target: 'translation',
  error: null,
  onFile: vi.fn(),
  onMode: vi.fn(),
  onTarget: vi.fn(),
  onConfirm: vi.fn(),
  onCancel: vi.fn(),
  ...overrides,
});

describe('SubtitleImportPanel', () => {
  it('reviews the file with its encoding and hands on the choices and the confirm', async () => {
    const onMode = vi.fn();
    const onConfirm = vi.fn();
    await renderUi(<SubtitleImportPanel {...props({ step: 'review', review: { fileName: 'fr.srt', encoding: 'windows-1252', count: 1332 }, onMode, onConfirm })} />);
    expect(screen.getByTestId('subtitle-import-summary').textContent).toBe('fr.srt: 1332 subtitles, encoding windows-1252');
    await act(async () => {
      fireEvent.change(screen.getByTestId('subtitle-import-mode'), { target: { value: 'merge' } });
      fireEvent.click(screen.getByTestId('subtitle-import-confirm'));
    });
    expect(onMode).toHaveBeenCalledWith('merge');
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('shows a refusal as given, and no review', async () => {
    await renderUi(<SubtitleImportPanel {...props({ step: 'failed', error: 'subtitle 2 (line 8 of the file) has a broken time line' })} />);
    expect(screen.getByTestId('subtitle-import-error').textContent).toContain('subtitle 2 (line 8 of the file)');
    expect(screen.queryByTestId('subtitle-import-review')).toBeNull();
  });
});
