// Path model of the WeChat row, from an unbound and from a bound account. The scan double answers
// 'waiting' to the first ask and 'confirmed' to the next (so the 2-second wait is walked); the unbind
// double refuses as the server does when WeChat is the only way left to sign in.
import { fromPromise } from 'xstate';
import type { PathsModel } from '../../testing/paths';
import type { WechatScanStart } from '../../api/account/get-qr-code';
import { wechatBindingMachine, type WechatBindingContext } from './wechatBinding.machine';

const START: WechatScanStart = { url: 'https://open.weixin.qq.com/connect/qrconnect?appid=wx1&state=s1#wechat_redirect', state: 's1' };
const LAST_WAY = { kind: 'business', code: 400, message: 'WeChat is the only way left to sign in to this account' };

export const pathsModel: PathsModel = {
  name: 'wechatBinding',
  machine: wechatBindingMachine.provide({
    actors: {
      startScan: fromPromise<WechatScanStart, void>(async () => START),
      // The first ask of a scan answers 'waiting', the second 'confirmed', so the 2-second wait is walked.
      pollScan: fromPromise<boolean, { state: string; ask?: number }>(async ({ input }) => input.ask !== 1),
      bindWechat: fromPromise<void, { state: string }>(async () => undefined),
      unbindWechat: fromPromise<void, void>(async () => {
        throw LAST_WAY;
      }),
    },
  }),
  inputs: [{ bound: false }, { bound: true }],
  unreachable: [
    {
      transition: 'starting -xstate.error:startScan [quietFailure]-> settled',
      reason: "Not walkable by a path model: the scan start, bind and unbind doubles take no input the path could vary, so one model answers each of them one way. Covered by wechatBinding.machine.test.ts ('a cancelled call shows nothing').",
    },
    {
      transition: 'starting -xstate.error:startScan-> settled',
      reason: "Not walkable by a path model: the scan start, bind and unbind doubles take no input the path could vary, so one model answers each of them one way. Covered by wechatBinding.machine.test.ts ('an unconfigured server says why').",
    },
    {
      transition: 'scanning.asking -xstate.error:pollScan [quietFailure]-> settled',
      reason: "Not walkable by a path model: the scan start, bind and unbind doubles take no input the path could vary, so one model answers each of them one way. Covered by wechatBinding.machine.test.ts ('a cancelled call shows nothing').",
    },
    {
      transition: 'scanning.asking -xstate.error:pollScan-> settled',
      reason: "Not walkable by a path model: the scan start, bind and unbind doubles take no input the path could vary, so one model answers each of them one way. Covered by wechatBinding.machine.test.ts ('a failed scan check says why').",
    },
    {
      transition: 'binding -xstate.error:bindWechat [quietFailure]-> settled',
      reason: "Not walkable by a path model: the scan start, bind and unbind doubles take no input the path could vary, so one model answers each of them one way. Covered by wechatBinding.machine.test.ts ('a cancelled call shows nothing').",
    },
    {
      transition: 'binding -xstate.error:bindWechat-> settled',
      reason: "Not walkable by a path model: the scan start, bind and unbind doubles take no input the path could vary, so one model answers each of them one way. Covered by wechatBinding.machine.test.ts ('a refused binding says why').",
    },
    {
      transition: 'unbinding -xstate.done:unbindWechat-> settled',
      reason: "Not walkable by a path model: the scan start, bind and unbind doubles take no input the path could vary, so one model answers each of them one way. Covered by wechatBinding.machine.test.ts ('unbinds after confirming').",
    },
    {
      transition: 'unbinding -xstate.error:unbindWechat [quietFailure]-> settled',
      reason: "Not walkable by a path model: the scan start, bind and unbind doubles take no input the path could vary, so one model answers each of them one way. Covered by wechatBinding.machine.test.ts ('a cancelled call shows nothing').",
    },
  ],
  produced: [],
  events: {
    'xstate.done.actor.startScan': [{ type: 'xstate.done.actor.startScan', output: START }],
    'xstate.done.actor.pollScan': (snapshot) => [
      { type: 'xstate.done.actor.pollScan', output: (snapshot.context as WechatBindingContext).asks !== 1 },
    ],
    'xstate.done.actor.bindWechat': [{ type: 'xstate.done.actor.bindWechat' }],
    'xstate.error.actor.unbindWechat': [{ type: 'xstate.error.actor.unbindWechat', error: LAST_WAY }],
  },
  serializeContext: (context: WechatBindingContext) => ({
    bound: context.bound,
    qr: context.qrUrl,
    state: context.state,
    asks: context.asks,
    error: context.errorMessage ?? context.errorKey ?? null,
  }),
  skipSimplePaths: true,
};
