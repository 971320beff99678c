import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test-render';
import { ReceiptView, type ReceiptViewProps } from './ReceiptView';

function props(overrides: Partial<ReceiptViewProps> = {}): ReceiptViewProps {
  return {
    stage: 'shown',
    receipt: {
      outTradeNo: 'PT1',
      packageName: 'SVIP member · 1 month',
      amount: 99,
      payType: 'wxV3Pay',
      providerTxnId: 'TX9',
      paidAt: '2026-11-28T02:44:03.718Z',
      buyerName: 'Ana',
      buyerAddress: 'ana@example.com',
      seller: 'Parley',
    },
    error: null,
    timeZone: 'Asia/Shanghai',
    onRetry: vi.fn(),
    onPrint: vi.fn(),
    ...overrides,
  };
}

describe('ReceiptView', () => {
  it('shows the order, the date in the reader’s zone, the buyer, the method and the total, and prints', async () => {
    const p = props();
    await renderUi(<ReceiptView {...p} />);
    const receipt = await screen.findByTestId('receipt');
    expect(receipt.textContent).toContain('PT1');
    expect(receipt.textContent).toContain('Nov 28, 2026, 10:44 AM');
    expect(receipt.textContent).toContain('Ana (ana@example.com)');
    expect(receipt.textContent).toContain('WeChat Pay');
    expect(receipt.textContent).toContain('TX9');
    expect(screen.getByTestId('receipt-total').textContent).toBe('CN¥99.00');
    await act(async () => fireEvent.click(screen.getByTestId('receipt-print')));
    expect(p.onPrint).toHaveBeenCalledOnce();
  });

  it('says why there is no receipt and offers to try again', async () => {
    const p = props({ stage: 'failed', receipt: null, error: { message: 'No such order' } });
    await renderUi(<ReceiptView {...p} />);
    expect((await screen.findByRole('alert')).textContent).toBe('No such order');
    await act(async () => fireEvent.click(screen.getByText('Try again')));
    expect(p.onRetry).toHaveBeenCalledOnce();
  });
});
