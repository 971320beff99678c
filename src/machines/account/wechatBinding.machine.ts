// WeChat binding on the personal centre (features §2 account security): an unbound account shows a
// QR code of WeChat's authorize address and asks, every 2 seconds, whether the scan finished; its
// authorization code is then bound (bindingOther). A bound account may unbind after confirming; the
// server refuses when WeChat is the only way left to sign in, and says so.
import { assign, emit, setup, type SnapshotFrom } from 'xstate';
import { bindWechatActor } from '../../api/account/binding-other';
import type { ErrorText } from '../../api/errors';
import { unbindWechatActor } from '../../api/account/unbind-we-cat';
import { pollWechatScanActor } from '../../api/account/get-open-id';
import { startWechatScanActor } from '../../api/account/get-qr-code';
import type { Notice } from '../notice';
import { failureNotice, failureOf, isQuietFailure, noError, shownError, successNotice } from './form-failure';

export interface WechatBindingContext extends ErrorText {
  bound: boolean;
  qrUrl: string | null;
  state: string;
  scanCode: string | null;
  /** How many times the scan was asked about (the double of the path tests answers by it). */
  asks: number;
}

export type WechatBindingEvent = { type: 'wechat.bind' } | { type: 'wechat.unbind' } | { type: 'wechat.confirm' } | { type: 'wechat.cancel' };

export const WECHAT_BOUND_KEY = 'profile:wechatBound';
export const WECHAT_UNBOUND_KEY = 'profile:wechatUnbound';
export const SCAN_POLL_MS = 2000;

const failed = {
  target: '#wechatBinding.settled',
  actions: [{ type: 'rememberFailure', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) }, 'noticeFailure'],
} as const;

export const wechatBindingMachine = setup({
  types: {
    context: {} as WechatBindingContext,
    events: {} as WechatBindingEvent,
    input: {} as { bound: boolean },
    emitted: {} as Notice,
  },
  actors: { startScan: startWechatScanActor, pollScan: pollWechatScanActor, bindWechat: bindWechatActor, unbindWechat: unbindWechatActor },
  guards: {
    isBound: ({ context }) => context.bound,
    quietFailure: (_, params: { error: unknown }) => isQuietFailure(params.error),
  },
  actions: {
    clear: assign({ qrUrl: null, state: '', scanCode: null, asks: 0, ...noError }),
    rememberFailure: assign((_, params: { error: unknown }) => failureOf(params.error)),
    noticeFailure: emit(({ context }) => failureNotice(context)),
    noticeBound: emit(() => successNotice(WECHAT_BOUND_KEY)),
    noticeUnbound: emit(() => successNotice(WECHAT_UNBOUND_KEY)),
  },
}).createMachine({
  id: 'wechatBinding',
  context: ({ input }) => ({ bound: input.bound, qrUrl: null, state: '', scanCode: null, asks: 0 }),
  initial: 'settled',
  states: {
    // Bound or not, nothing in flight.
    settled: {
      on: {
        'wechat.bind': { guard: ({ context }) => !context.bound, target: 'starting', actions: 'clear' },
        'wechat.unbind': { guard: 'isBound', target: 'confirmingUnbind', actions: 'clear' },
      },
    },
    starting: {
      invoke: {
        id: 'startScan',
        src: 'startScan',
        onDone: { target: 'scanning', actions: assign(({ event }) => ({ qrUrl: event.output.url, state: event.output.state })) },
        onError: [{ guard: { type: 'quietFailure', params: ({ event }) => ({ error: event.error }) }, target: 'settled' }, failed],
      },
      on: { 'wechat.cancel': 'settled' },
    },
    scanning: {
      initial: 'asking',
      on: { 'wechat.cancel': { target: 'settled', actions: 'clear' } },
      states: {
        asking: {
          entry: assign({ asks: ({ context }) => context.asks + 1 }),
          invoke: {
            id: 'pollScan',
            src: 'pollScan',
            input: ({ context }) => ({ state: context.state, ask: context.asks }),
            onDone: [
              { guard: ({ event }) => event.output !== null, target: '#wechatBinding.binding', actions: assign({ scanCode: ({ event }) => event.output }) },
              { target: 'waiting' },
            ],
            onError: [{ guard: { type: 'quietFailure', params: ({ event }) => ({ error: event.error }) }, target: '#wechatBinding.settled' }, failed],
          },
        },
        waiting: { after: { [SCAN_POLL_MS]: 'asking' } },
      },
    },
    binding: {
      invoke: {
        id: 'bindWechat',
        src: 'bindWechat',
        input: ({ context }) => ({ code: context.scanCode ?? '' }),
        onDone: { target: 'settled', actions: [assign({ bound: true, qrUrl: null }), 'noticeBound'] },
        onError: [{ guard: { type: 'quietFailure', params: ({ event }) => ({ error: event.error }) }, target: 'settled' }, failed],
      },
    },
    confirmingUnbind: {
      on: { 'wechat.confirm': 'unbinding', 'wechat.cancel': 'settled' },
    },
    unbinding: {
      invoke: {
        id: 'unbindWechat',
        src: 'unbindWechat',
        onDone: { target: 'settled', actions: [assign({ bound: false }), 'noticeUnbound'] },
        onError: [{ guard: { type: 'quietFailure', params: ({ event }) => ({ error: event.error }) }, target: 'settled' }, failed],
      },
    },
  },
});

type WechatBindingSnapshot = SnapshotFrom<typeof wechatBindingMachine>;

export const selectWechatBound = (s: WechatBindingSnapshot) => s.context.bound;
export const selectWechatQr = (s: WechatBindingSnapshot) => (s.matches('scanning') ? s.context.qrUrl : null);
export const selectWechatBusy = (s: WechatBindingSnapshot) => s.matches('starting') || s.matches('binding') || s.matches('unbinding');
export const selectWechatConfirming = (s: WechatBindingSnapshot) => s.matches('confirmingUnbind');
export const selectWechatError = (s: WechatBindingSnapshot) => (s.matches('settled') ? shownError(s.context) : null);
