// /paypalReturn as the payer lands on it: PayPal's token and PayerID from the query are captured
// through paypalPayBack (the token is not taken for a login) and the result is shown.
import { screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';

import '../../testing/relative-request';
import { renderUi } from '../../ui/test-render';
import { SessionProvider, type SessionActor } from '../shell/session-context';
import PaypalReturnPage from './paypal-return.route';

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('/paypalReturn', () => {
  it('captures the PayPal order named in the query and says it is paid', async () => {
    const requests: Request[] = [];
    vi.stubGlobal('fetch', async (request: Request) => {
      requests.push(request);
      return new Response(JSON.stringify({ code: 200, msg: '', data: { outTradeNo: 'T9', status: 'paid' } }), {
        headers: { 'Content-Type': 'application/json' },
      });
    });
    window.history.replaceState(null, '', '/paypalReturn?token=5O190127TN364715T&PayerID=FSMVU44LF3YUS');
    const session = { send: vi.fn() } as unknown as SessionActor;
    await renderUi(
      <MemoryRouter>
        <SessionProvider actor={session}>
          <PaypalReturnPage />
        </SessionProvider>
      </MemoryRouter>,
    );
    await waitFor(() => expect(screen.getByTestId('pay-result').getAttribute('data-tone')).toBe('success'));
    expect(screen.getByText('Your benefits are ready. You can close this page and return to the app.')).toBeTruthy();
    // The payment changes the entitlements: the session reads them again.
    expect(session.send).toHaveBeenCalledWith({ type: 'account.refresh' });
    const capture = new URL(requests[0]!.url);
    expect(capture.pathname).toBe('/prod-api/expense/pay/paypalPayBack');
    expect(Object.fromEntries(capture.searchParams)).toEqual({ token: '5O190127TN364715T', PayerID: 'FSMVU44LF3YUS' });
  });
});
