// WeChat sign-in on the sign-in page (issue 15 §3). Three ways in, one lifecycle:
//  - the QR tab: start a request, show its QR, poll until the phone confirmed; then signed in, or offer
//    to register the WeChat account; an expired QR offers a fresh one;
//  - inside WeChat's browser (channel mp): start a request and go to WeChat's authorize address;
//  - WeChat's callback (the page opened with code and state): finish the request server-side; the
//    phone of a QR scan is told to go back to the computer, an in-WeChat sign-in continues here.
import { assign, fromPromise, setup } from 'xstate';
import { requestWechatQrCode, type WechatStartQuery } from '../../api/session/get-qr-code';
import { requestWechatScan } from '../../api/session/get-open-id';
import { registerWithWechat } from '../../api/session/wx-register-with-login';
import type { ApiResult } from '../../api/types';

/** How often the QR page asks whether the phone confirmed. */
export const WECHAT_POLL_MS = 2000;

export type Failure = { ok: false; message?: string; messageKey?: string };
export type WechatStartAnswer = { ok: true; state: string; qrCode: string; url: string } | Failure;
export type ScanStatus = 'waiting' | 'confirmed' | 'signedIn' | 'needsRegistration' | 'expired';
export type WechatScanAnswer = { ok: true; status: ScanStatus; token?: string; nickname?: string | null; redirect?: string | null } | Failure;
export type WechatTokenAnswer = { ok: true; token: string; redirect?: string | null } | Failure;

export interface WechatSignInInput {
  channel?: 'open' | 'mp';
  source?: WechatStartQuery['source'];
  redirect?: string;
  /** Set on WeChat's callback page. */
  callback?: { code: string; state: string };
}

export interface WechatSignInContext {
  channel: 'open' | 'mp';
  query: WechatStartQuery;
  callback?: { code: string; state: string };
  state?: string;
  qrCode?: string;
  url?: string;
  nickname?: string | null;
  token?: string;
  redirect?: string | null;
  errorMessage?: string;
  errorKey?: string;
}

export type WechatSignInEvent = { type: 'wechat.retry' } | { type: 'wechat.register' };

const UNEXPECTED = 'auth:errors.unexpected';

function failureOf(result: ApiResult<unknown>): Failure {
  if (result.ok) return { ok: false, messageKey: UNEXPECTED };
  const { message, messageKey } = result.error;
  return message === undefined && messageKey === undefined ? { ok: false, messageKey: UNEXPECTED } : { ok: false, message, messageKey };
}

export const startWechat = fromPromise<WechatStartAnswer, WechatStartQuery>(async ({ input, signal }) => {
  const result = await requestWechatQrCode(signal, input);
  if (!result.ok || !result.data) return failureOf(result);
  const data = result.data;
  return { ok: true, state: data.state, qrCode: data.qrCode ?? '', url: data.url };
});

export const checkWechatScan = fromPromise<WechatScanAnswer, { state: string; code?: string }>(async ({ input, signal }) => {
  const result = await requestWechatScan(input, signal);
  if (!result.ok || !result.data) return failureOf(result);
  return { ok: true, ...result.data };
});

export const registerWechat = fromPromise<WechatTokenAnswer, { state: string }>(async ({ input, signal }) => {
  const result = await registerWithWechat(input, signal);
  if (!result.ok || !result.data?.token) return failureOf(result);
  return { ok: true, token: result.data.token, redirect: result.data.redirect ?? null };
});

const isStatus = (status: ScanStatus) => (_: unknown, answer: WechatScanAnswer) => answer.ok && answer.status === status;

