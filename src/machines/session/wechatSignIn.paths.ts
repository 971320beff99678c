// Path model of the WeChat sign-in machine (convention: src/testing/paths.ts). The doubles
// answer by scenario: the `redirect` of the input picks what the poll answers (/signed, /register,
// /expired, /refused, /wait), /startfail makes the start fail and /regfail the registration; on the
// callback page the code picks the answer (confirmed, signed, register, bad). /startcrash, /regcrash
// and the code 'crash' make those calls throw (a lost connection); a crashed poll is retried.
import { fromPromise, type AnyMachineSnapshot } from 'xstate';
import type { PathsModel } from '../../testing/paths';
import {
  wechatSignInMachine,
  type WechatScanAnswer,
  type WechatSignInContext,
  type WechatStartAnswer,
  type WechatTokenAnswer,
} from './wechatSignIn.machine';
import type { WechatStartQuery } from '../../api/session/get-qr-code';

const REFUSED = { ok: false as const, message: 'WeChat refused the sign-in (error 40029: invalid code)' };

function startAnswer(query: WechatStartQuery): WechatStartAnswer {
  if (query.redirect === '/startfail') return { ok: false, messageKey: 'auth:errors.unexpected' };
  return { ok: true, state: `state-for-${query.redirect ?? 'none'}`, qrCode: 'data:image/png;base64,AAAA', url: 'https://open.weixin.qq.com/connect/qrconnect?appid=wx' };
}

function pollAnswer(redirect: string | undefined): WechatScanAnswer | 'crash' {
  switch (redirect) {
    case '/signed':
      return { ok: true, status: 'signedIn', token: 'wx-token', nickname: 'Lin' };
    case '/register':
    case '/regfail':
    case '/regcrash':
      return { ok: true, status: 'needsRegistration', nickname: 'Lin' };
    case '/expired':
      return { ok: true, status: 'expired' };
    case '/refused':
      return REFUSED;
    case '/crash':
      return 'crash';
    default:
      return { ok: true, status: 'waiting' };
  }
}

function callbackAnswer(code: string): WechatScanAnswer {
  if (code === 'confirmed') return { ok: true, status: 'confirmed' };
  if (code === 'signed') return { ok: true, status: 'signedIn', token: 'wx-token' };
  if (code === 'register') return { ok: true, status: 'needsRegistration', nickname: 'Lin' };
  return REFUSED;
}

const scanAnswer = (input: { state: string; code?: string }, redirect: string | undefined) =>
  input.code !== undefined ? callbackAnswer(input.code) : pollAnswer(redirect);

const registerAnswer = (redirect: string | undefined): WechatTokenAnswer =>
  redirect === '/regfail' ? { ok: false, message: 'This account is already bound to another Parley user' } : { ok: true, token: 'wx-new-token' };

const CRASH = new Error('connection reset');
const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as WechatSignInContext;
const parentRedirect = (self: { _parent?: { getSnapshot(): { context?: unknown } } }) =>
  (self._parent?.getSnapshot().context as WechatSignInContext | undefined)?.query.redirect;

const machine = wechatSignInMachine.provide({
  actors: {
    startWechat: fromPromise<WechatStartAnswer, WechatStartQuery>(async ({ input }) => {
      if (input.redirect === '/startcrash') throw CRASH;
      return startAnswer(input);
    }),
    checkWechatScan: fromPromise<WechatScanAnswer, { state: string; code?: string }>(async ({ input, self }) => {
      if (input.code === 'crash') throw CRASH;
      const answer = scanAnswer(input, parentRedirect(self));
      if (answer === 'crash') throw CRASH;
      return answer;
    }),
    registerWechat: fromPromise<WechatTokenAnswer, { state: string }>(async ({ self }) => {
      if (parentRedirect(self) === '/regcrash') throw CRASH;
      return registerAnswer(parentRedirect(self));
    }),
  },
});

export const pathsModel: PathsModel = {
  name: 'wechatSignIn',
  machine,
  inputs: [
    { channel: 'open', redirect: '/signed' },
    { channel: 'open', redirect: '/register' },
    { channel: 'open', redirect: '/regfail' },
    { channel: 'open', redirect: '/expired' },
    { channel: 'open', redirect: '/refused' },
    { channel: 'open', redirect: '/crash', source: 'browser_plugin_media' },
    { channel: 'open', redirect: '/wait' },
    { channel: 'open', redirect: '/startfail' },
    { channel: 'open', redirect: '/startcrash' },
    { channel: 'open', redirect: '/regcrash' },
    { channel: 'mp', redirect: '/signed' },
    { callback: { code: 'confirmed', state: 's' } },
    { callback: { code: 'signed', state: 's' } },
    { callback: { code: 'register', state: 's' } },
    { callback: { code: 'bad', state: 's' } },
    { callback: { code: 'crash', state: 's' } },
  ],
  events: {
    'xstate.done.actor.startWechat': (snapshot) =>
      contextOf(snapshot).query.redirect === '/startcrash' ? [] : [{ type: 'xstate.done.actor.startWechat', output: startAnswer(contextOf(snapshot).query) }],
    'xstate.error.actor.startWechat': (snapshot) =>
      contextOf(snapshot).query.redirect === '/startcrash' ? [{ type: 'xstate.error.actor.startWechat', error: CRASH }] : [],
    'xstate.done.actor.pollWechat': (snapshot) => {
      const answer = pollAnswer(contextOf(snapshot).query.redirect);
      return answer === 'crash' ? [] : [{ type: 'xstate.done.actor.pollWechat', output: answer }];
    },
    'xstate.error.actor.pollWechat': (snapshot) =>
      pollAnswer(contextOf(snapshot).query.redirect) === 'crash' ? [{ type: 'xstate.error.actor.pollWechat', error: CRASH }] : [],
    'xstate.done.actor.completeWechat': (snapshot) => {
      const callback = contextOf(snapshot).callback;
      return callback && callback.code !== 'crash' ? [{ type: 'xstate.done.actor.completeWechat', output: callbackAnswer(callback.code) }] : [];
    },
    'xstate.error.actor.completeWechat': (snapshot) =>
      contextOf(snapshot).callback?.code === 'crash' ? [{ type: 'xstate.error.actor.completeWechat', error: CRASH }] : [],
    'xstate.done.actor.registerWechat': (snapshot) =>
      contextOf(snapshot).query.redirect === '/regcrash'
        ? []
        : [{ type: 'xstate.done.actor.registerWechat', output: registerAnswer(contextOf(snapshot).query.redirect) }],
    'xstate.error.actor.registerWechat': (snapshot) =>
      contextOf(snapshot).query.redirect === '/regcrash' ? [{ type: 'xstate.error.actor.registerWechat', error: CRASH }] : [],
  },
};
