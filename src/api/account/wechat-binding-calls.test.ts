// @vitest-environment node
// The WeChat bind calls against fake answers, as the server built them (social-sign-in): the QR
// request asks for purpose bind, the poll sends the state and reads waiting / confirmed / expired,
// and the binding sends the state (no authorization code). Unbinding's refusal keeps the server's
// translated message.
import { afterEach, describe, expect, it, vi } from 'vitest';

import '../test-relative-request';
import { answering, json } from '../test-fetch';
import { bindWechat } from './binding-other';
import { pollWechatScan, WECHAT_SCAN_EXPIRED } from './get-open-id';
import { startWechatScan } from './get-qr-code';
import { unbindWechat } from './unbind-we-cat';


afterEach(() => vi.unstubAllGlobals());

const AUTHORIZE = 'https://open.weixin.qq.com/connect/qrconnect?appid=wx1&state=st-1#wechat_redirect';

describe('WeChat bind calls', () => {
  it('starts a bind request and answers its authorize address and state', async () => {
    const requests = answering(() => json({ code: 200, msg: '', data: { url: AUTHORIZE, state: 'st-1', qrCode: 'data:image/png;base64,AA', expiresInSeconds: 600 } }));
    expect(await startWechatScan()).toEqual({ url: AUTHORIZE, state: 'st-1' });
    const url = new URL(requests[0]!.url);
    expect([requests[0]!.method, url.pathname]).toEqual(['GET', '/prod-api/auth/getQrCode']);
    expect(url.searchParams.get('purpose')).toBe('bind');
  });

  it('refuses an answer without an address to show', async () => {
    answering(() => json({ code: 200, msg: '', data: { url: '', state: '' } }));
    await expect(startWechatScan()).rejects.toEqual({ kind: 'business', messageKey: 'profile:wechatNoQr' });
  });

  it('polls by state: waiting is false, confirmed is true, expired is refused with a translated key', async () => {
    const answers = ['waiting', 'confirmed', 'expired', 'signedIn'];
    const requests = answering(() => json({ code: 200, msg: '', data: { status: answers.shift() } }));
    expect(await pollWechatScan('st-1')).toBe(false);
    expect(await pollWechatScan('st-1')).toBe(true);
    await expect(pollWechatScan('st-1')).rejects.toEqual(WECHAT_SCAN_EXPIRED);
    // A sign-in answer never belongs to a bind request.
    await expect(pollWechatScan('st-1')).rejects.toEqual(WECHAT_SCAN_EXPIRED);
    for (const request of requests) {
      const url = new URL(request.url);
      expect(url.pathname).toBe('/prod-api/auth/getOpenId');
      expect(Object.fromEntries(url.searchParams)).toEqual({ state: 'st-1' });
    }
  });

  it('binds by the state of the confirmed request', async () => {
    const requests = answering(() => json({ code: 200, msg: '', data: null }));
    await bindWechat({ state: 'st-1' });
    expect([requests[0]!.method, new URL(requests[0]!.url).pathname]).toEqual(['PUT', '/prod-api/system/bindingOther']);
    expect(await requests[0]!.json()).toEqual({ state: 'st-1' });
  });

  it("unbinding keeps the server's refusal to remove the last way to sign in", async () => {
    const msg = '這是您唯一的登錄方式，請先設置密碼或綁定郵箱、手機號';
    const requests = answering(() => json({ code: 400, msg, data: null }));
    await expect(unbindWechat()).rejects.toMatchObject({ kind: 'business', message: msg });
    expect([requests[0]!.method, new URL(requests[0]!.url).pathname]).toEqual(['PUT', '/prod-api/system/unbindWeCat']);
  });
});
