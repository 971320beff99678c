// Path model of the verification-code machine (convention: src/testing/paths.ts).
// The send double rejects for addresses starting with "fail" and allows an immediate resend for
// addresses starting with "now", so each outcome of the send has its own sample address.
import { fromPromise, type AnyMachineSnapshot } from 'xstate';
import type { PathsModel } from '../../testing/paths';
import { verificationCodeMachine, type SendCodeInput, type SendCodeOutput } from './verificationCode.machine';

const RESEND_AFTER_SECONDS = 2;
const FAILURE = { kind: 'business', code: 500, message: 'Mail server unavailable' };

const failsFor = (username: string | undefined) => (username ?? '').startsWith('fail');
const waitFor = (username: string | undefined) => ((username ?? '').startsWith('now') ? 0 : RESEND_AFTER_SECONDS);
const sending = (snapshot: AnyMachineSnapshot) => snapshot.context as { username?: string };

export const pathsModel: PathsModel = {
  name: 'verificationCode',
  machine: verificationCodeMachine.provide({
    actors: {
      sendCode: fromPromise<SendCodeOutput, SendCodeInput>(async ({ input }) => {
        if (failsFor(input.username)) throw FAILURE;
        return { resendAfterSeconds: waitFor(input.username) };
      }),
    },
  }),
  events: {
    'code.send': [
      { type: 'code.send', username: 'ana@example.com', scene: 'register' },
      { type: 'code.send', username: 'fail@example.com', scene: 'login' },
      { type: 'code.send', username: 'now@example.com', scene: 'reset' },
    ],
    'xstate.done.actor.sendCode': (snapshot) =>
      failsFor(sending(snapshot).username)
        ? []
        : [{ type: 'xstate.done.actor.sendCode', output: { resendAfterSeconds: waitFor(sending(snapshot).username) } }],
    'xstate.error.actor.sendCode': (snapshot) =>
      failsFor(sending(snapshot).username) ? [{ type: 'xstate.error.actor.sendCode', error: FAILURE }] : [],
    'countdown.tick': [
      { type: 'countdown.tick', secondsLeft: 1 },
      { type: 'countdown.tick', secondsLeft: 0 },
    ],
  },
  produced: ['countdown.tick'],
};
