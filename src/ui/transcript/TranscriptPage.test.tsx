// The 'Download audio' action of the transcript page: offered once the record's media has loaded
// (a record without stored media has nothing to download), as a link to the attachment URL.
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test-render';
import { TranscriptPage, type TranscriptPageProps } from './TranscriptPage';

function props(overrides: Partial<TranscriptPageProps> = {}): TranscriptPageProps {
  return {
    status: 'ready',
    title: 'Standup',
    stateKey: 'translation_completed',
    processingProgress: null,
    mediaUrl: '/prod-api/speech/audio/transcribe/media?id=r1',
    mediaDownloadUrl: '/prod-api/speech/audio/transcribe/media?id=r1&download=1',
    onMediaElement: vi.fn(),
    segments: [],
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
    ...overrides,
  };
}

describe('TranscriptPage audio download', () => {
  it('offers the download link once the media has loaded', async () => {
    await renderUi(<TranscriptPage {...props()} />);
    expect(screen.queryByTestId('transcript-download-audio')).toBeNull();
    fireEvent.loadedMetadata(screen.getByTestId('transcript-media'));
    const link = screen.getByTestId('transcript-download-audio');
    expect(link.textContent).toBe('Download audio');
    expect(link.getAttribute('href')).toBe('/prod-api/speech/audio/transcribe/media?id=r1&download=1');
    expect(link.hasAttribute('download')).toBe(true);
  });

  it('offers it when the metadata was already there as the element was attached', async () => {
    // A short recording may be answered before any listener runs; the element's state says so.
    const readyState = vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(1);
    try {
      await renderUi(<TranscriptPage {...props()} />);
      expect(screen.getByTestId('transcript-download-audio')).toBeTruthy();
    } finally {
      readyState.mockRestore();
    }
  });

  it('offers none without a download URL', async () => {
    await renderUi(<TranscriptPage {...props({ mediaDownloadUrl: null })} />);
    fireEvent.loadedMetadata(screen.getByTestId('transcript-media'));
    expect(screen.queryByTestId('transcript-download-audio')).toBeNull();
  });
});

describe('TranscriptPage vocabulary libraries in force', () => {
  it('names them in the header with their kinds', async () => {
    await renderUi(<TranscriptPage {...props({ vocabularies: [{ id: 'v1', name: 'Names', kind: 'properWords' }, { id: 'v2', name: 'Bad words', kind: 'sensitiveWords' }] })} />);
    expect(screen.getByTestId('transcript-vocabularies').textContent).toBe('Vocabulary: Names (Proper vocabulary), Bad words (Sensitive words)');
  });

  it('shows no line when the record names none (or the reader may not see them)', async () => {
    await renderUi(<TranscriptPage {...props({ vocabularies: [] })} />);
    expect(screen.queryByTestId('transcript-vocabularies')).toBeNull();
    await renderUi(<TranscriptPage {...props()} />);
    expect(screen.queryByTestId('transcript-vocabularies')).toBeNull();
  });
});

describe('TranscriptPage export controls', () => {
  it('names each select for assistive technology, apart from the Export button (issue 27)', async () => {
    await renderUi(<TranscriptPage {...props()} />);
    expect(screen.getByRole('combobox', { name: 'Export format' })).toBe(screen.getByTestId('export-format'));
    expect(screen.getByRole('combobox', { name: 'Export content' })).toBe(screen.getByTestId('export-content'));
    expect(screen.getByRole('button', { name: 'Export' })).toBe(screen.getByTestId('export-button'));
  });
});
