import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test-render';
import { AllowanceNotice } from './AllowanceNotice';

describe('AllowanceNotice', () => {
  it("names why the meeting paused and offers the purchase (a membership's day used up)", async () => {
    const onBuy = vi.fn();
    await renderUi(<AllowanceNotice notice={{ kind: 'usedUp', code: 92505001, paid: false }} purchasesOffered onBuy={onBuy} onDismiss={vi.fn()} />);
    const notice = screen.getByTestId('allowance-used-up');
    expect(notice.textContent).toContain('Your live interpreting time is used up, so the meeting is paused');
    expect(notice.textContent).toContain('The credit limit in the package has been exhausted');
    await act(async () => fireEvent.click(screen.getByTestId('allowance-buy')));
    expect(onBuy).toHaveBeenCalledOnce();
  });

  it('says insufficient balance without a membership, and hides Buy when nothing is sold', async () => {
    await renderUi(<AllowanceNotice notice={{ kind: 'usedUp', code: 92505000, paid: false }} purchasesOffered={false} onBuy={vi.fn()} onDismiss={vi.fn()} />);
    expect(screen.getByTestId('allowance-used-up').textContent).toContain('Insufficient balance');
    expect(screen.queryByTestId('allowance-buy')).toBeNull();
  });

  it('says the payment came while waiting, then resumed (dismissable), and nothing otherwise', async () => {
    const onDismiss = vi.fn();
    const view = await renderUi(<AllowanceNotice notice={{ kind: 'usedUp', code: 92505000, paid: true }} purchasesOffered onBuy={vi.fn()} onDismiss={onDismiss} />);
    expect(screen.getByTestId('allowance-used-up').textContent).toContain('Payment received: the meeting is resuming');
    expect(screen.queryByTestId('allowance-buy')).toBeNull();
    view.unmount();
    const resumed = await renderUi(<AllowanceNotice notice={{ kind: 'resumed' }} purchasesOffered onBuy={vi.fn()} onDismiss={onDismiss} />);
    expect(screen.getByTestId('allowance-resumed').textContent).toContain('Payment received: the meeting has resumed');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Dismiss' })));
    expect(onDismiss).toHaveBeenCalledOnce();
    resumed.unmount();
    await renderUi(<AllowanceNotice notice={{ kind: 'none' }} purchasesOffered onBuy={vi.fn()} onDismiss={onDismiss} />);
    expect(screen.queryByTestId('allowance-resumed')).toBeNull();
  });
});
