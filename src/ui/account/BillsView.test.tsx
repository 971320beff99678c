import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test-render';
import { BillsView, formatSeconds, type BillsViewProps } from './BillsView';
import { axisTopHours, labelled, type UsageDayView } from './UsageChart';

const day = (date: string, meeting: number, transcription: number, dubbing: number): UsageDayView => ({
  date,
  meetingSeconds: meeting * 3600,
  transcriptionSeconds: transcription * 3600,
  dubbingSeconds: dubbing * 3600,
});

function props(overrides: Partial<BillsViewProps> = {}): BillsViewProps {
  return {
    balances: [
      { kind: 'svipMember', label: 'SVIP member', remarkString: 'Until 2027-01-01', operationString: 'Renew' },
      { kind: 'duration', label: 'Duration' },
    ],
    usage: { stage: 'shown', days: [day('2026-11-01', 1, 0.5, 0), day('2026-11-02', 0, 0, 0), day('2026-11-03', 2, 0, 1.5)], error: null, timeZone: 'Asia/Shanghai' },
    buys: {
      stage: 'shown',
      rows: [
        { id: 'b1', outTradeNo: 'PT1', createTime: '2026-11-02T02:44:03.718Z', packageName: 'SVIP 1 month', payPrice: 99, status: 'paid', source: 'purchase' },
        { id: 'b2', outTradeNo: 'trial:u1', createTime: '2026-11-01T00:00:00.000Z', packageName: 'Duration · Trial', payPrice: 0, status: 'paid', source: 'trial' },
      ],
      page: 1,
      pages: 2,
      error: null,
    },
    costs: {
      stage: 'shown',
      rows: [{ id: 'c1', createTime: '2026-11-03 12:00:00', accountTypeName: 'Duration', usageKind: 'meeting', duration: 5400, recordName: 'Weekly sync' }],
      page: 1,
      pages: 1,
      error: null,
    },
    onBuysPage: vi.fn(),
    onCostsPage: vi.fn(),
    onRetry: vi.fn(),
    onBuy: vi.fn(),
    ...overrides,
  };
}

