import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test-render';
import { LibraryListView, formatTime, type LibraryListViewProps } from './LibraryListView';
import { languageName } from './vocabulary-view-types';

const TERMS = { id: 'L2', kind: 'translationTerms' as const, name: 'Glossary', language: 'en-US', translationLanguage: 'es-ES', wordCount: 12, isDefault: true, createTime: '2026-11-21 10:00:00' };

function props(overrides: Partial<LibraryListViewProps> = {}): LibraryListViewProps {
  return {
    kind: 'translationTerms',
    counts: { properWords: 2, translationTerms: 1, sensitiveWords: 0, wordReplacement: 4 },
    rows: [TERMS],
    stage: 'shown',
    page: 1,
    pages: 1,
    error: null,
    busyDefaultId: null,
    onKind: vi.fn(),
    onPage: vi.fn(),
    onRetry: vi.fn(),
    onCreate: vi.fn(),
    onOpen: vi.fn(),
    onRename: vi.fn(),
    onDelete: vi.fn(),
    onDefault: vi.fn(),
    ...overrides,
  };
}

describe('LibraryListView', () => {
  it('shows a tab per kind with its count and the libraries with languages and entry count', async () => {
    const p = props();
    await renderUi(<LibraryListView {...p} />);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Proper vocabulary (2)',
      'Translation terms (1)',
      'Sensitive words (0)',
      'Word replacement (4)',
    ]);
    expect(screen.getByTestId('library-word-count').textContent).toBe('12');
    expect(screen.getByTestId('library-row').textContent).toContain(`${languageName('en-US', 'en-US')} → ${languageName('es-ES', 'en-US')}`);
    fireEvent.click(screen.getByTestId('vocabulary-tab-sensitiveWords'));
    expect(p.onKind).toHaveBeenCalledWith('sensitiveWords');
  });

  it('reports open, rename, delete and the default switch for a library', async () => {
    const p = props();
    await renderUi(<LibraryListView {...p} />);
    fireEvent.click(screen.getByTestId('library-open'));
    fireEvent.click(screen.getByTestId('library-rename'));
    fireEvent.click(screen.getByTestId('library-delete'));
    for (const callback of [p.onOpen, p.onRename, p.onDelete]) expect(callback).toHaveBeenCalledWith(TERMS);
    const toggle = screen.getByRole('checkbox', { name: 'Use “Glossary” by default for uploads and dubbing' }) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
  });

  it('shows a create time as a local date and time, and any other text as sent', () => {
    expect(formatTime('2026-11-24T06:55:50.379Z', 'en-US')).toBe(
      new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(Date.parse('2026-11-24T06:55:50.379Z')),
    );
    expect(formatTime('2026-11-24T06:55:50.379Z', 'en-US')).toContain('2026');
    expect(formatTime('yesterday', 'en-US')).toBe('yesterday');
  });

  it('offers a retry when the list could not be read', async () => {
    const p = props({ stage: 'failed', rows: [], error: { message: 'Database unavailable' } });
    await renderUi(<LibraryListView {...p} />);
    expect(screen.getByRole('alert').textContent).toBe('Database unavailable');
    fireEvent.click(screen.getByTestId('library-retry'));
    expect(p.onRetry).toHaveBeenCalled();
  });
});
