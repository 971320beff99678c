// The purchase dialog as wired: the dialog actor's payment (on the doubles of payment.doubles.ts)
// drives the view, the view's choices reach the payment through the dialog, and closing stops it.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyActorLogic } from 'xstate';
import { paymentWithDoubles } from '../../machines/purchase/payment.doubles';
import { purchaseDialogMachine, selectPaymentActor } from '../../machines/purchase/purchaseDialog.machine';
import { sessionMachine } from '../../machines/session/session.machine';
import { renderUi } from '../../ui/test-render';
import { AppBusProvider } from './app-bus';
import { PurchaseDialogContainer } from './purchase-dialog-container';
import { SessionProvider } from './session-context';

function start() {
  const dialog = createActor(
    purchaseDialogMachine.provide({ actors: { loadPayment: fromPromise<AnyActorLogic, { tab: number }>(async () => paymentWithDoubles) } }),
  ).start();
  const session = createActor(sessionMachine, { input: { token: null, storedLocale: 'en-US', browserLanguage: 'en-US' } }).start();
  return { dialog, session };
}

describe('purchase dialog container', () => {
  it('shows the running payment, passes choices on and stops the payment on close', async () => {
    const { dialog, session } = start();
    dialog.send({ type: 'purchase.open', tab: 'vip' });
    await renderUi(
      <MemoryRouter initialEntries={['/?source=browser_plugin_media']}>
        <SessionProvider actor={session}>
          <AppBusProvider>
            <PurchaseDialogContainer dialog={dialog} />
          </AppBusProvider>
        </SessionProvider>
      </MemoryRouter>,
    );
    const panel = await screen.findByTestId('pay-panel');
    await waitFor(() => expect(panel.getAttribute('data-stage')).toBe('awaitingPayment'));
    expect(within(panel).getByTestId('pay-price').textContent).toBe('¥49.00');
    // Opened from the plugin's media page: no close button.
    expect(screen.queryByTestId('purchase-dialog-close')).toBeNull();
    const payment = selectPaymentActor(dialog.getSnapshot())!;
    await act(async () => fireEvent.click(within(panel).getByTestId('pay-method-aliPay')));
    expect(payment.getSnapshot().context.payType).toBe('aliPay');
    await waitFor(() => expect(screen.getByTestId('pay-panel').getAttribute('data-stage')).toBe('awaitingPayment'));
    await waitFor(() => expect(screen.getByTestId('payment-qr').getAttribute('src')).toMatch(/^data:image\/png/));
    act(() => dialog.send({ type: 'purchase.close' }));
    expect(payment.getSnapshot().status).toBe('stopped');
  });
});
