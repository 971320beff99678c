// The meeting's summaries as participants and the host see them (issue 24 §4): the download page
// shows the summary kept when the meeting ended, with all its parts, and says when it is still being
// made; the live instant summary says which language it is in.
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test-render';
import { MeetingDownloadPanel, type MeetingDownloadPanelProps } from './MeetingDownloadPanel';
import { SummaryPanel } from './SummaryPanel';

function download(overrides: Partial<MeetingDownloadPanelProps> = {}): MeetingDownloadPanelProps {
  return {
    name: 'Quarterly review',
    languages: ['es-ES'],
    language: 'es-ES',
    busy: false,
    errorText: null,
    summary: null,
    onLanguage: vi.fn(),
    onDownloadFile: vi.fn(),
    onDownloadSummary: vi.fn(),
    ...overrides,
  };
}

describe('meeting summary panels', () => {
  it('shows participants the kept summary with its decisions and action items, and its Word download', async () => {
    const summary = { content: 'We reviewed the budget.', keyPoints: ['Two projects move forward.'], actionItems: [{ text: 'Send the plan by Friday.', speaker: 'Ann' }], keywords: ['budget'], lang: 'en-US' };
    await renderUi(<MeetingDownloadPanel {...download({ summary })} />);
    const text = screen.getByTestId('download-summary-text').textContent ?? '';
    for (const part of ['We reviewed the budget.', 'Two projects move forward.', 'Ann: Send the plan by Friday.', 'budget']) expect(text).toContain(part);
    expect(screen.getByTestId('download-summary')).toBeTruthy();
    expect(screen.queryByText('The host has not made an AI summary of this meeting.')).toBeNull();
  }, 20_000);

  it('says the summary is being made rather than that the host made none', async () => {
    await renderUi(<MeetingDownloadPanel {...download({ summaryPending: true })} />);
    expect(screen.getByText('Summarising the whole meeting…')).toBeTruthy();
    expect(screen.queryByTestId('download-summary')).toBeNull();
  });

  it('names the language of the instant summary', async () => {
    await renderUi(<SummaryPanel content="We ship on Friday." keyPoints={['Ann writes the notes.']} language="zh-TW" generating={false} secondsLeft={12} error={null} onRequest={vi.fn()} />);
    expect(screen.getByTestId('summary-language').textContent).toMatch(/^In .*Chinese/);
    expect(screen.getByTestId('summary-request').textContent).toContain('12');
  });
});
