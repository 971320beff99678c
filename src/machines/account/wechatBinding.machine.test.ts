// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { WECHAT_SCAN_EXPIRED } from '../../api/account/get-open-id';
import type { WechatScanStart } from '../../api/account/get-qr-code';
import type { Notice } from '../notice';
import {
  SCAN_POLL_MS,
  WECHAT_BOUND_KEY,
  WECHAT_UNBOUND_KEY,
  selectWechatBound,
  selectWechatBusy,
  selectWechatConfirming,
  selectWechatError,
  selectWechatQr,
  wechatBindingMachine,
} from './wechatBinding.machine';

const START: WechatScanStart = { url: 'https://open.weixin.qq.com/connect/qrconnect?appid=wx1&state=abc#wechat_redirect', state: 'abc' };
const CANCELLED = { kind: 'cancelled' };
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function start(options: {
  bound: boolean;
  startScan?: () => Promise<WechatScanStart>;
  poll?: (ask: number) => Promise<boolean>;
  bind?: (state: string) => Promise<void>;
  unbind?: () => Promise<void>;
}) {
  const calls: string[] = [];
  const notices: Notice[] = [];
  const actor = createActor(
    wechatBindingMachine.provide({
      actors: {
        startScan: fromPromise<WechatScanStart, void>(() => (calls.push('start'), (options.startScan ?? (async () => START))())),
        pollScan: fromPromise<boolean, { state: string; ask?: number }>(({ input }) => {
          calls.push(`poll:${input.state}:${input.ask}`);
          return (options.poll ?? (async () => true))(input.ask ?? 0);
        }),
        bindWechat: fromPromise<void, { state: string }>(({ input }) => (calls.push(`bind:${input.state}`), (options.bind ?? (async () => undefined))(input.state))),
        unbindWechat: fromPromise<void, void>(() => (calls.push('unbind'), (options.unbind ?? (async () => undefined))())),
      },
    }),
    { input: { bound: options.bound } },
  );
  actor.on('notice', (notice) => notices.push(notice));
  actor.start();
  return { actor, calls, notices };
}

