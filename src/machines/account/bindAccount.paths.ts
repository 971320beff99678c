// Path model of the e-mail/phone binding form. The code double sends to any address; the binding
// double refuses the code '000000' as the server refuses a code for another address, answers
// '999999' as a cancelled call and binds with any other. The address 'taken@example.com' has its
// code send refused as a failing mailbox would be.
import { fromPromise, type AnyMachineSnapshot } from 'xstate';
import type { PathsModel } from '../../testing/paths';
import type { BindAddressInput } from '../../api/account/binding-account';
import { bindAccountMachine, validAddress, type BindAccountContext } from './bindAccount.machine';

const WRONG_CODE = { kind: 'business', code: 400, message: 'The verification code is wrong or has expired' };
const CANCELLED = { kind: 'cancelled' };
const SEND_FAILED = { kind: 'business', code: 500, message: 'The message could not be sent, please try again later' };
const bindErrorFor = (code: string) => (code === '000000' ? WRONG_CODE : code === '999999' ? CANCELLED : null);
const sendErrorFor = (address: string | null) => (address === 'taken@example.com' ? SEND_FAILED : address === 'gone@example.com' ? CANCELLED : null);
const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as BindAccountContext;
const addressOf = (snapshot: AnyMachineSnapshot) => validAddress(ctx(snapshot).kind, ctx(snapshot).address);

export const pathsModel: PathsModel = {
  name: 'bindAccount',
  machine: bindAccountMachine.provide({
    actors: {
      sendBindCode: fromPromise<{ resendAfterSeconds?: number }, { username: string }>(async ({ input }) => {
        const error = sendErrorFor(input.username);
        if (error) throw error;
        return { resendAfterSeconds: 60 };
      }),
      bindAddress: fromPromise<void, BindAddressInput>(async ({ input }) => {
        const error = bindErrorFor(input.code);
        if (error) throw error;
      }),
    },
  }),
  events: {
    'bind.open': [
      { type: 'bind.open', kind: 'email' },
      { type: 'bind.open', kind: 'phone' },
    ],
    'bind.addressChanged': (snapshot) =>
      ctx(snapshot).kind === 'email'
        ? [
            { type: 'bind.addressChanged', value: 'not-an-address' },
            { type: 'bind.addressChanged', value: 'New@Example.com' },
            { type: 'bind.addressChanged', value: 'taken@example.com' },
            { type: 'bind.addressChanged', value: 'gone@example.com' },
          ]
        : [{ type: 'bind.addressChanged', value: '+44 20 7946 0000' }],
    'bind.codeChanged': [
      { type: 'bind.codeChanged', value: '12' },
      { type: 'bind.codeChanged', value: '123456' },
      { type: 'bind.codeChanged', value: '000000' },
      { type: 'bind.codeChanged', value: '999999' },
    ],
    'xstate.done.actor.sendBindCode': (snapshot) => (sendErrorFor(addressOf(snapshot)) ? [] : [{ type: 'xstate.done.actor.sendBindCode', output: { resendAfterSeconds: 60 } }]),
    'xstate.error.actor.sendBindCode': (snapshot) => {
      const error = sendErrorFor(addressOf(snapshot));
      return error ? [{ type: 'xstate.error.actor.sendBindCode', error }] : [];
    },
    'xstate.done.actor.bindAddress': (snapshot) => (bindErrorFor(ctx(snapshot).code) ? [] : [{ type: 'xstate.done.actor.bindAddress' }]),
    'xstate.error.actor.bindAddress': (snapshot) => {
      const error = bindErrorFor(ctx(snapshot).code);
      return error ? [{ type: 'xstate.error.actor.bindAddress', error }] : [];
    },
  },
  serializeContext: (context: BindAccountContext) => ({
    kind: context.kind,
    address: context.address,
    code: context.code,
    sentTo: context.codeSentTo,
    error: context.errorMessage ?? context.errorKey ?? null,
  }),
  skipSimplePaths: true,
};
