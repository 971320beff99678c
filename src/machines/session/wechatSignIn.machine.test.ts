// @vitest-environment node
// The WeChat sign-in machine's behaviour with doubles: the QR page polls until the phone confirms,
// keeps polling through a lost poll, offers registration for an unknown WeChat account, offers a new
// QR when the server says the request expired; the callback page completes the request once; the
// in-WeChat flow goes to WeChat's address.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  WECHAT_POLL_MS,
  wechatSignInMachine,
  type WechatScanAnswer,
  type WechatSignInInput,
  type WechatStartAnswer,
  type WechatTokenAnswer,
} from './wechatSignIn.machine';
import type { WechatStartQuery } from '../../api/session/get-qr-code';

function setUp(input: WechatSignInInput, polls: Array<WechatScanAnswer | 'crash'>, register: WechatTokenAnswer = { ok: true, token: 'new-token', redirect: '/recordList' }) {
  const starts: WechatStartQuery[] = [];
  const scans: Array<{ state: string; code?: string }> = [];
  const registrations: Array<{ state: string }> = [];
  let startCount = 0;
  const machine = wechatSignInMachine.provide({
    actors: {
      startWechat: fromPromise<WechatStartAnswer, WechatStartQuery>(async ({ input: query }) => {
        starts.push(query);
        startCount += 1;
        return { ok: true, state: `state-${startCount}`, qrCode: 'data:image/png;base64,QR', url: 'https://open.weixin.qq.com/connect/qrconnect?appid=wx' };
      }),
      checkWechatScan: fromPromise<WechatScanAnswer, { state: string; code?: string }>(async ({ input: query }) => {
        scans.push(query);
        const next = polls.shift() ?? { ok: true, status: 'waiting' };
        if (next === 'crash') throw new Error('network');
        return next;
      }),
      registerWechat: fromPromise<WechatTokenAnswer, { state: string }>(async ({ input: body }) => {
        registrations.push(body);
        return register;
      }),
    },
  });
  const actor = createActor(machine, { input }).start();
  return { actor, starts, scans, registrations };
}

async function tick(ms: number) {
  await vi.advanceTimersByTimeAsync(ms);
}

describe('wechatSignIn machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows the QR, polls by state every few seconds through a lost poll, and signs in when the phone confirmed', async () => {
    const { actor, starts, scans } = setUp({ channel: 'open', source: 'media_desk', redirect: '/recordList' }, [
      { ok: true, status: 'waiting' },
      'crash',
      { ok: true, status: 'signedIn', token: 'wx-token', redirect: '/recordList' },
    ]);
    await tick(0);
    expect(starts).toEqual([{ channel: 'open', source: 'media_desk', redirect: '/recordList' }]);
    expect(actor.getSnapshot().matches('showingQr')).toBe(true);
    expect(actor.getSnapshot().context.qrCode).toBe('data:image/png;base64,QR');
    expect(scans).toHaveLength(0);
    await tick(WECHAT_POLL_MS);
    expect(scans).toEqual([{ state: 'state-1' }]);
    await tick(WECHAT_POLL_MS);
    expect(actor.getSnapshot().matches('showingQr')).toBe(true);
    await tick(WECHAT_POLL_MS);
    expect(scans).toHaveLength(3);
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(actor.getSnapshot().context).toMatchObject({ token: 'wx-token', redirect: '/recordList' });
  });

  it('offers registration for a WeChat account Parley does not know, and signs the new account in', async () => {
    const { actor, registrations } = setUp({}, [{ ok: true, status: 'needsRegistration', nickname: 'Lin' }]);
    await tick(WECHAT_POLL_MS);
    expect(actor.getSnapshot().value).toBe('offeringRegistration');
    expect(actor.getSnapshot().context.nickname).toBe('Lin');
    actor.send({ type: 'wechat.register' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(registrations).toEqual([{ state: 'state-1' }]);
    expect(actor.getSnapshot().context.token).toBe('new-token');
  });

  it('offers a fresh QR when the server says the request expired, and keeps a refusal for the page', async () => {
    const { actor, starts } = setUp({}, [{ ok: true, status: 'expired' }, { ok: false, message: 'WeChat refused the sign-in' }]);
    await tick(WECHAT_POLL_MS);
    expect(actor.getSnapshot().value).toBe('expired');
    actor.send({ type: 'wechat.retry' });
    await tick(0);
    expect(starts).toHaveLength(2);
    expect(actor.getSnapshot().context.state).toBe('state-2');
    await tick(WECHAT_POLL_MS);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.errorMessage).toBe('WeChat refused the sign-in');
  });

  it("completes WeChat's callback once: the phone of a QR scan is told to go back, nothing is started", async () => {
    const { actor, starts, scans } = setUp({ callback: { code: 'CODE', state: 'S' } }, [{ ok: true, status: 'confirmed' }]);
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('confirmedOnPhone');
    expect(scans).toEqual([{ code: 'CODE', state: 'S' }]);
    expect(starts).toEqual([]);
  });

  it("goes to WeChat's authorize address inside WeChat's browser", async () => {
    const { actor, starts } = setUp({ channel: 'mp' }, []);
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('redirecting');
    expect(starts).toEqual([{ channel: 'mp' }]);
    expect(actor.getSnapshot().context.url).toContain('open.weixin.qq.com');
  });
});