describe('BillsView', () => {
  it('shows balances, the rows with yuan and durations, and pages on request', async () => {
    const p = props();
    await renderUi(<BillsView {...p} />);
    expect(screen.getByTestId('balance-svipMember').textContent).toContain('Until 2027-01-01');
    expect(screen.getByTestId('balance-duration').textContent).toContain('Nothing bought yet');
    const buys = screen.getByTestId('buys');
    expect(buys.textContent).toContain('SVIP 1 month');
    expect(buys.textContent).toContain('¥99.00');
    expect(buys.textContent).toContain('Paid');
    // issue 29: the reader's date in their zone (Asia/Shanghai here), never the raw ISO text.
    expect(buys.textContent).toContain('Nov 2, 2026, 10:44 AM');
    expect(buys.textContent).not.toContain('2026-11-02T02:44');
    const costs = screen.getByTestId('costs');
    expect(costs.textContent).toContain('Live interpreting');
    expect(costs.textContent).toContain('1:30:00');
    expect(costs.textContent).toContain('Weekly sync');
    expect(screen.queryByTestId('costs-pager')).toBeNull();
    await act(async () => fireEvent.click(within(screen.getByTestId('buys-pager')).getByLabelText('Next page')));
    expect(p.onBuysPage).toHaveBeenCalledWith(2);
  });

  it('marks the free trial as a trial, not a purchase, and links a receipt only for a paid order (issue 29)', async () => {
    await renderUi(<BillsView {...props()} />);
    const [paid, trial] = within(screen.getByTestId('buys')).getAllByTestId('buy-row');
    expect(paid!.getAttribute('data-source')).toBe('purchase');
    expect(within(paid!).getByText('Purchase')).toBeTruthy();
    expect(within(paid!).getByTestId('receipt-link').getAttribute('href')).toBe('/user/receipt/PT1');
    expect(trial!.getAttribute('data-source')).toBe('trial');
    expect(within(trial!).getByText('Free trial')).toBeTruthy();
    expect(within(trial!).getByText('Free')).toBeTruthy();
    expect(trial!.textContent).not.toContain('Paid');
    expect(within(trial!).queryByTestId('receipt-link')).toBeNull();
  });

  it('says Renew on an active membership card, as the avatar menu does (issue 29)', async () => {
    await renderUi(<BillsView {...props()} />);
    expect(within(screen.getByTestId('balance-svipMember')).getByRole('button').textContent).toBe('Renew');
    expect(within(screen.getByTestId('balance-duration')).getByRole('button').textContent).toBe('Buy');
  });

  it('labels the chart so the last day fits: it ends at its bar, and no label crowds it', async () => {
    const month = Array.from({ length: 30 }, (_, index) => day(`2026-10-${String(index + 1).padStart(2, '0')}`, 0, 0, 0));
    await renderUi(<BillsView {...props({ usage: { stage: 'shown', days: month, error: null, timeZone: 'UTC' } })} />);
    const labels = [...screen.getByTestId('usage-chart').querySelectorAll('g[data-testid="usage-day"] text')];
    expect(labels.map((label) => label.textContent)).toEqual(['10/1', '10/6', '10/11', '10/16', '10/21', '10/26', '10/30']);
    expect(labels.at(-1)!.getAttribute('text-anchor')).toBe('end');
    expect(labels[0]!.getAttribute('text-anchor')).toBe('start');
    expect(labelled(25, 28)).toBe(false);
    expect(labelled(29, 30)).toBe(true);
  });

  it('offers buying per balance, and nothing to buy under BILLING=off (no onBuy)', async () => {
    const p = props();
    const view = await renderUi(<BillsView {...p} />);
    const buy = within(screen.getByTestId('balance-duration')).getByRole('button');
    await act(async () => fireEvent.click(buy));
    expect(p.onBuy).toHaveBeenCalledWith('duration');
    view.unmount();
    const { onBuy: _onBuy, ...withoutBuy } = props();
    await renderUi(<BillsView {...withoutBuy} />);
    expect(within(screen.getByTestId('balance-duration')).queryByRole('button')).toBeNull();
    expect(within(screen.getByTestId('balance-svipMember')).queryByRole('button')).toBeNull();
  });

  it('draws one stacked bar per day in hours per kind, summed up in its accessible name', async () => {
    await renderUi(<BillsView {...props()} />);
    const chart = screen.getByTestId('usage-chart');
    expect(within(chart).getAllByTestId('usage-day')).toHaveLength(3);
    const third = within(chart).getAllByTestId('usage-day')[2]!;
    expect([...third.querySelectorAll('rect')].map((rect) => rect.getAttribute('data-kind'))).toEqual(['meeting', 'dubbing']);
    // Axis top 4 h (3.5 rounded up): 2 h of meeting is half the plot's height.
    const meeting = third.querySelector('rect[data-kind="meeting"]')!;
    const dubbing = third.querySelector('rect[data-kind="dubbing"]')!;
    expect(Number(meeting.getAttribute('height')) / Number(dubbing.getAttribute('height'))).toBeCloseTo(2 / 1.5);
    expect(chart.querySelector('svg')!.getAttribute('aria-label')).toBe(
      'Hours used per day over the last 30 days: 3 h live interpreting, 0.5 h file transcription, 1.5 h AI dubbing.',
    );
    expect(chart.textContent).toContain('Days in Asia/Shanghai');
  });

  it('says a section failed and retries', async () => {
    const p = props({ costs: { stage: 'failed', rows: [], page: 1, pages: 1, error: { message: 'Bills are unavailable' } } });
    await renderUi(<BillsView {...p} />);
    const costs = screen.getByTestId('costs');
    expect(within(costs).getByRole('alert').textContent).toBe('Bills are unavailable');
    await act(async () => fireEvent.click(within(costs).getByText('Try again')));
    expect(p.onRetry).toHaveBeenCalled();
  });

  it('formats seconds and rounds the axis up to whole hours', () => {
    expect(formatSeconds(3725)).toBe('1:02:05');
    expect(axisTopHours([day('d', 0, 0, 0)])).toBe(1);
    expect(axisTopHours([day('d', 2, 1, 0.2)])).toBe(4);
  });
});
