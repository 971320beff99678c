// Path model of export and account deletion, from the kinds of account: one with a password, two
// confirming by a code to their address, one with neither. The doubles: the export answers a network
// failure for the code accounts (as an unreachable server would), a cancelled call for the one with
// neither, and succeeds for the password account; the deletion refuses the password 'wrong1234' and
// the code '000000' as the server does, answers 'gone1234' as a cancelled call and deletes with
// anything else; the code send fails for the address 'down@example.com'.
import { fromPromise, type AnyMachineSnapshot } from 'xstate';
import type { PathsModel } from '../../testing/paths';
import type { DeletionProof } from '../../api/account/delete-account';
import { accountDataMachine, type AccountDataContext, type AccountDataInput } from './accountData.machine';

const WRONG = { kind: 'business', code: 400, message: 'The password is wrong' };
const CANCELLED = { kind: 'cancelled' };
const NETWORK = { kind: 'network' };
const SEND_FAILED = { kind: 'business', code: 500, message: 'The message could not be sent' };
const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as AccountDataContext;
const deleteErrorFor = (proof: DeletionProof) =>
  proof.password === 'wrong1234' || proof.code === '000000' ? WRONG : proof.password === 'gone1234' ? CANCELLED : null;
const proofOf = (c: AccountDataContext): DeletionProof => (c.proofKind === 'password' ? { password: c.password } : { code: c.code.trim() });
const exportErrorFor = (c: AccountDataContext) => (c.proofKind === 'code' ? NETWORK : c.proofKind === 'none' ? CANCELLED : null);
const sendErrorFor = (address: string | null) => (address === 'down@example.com' ? SEND_FAILED : null);

const parentContext = (self: { _parent?: { getSnapshot(): { context?: unknown } } }) => self._parent?.getSnapshot().context as AccountDataContext | undefined;

const INPUTS: AccountDataInput[] = [
  { hasPassword: true, address: 'ann@example.com' },
  { hasPassword: false, address: 'bob@example.com' },
  { hasPassword: false, address: 'down@example.com' },
  { hasPassword: false, address: null },
];

export const pathsModel: PathsModel = {
  name: 'accountData',
  machine: accountDataMachine.provide({
    actors: {
      saveExport: fromPromise<void>(async ({ self }) => {
        const context = parentContext(self);
        const error = context ? exportErrorFor(context) : null;
        if (error) throw error;
      }),
      sendCode: fromPromise<void, { username: string }>(async ({ input }) => {
        const error = sendErrorFor(input.username);
        if (error) throw error;
      }),
      deleteAccount: fromPromise<void, DeletionProof>(async ({ input }) => {
        const error = deleteErrorFor(input);
        if (error) throw error;
      }),
    },
  }),
  inputs: INPUTS,
  events: {
    'data.export': [{ type: 'data.export' }],
    'data.deleteOpen': [{ type: 'data.deleteOpen' }],
    'data.deleteCancel': [{ type: 'data.deleteCancel' }],
    'data.sendCode': [{ type: 'data.sendCode' }],
    'data.deleteConfirmed': [{ type: 'data.deleteConfirmed' }],
    'data.passwordChanged': (snapshot) =>
      ctx(snapshot).proofKind === 'password'
        ? [
            { type: 'data.passwordChanged', value: 'secret123' },
            { type: 'data.passwordChanged', value: 'wrong1234' },
            { type: 'data.passwordChanged', value: 'gone1234' },
          ]
        : [],
    'data.codeChanged': (snapshot) =>
      ctx(snapshot).proofKind === 'code'
        ? [
            { type: 'data.codeChanged', value: ' ' },
            { type: 'data.codeChanged', value: '123456' },
            { type: 'data.codeChanged', value: '000000' },
          ]
        : [],
    'xstate.done.actor.saveExport': (snapshot) => (exportErrorFor(ctx(snapshot)) ? [] : [{ type: 'xstate.done.actor.saveExport' }]),
    'xstate.error.actor.saveExport': (snapshot) => {
      const error = exportErrorFor(ctx(snapshot));
      return error ? [{ type: 'xstate.error.actor.saveExport', error }] : [];
    },
    'xstate.done.actor.sendCode': (snapshot) => (sendErrorFor(ctx(snapshot).address) ? [] : [{ type: 'xstate.done.actor.sendCode' }]),
    'xstate.error.actor.sendCode': (snapshot) => {
      const error = sendErrorFor(ctx(snapshot).address);
      return error ? [{ type: 'xstate.error.actor.sendCode', error }] : [];
    },
    'xstate.done.actor.deleteAccount': (snapshot) => (deleteErrorFor(proofOf(ctx(snapshot))) ? [] : [{ type: 'xstate.done.actor.deleteAccount' }]),
    'xstate.error.actor.deleteAccount': (snapshot) => {
      const error = deleteErrorFor(proofOf(ctx(snapshot)));
      return error ? [{ type: 'xstate.error.actor.deleteAccount', error }] : [];
    },
  },
  serializeContext: (context: AccountDataContext) => ({
    kind: context.proofKind,
    address: context.address,
    entries: [context.password, context.code],
    codeSent: context.codeSent,
    error: context.errorMessage ?? context.errorKey ?? null,
  }),
  skipSimplePaths: true,
};
