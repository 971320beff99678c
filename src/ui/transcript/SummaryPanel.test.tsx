// The record's summary panel (issue 24 §5): every part of the summary, the language it is in, the
// service's note; "Regenerate" only when the transcript was edited since the summary was made.
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test-render';
import { SummaryPanel, type SummaryPanelProps } from './SummaryPanel';

function props(overrides: Partial<SummaryPanelProps> = {}): SummaryPanelProps {
  return {
    status: 'ready',
    summary: {
      content: 'The office moves in May.',
      keyPoints: ['Rent and furniture are in the budget.'],
      decisions: [{ text: 'We move on 12 May.', speaker: 'Ann' }],
      actionItems: [{ text: 'Order the desks by Friday.', speaker: 'Bob' }, { text: 'Send questions to Ann.' }],
      keywords: ['office', 'budget'],
      lang: 'en-US',
      sourceLang: 'es-ES',
      note: 'The summary service failed; the offline summariser wrote this summary.',
    },
    offersRegenerate: false,
    refreshSecondsLeft: 0,
    canRefresh: false,
    onGenerate: vi.fn(),
    onDownload: vi.fn(),
    onDownloadText: vi.fn(),
    ...overrides,
  };
}

describe('SummaryPanel (record)', () => {
  it('shows the summary, key points, decisions and action items with their speakers, keywords, language and note', async () => {
    await renderUi(<SummaryPanel {...props()} />);
    expect(screen.getByTestId('summary-content').textContent).toBe('The office moves in May.');
    expect(screen.getByTestId('summary-key-points').textContent).toContain('Rent and furniture are in the budget.');
    expect(within(screen.getByTestId('summary-decisions')).getByText('We move on 12 May.', { exact: false }).textContent).toBe('Ann: We move on 12 May.');
    const actions = within(screen.getByTestId('summary-action-items')).getAllByRole('listitem').map((item) => item.textContent);
    expect(actions).toEqual(['Bob: Order the desks by Friday.', 'Send questions to Ann.']);
    expect(screen.getByTestId('summary-keywords').textContent).toContain('office');
    expect(screen.getByTestId('summary-language').textContent).toMatch(/^In .*English, translated from .*Spanish$/);
    expect(screen.getByTestId('summary-note').textContent).toContain('offline summariser');
    // The first render loads every locale namespace: slow on a loaded machine.
  }, 20_000);

  it('offers no regeneration of a summary made from the transcript as it is; downloads it as Word or text', async () => {
    const onDownload = vi.fn();
    const onDownloadText = vi.fn();
    await renderUi(<SummaryPanel {...props({ onDownload, onDownloadText })} />);
    fireEvent.click(screen.getByTestId('summary-download'));
    fireEvent.click(screen.getByTestId('summary-download-text'));
    expect(onDownload).toHaveBeenCalledTimes(1);
    expect(onDownloadText).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('summary-refresh')).toBeNull();
    expect(screen.queryByTestId('summary-generate')).toBeNull();
    expect(screen.queryByTestId('summary-changed')).toBeNull();
  });

  it('offers to regenerate after edits, once the countdown allows', async () => {
    const onGenerate = vi.fn();
    const first = await renderUi(<SummaryPanel {...props({ offersRegenerate: true, refreshSecondsLeft: 12, onGenerate })} />);
    expect(screen.getByTestId('summary-changed').textContent).toContain('The transcript was edited after this summary was made.');
    const button = screen.getByTestId('summary-refresh') as HTMLButtonElement;
    expect(button.textContent).toBe('Regenerate in 12 s');
    expect(button.disabled).toBe(true);
    first.unmount();
    await renderUi(<SummaryPanel {...props({ offersRegenerate: true, canRefresh: true, onGenerate })} />);
    fireEvent.click(screen.getByTestId('summary-refresh'));
    expect(onGenerate).toHaveBeenCalledTimes(1);
  });

  it('offers to generate when there is none', async () => {
    const onGenerate = vi.fn();
    await renderUi(<SummaryPanel {...props({ status: 'empty', summary: { content: '' }, onGenerate })} />);
    fireEvent.click(screen.getByTestId('summary-generate'));
    expect(onGenerate).toHaveBeenCalledTimes(1);
  });
});