export const wechatSignInMachine = setup({
  types: {
    context: {} as WechatSignInContext,
    events: {} as WechatSignInEvent,
    input: {} as WechatSignInInput,
  },
  actors: { startWechat, checkWechatScan, registerWechat },
  guards: {
    isCallback: ({ context }) => context.callback !== undefined,
    isInWechat: ({ context }) => context.channel === 'mp',
    started: (_, answer: WechatStartAnswer) => answer.ok,
    waiting: isStatus('waiting'),
    confirmed: isStatus('confirmed'),
    signedIn: isStatus('signedIn'),
    needsRegistration: isStatus('needsRegistration'),
    expired: isStatus('expired'),
    registered: (_, answer: WechatTokenAnswer) => answer.ok,
  },
  actions: {
    storeStart: assign((_, answer: WechatStartAnswer) =>
      answer.ok ? { state: answer.state, qrCode: answer.qrCode, url: answer.url, errorMessage: undefined, errorKey: undefined } : {},
    ),
    storeScan: assign((_, answer: WechatScanAnswer) =>
      answer.ok ? { token: answer.token, nickname: answer.nickname ?? null, redirect: answer.redirect ?? null } : {},
    ),
    storeToken: assign((_, answer: WechatTokenAnswer) => (answer.ok ? { token: answer.token, redirect: answer.redirect ?? null } : {})),
    storeFailure: assign((_, answer: Failure | { ok: true }) =>
      answer.ok ? {} : { errorMessage: answer.message, errorKey: answer.message ? undefined : (answer.messageKey ?? UNEXPECTED) },
    ),
    storeUnexpected: assign({ errorMessage: undefined, errorKey: UNEXPECTED }),
    clearFailure: assign({ errorMessage: undefined, errorKey: undefined }),
  },
}).createMachine({
  id: 'wechatSignIn',
  context: ({ input }) => ({
    channel: input.channel ?? 'open',
    query: {
      channel: input.channel ?? 'open',
      ...(input.source ? { source: input.source } : {}),
      ...(input.redirect ? { redirect: input.redirect } : {}),
    },
    ...(input.callback ? { callback: input.callback, state: input.callback.state } : {}),
  }),
  initial: 'choosing',
  states: {
    choosing: {
      always: [{ guard: 'isCallback', target: 'completing' }, { target: 'starting' }],
    },
    starting: {
      invoke: {
        id: 'startWechat',
        src: 'startWechat',
        input: ({ context }) => context.query,
        onDone: [
          { guard: { type: 'started', params: ({ event }) => event.output }, target: 'started', actions: { type: 'storeStart', params: ({ event }) => event.output } },
          { target: 'failed', actions: { type: 'storeFailure', params: ({ event }) => event.output } },
        ],
        onError: { target: 'failed', actions: 'storeUnexpected' },
      },
    },
    started: {
      always: [{ guard: 'isInWechat', target: 'redirecting' }, { target: 'showingQr' }],
    },
    // The QR is on screen; the page asks every few seconds. The server answers expired once the
    // request's 10 minutes are over (its clock decides, not the page's).
    showingQr: {
      initial: 'idle',
      states: {
        idle: { after: { [WECHAT_POLL_MS]: 'checking' } },
        checking: {
          invoke: {
            id: 'pollWechat',
            src: 'checkWechatScan',
            input: ({ context }) => ({ state: context.state ?? '' }),
            onDone: [
              { guard: { type: 'waiting', params: ({ event }) => event.output }, target: 'idle' },
              { guard: { type: 'signedIn', params: ({ event }) => event.output }, target: '#wechatSignIn.signedIn', actions: { type: 'storeScan', params: ({ event }) => event.output } },
              { guard: { type: 'needsRegistration', params: ({ event }) => event.output }, target: '#wechatSignIn.offeringRegistration', actions: { type: 'storeScan', params: ({ event }) => event.output } },
              { guard: { type: 'expired', params: ({ event }) => event.output }, target: '#wechatSignIn.expired' },
              { target: '#wechatSignIn.failed', actions: { type: 'storeFailure', params: ({ event }) => event.output } },
            ],
            // A poll lost on the way (a network blip) is simply asked again.
            onError: { target: 'idle' },
          },
        },
      },
    },
    completing: {
      invoke: {
        id: 'completeWechat',
        src: 'checkWechatScan',
        input: ({ context }) => context.callback ?? { state: '' },
        onDone: [
          { guard: { type: 'confirmed', params: ({ event }) => event.output }, target: 'confirmedOnPhone' },
          { guard: { type: 'signedIn', params: ({ event }) => event.output }, target: 'signedIn', actions: { type: 'storeScan', params: ({ event }) => event.output } },
          { guard: { type: 'needsRegistration', params: ({ event }) => event.output }, target: 'offeringRegistration', actions: { type: 'storeScan', params: ({ event }) => event.output } },
          { target: 'failed', actions: { type: 'storeFailure', params: ({ event }) => event.output } },
        ],
        onError: { target: 'failed', actions: 'storeUnexpected' },
      },
    },
    offeringRegistration: {
      on: { 'wechat.register': { target: 'registering', actions: 'clearFailure' } },
    },
    registering: {
      invoke: {
        id: 'registerWechat',
        src: 'registerWechat',
        input: ({ context }) => ({ state: context.state ?? '' }),
        onDone: [
          { guard: { type: 'registered', params: ({ event }) => event.output }, target: 'signedIn', actions: { type: 'storeToken', params: ({ event }) => event.output } },
          { target: 'failed', actions: { type: 'storeFailure', params: ({ event }) => event.output } },
        ],
        onError: { target: 'failed', actions: 'storeUnexpected' },
      },
    },
    expired: { on: { 'wechat.retry': { target: 'starting', actions: 'clearFailure' } } },
    failed: { on: { 'wechat.retry': { target: 'starting', actions: 'clearFailure' } } },
    // Final: the page hands the token to the session, goes to WeChat, or tells the phone it is done.
    signedIn: { type: 'final' },
    redirecting: { type: 'final' },
    confirmedOnPhone: { type: 'final' },
  },
});
