// The WeChat panel wired to its machine inside the sign-in page: the QR is shown from the machine's
// context, a confirmed scan hands the token to the session and lands on the redirect the sign-in
// started with; WeChat's callback query is read as a callback; the back button leaves the panel.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { wechatSignInMachine, type WechatScanAnswer, type WechatStartAnswer } from '../../machines/session/wechatSignIn.machine';
import type { WechatStartQuery } from '../../api/session/get-qr-code';
import { renderAuthPage } from './auth-page.harness';
import WechatSignIn, { wechatInput } from './wechat-sign-in';

function doubled(scan: WechatScanAnswer) {
  return wechatSignInMachine.provide({
    actors: {
      startWechat: fromPromise<WechatStartAnswer, WechatStartQuery>(async () => ({ ok: true, state: 'S1', qrCode: 'data:image/png;base64,QRQR', url: 'https://open.weixin.qq.com/x' })),
      checkWechatScan: fromPromise<WechatScanAnswer, { state: string; code?: string }>(async () => scan),
    },
  });
}

describe('WeChat sign-in panel', () => {
  it('shows the QR, then hands the token to the session and goes to the redirect', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const onBack = vi.fn();
      const { sessionSend } = await renderAuthPage(
        <WechatSignIn onBack={onBack} machine={doubled({ ok: true, status: 'signedIn', token: 'wx-token', redirect: '/recordList' })} />,
        '/login',
        '/login',
      );
      const qr = await screen.findByTestId('wechat-qr');
      expect(qr.querySelector('img')?.getAttribute('src')).toBe('data:image/png;base64,QRQR');
      fireEvent.click(screen.getByTestId('wechat-back'));
      expect(onBack).toHaveBeenCalledTimes(1);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(2100);
      });
      await waitFor(() => expect(sessionSend).toHaveBeenCalledWith({ type: 'session.signedIn', token: 'wx-token' }));
      expect((await screen.findByTestId('landed')).textContent).toBe('/recordList');
    } finally {
      vi.useRealTimers();
    }
  });

  it('reads WeChat’s callback, a plugin source and the in-WeChat browser from the page', () => {
    expect(wechatInput(new URLSearchParams('wechat=callback&code=C&state=S'), 'Chrome')).toEqual({ callback: { code: 'C', state: 'S' } });
    expect(wechatInput(new URLSearchParams('source=browser_plugin_media&redirect=/x'), 'Mozilla/5.0 MicroMessenger/8.0')).toEqual({
      channel: 'mp',
      source: 'browser_plugin_media',
      redirect: '/x',
    });
    expect(wechatInput(new URLSearchParams('source=somewhere-else'), 'Chrome')).toEqual({ channel: 'open' });
  });
});