describe('wechatBinding machine', () => {
  it('shows the QR, asks every 2 seconds until the server confirms the scan, then binds the request by its state', async () => {
    vi.useFakeTimers();
    try {
      const { actor, calls, notices } = start({ bound: false, poll: async (ask) => ask >= 3 });
      actor.send({ type: 'wechat.bind' });
      await vi.advanceTimersByTimeAsync(0);
      expect(selectWechatQr(actor.getSnapshot())).toBe(START.url);
      expect(calls).toEqual(['start', 'poll:abc:1']);
      await vi.advanceTimersByTimeAsync(SCAN_POLL_MS - 1);
      expect(calls).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(1);
      expect(calls).toEqual(['start', 'poll:abc:1', 'poll:abc:2']);
      await vi.advanceTimersByTimeAsync(SCAN_POLL_MS);
      expect(calls).toEqual(['start', 'poll:abc:1', 'poll:abc:2', 'poll:abc:3', 'bind:abc']);
      expect(selectWechatBound(actor.getSnapshot())).toBe(true);
      expect(selectWechatQr(actor.getSnapshot())).toBeNull();
      expect(notices).toEqual([{ type: 'notice', level: 'success', messageKey: WECHAT_BOUND_KEY }]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('an unconfigured server says why', async () => {
    const refusal = { kind: 'business', code: 503, message: 'WeChat sign-in is not configured on this server (set WECHAT_APP_ID)' };
    const { actor, notices } = start({ bound: false, startScan: async () => Promise.reject(refusal) });
    actor.send({ type: 'wechat.bind' });
    await waitFor(actor, (s) => s.matches('settled'));
    expect(selectWechatError(actor.getSnapshot())).toEqual({ message: refusal.message });
    expect(notices).toEqual([{ type: 'notice', level: 'error', message: refusal.message }]);
    expect(selectWechatBound(actor.getSnapshot())).toBe(false);
  });

  it('a failed scan check says why', async () => {
    const { actor } = start({ bound: false, poll: async () => Promise.reject({ kind: 'transport', messageKey: 'api:network' }) });
    actor.send({ type: 'wechat.bind' });
    await waitFor(actor, (s) => s.matches('settled') && s.context.errorKey !== undefined);
    expect(selectWechatError(actor.getSnapshot())).toEqual({ messageKey: 'api:network' });
  });

  it('an expired bind request says so and binds nothing', async () => {
    const { actor, calls } = start({ bound: false, poll: async () => Promise.reject(WECHAT_SCAN_EXPIRED) });
    actor.send({ type: 'wechat.bind' });
    await waitFor(actor, (s) => s.matches('settled') && s.context.errorKey !== undefined);
    expect(selectWechatError(actor.getSnapshot())).toEqual({ messageKey: 'profile:wechatScanExpired' });
    expect(calls.some((call) => call.startsWith('bind:'))).toBe(false);
    expect(selectWechatBound(actor.getSnapshot())).toBe(false);
  });

  it('a refused binding says why', async () => {
    const taken = { kind: 'business', code: 400, message: 'This WeChat account is bound to another account' };
    const { actor } = start({ bound: false, bind: async () => Promise.reject(taken) });
    actor.send({ type: 'wechat.bind' });
    await waitFor(actor, (s) => s.matches('settled') && s.context.errorMessage !== undefined);
    expect(selectWechatError(actor.getSnapshot())).toEqual({ message: taken.message });
    expect(selectWechatBound(actor.getSnapshot())).toBe(false);
  });

  it('a cancelled call shows nothing', async () => {
    for (const failing of ['startScan', 'poll', 'bind', 'unbind'] as const) {
      const reject = async () => Promise.reject(CANCELLED);
      const { actor, notices } = start({ bound: failing === 'unbind', [failing]: reject });
      if (failing === 'unbind') {
        actor.send({ type: 'wechat.unbind' });
        actor.send({ type: 'wechat.confirm' });
      } else actor.send({ type: 'wechat.bind' });
      await settle();
      await waitFor(actor, (s) => s.matches('settled'));
      expect(notices).toEqual([]);
      expect(selectWechatError(actor.getSnapshot())).toBeNull();
    }
  });

  it('unbinds after confirming; cancel keeps the binding', async () => {
    const { actor, calls, notices } = start({ bound: true });
    actor.send({ type: 'wechat.bind' });
    expect(actor.getSnapshot().value).toBe('settled');
    actor.send({ type: 'wechat.unbind' });
    expect(selectWechatConfirming(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'wechat.cancel' });
    expect(calls).toEqual([]);
    actor.send({ type: 'wechat.unbind' });
    actor.send({ type: 'wechat.confirm' });
    expect(selectWechatBusy(actor.getSnapshot())).toBe(true);
    await waitFor(actor, (s) => s.matches('settled'));
    expect(selectWechatBound(actor.getSnapshot())).toBe(false);
    expect(calls).toEqual(['unbind']);
    expect(notices).toEqual([{ type: 'notice', level: 'success', messageKey: WECHAT_UNBOUND_KEY }]);
  });

  it('keeps the binding when the server refuses to remove the last way to sign in', async () => {
    const lastWay = { kind: 'business', code: 400, message: 'WeChat is the only way left to sign in to this account' };
    const { actor } = start({ bound: true, unbind: async () => Promise.reject(lastWay) });
    actor.send({ type: 'wechat.unbind' });
    actor.send({ type: 'wechat.confirm' });
    await waitFor(actor, (s) => s.matches('settled'));
    expect(selectWechatBound(actor.getSnapshot())).toBe(true);
    expect(selectWechatError(actor.getSnapshot())).toEqual({ message: lastWay.message });
  });
});
