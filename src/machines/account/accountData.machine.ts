// Your data (issue 29 item 5) on the personal centre: export everything of the account as one zip,
// and delete the account after confirming who you are. An account with a password confirms with it;
// one without (signed up through Google or WeChat) asks for a sign-in code to its own e-mail or phone
// and confirms with that; one with neither cannot confirm here and is told to bind an address first.
// When the server has deleted the account the machine stops in `deleted` and emits it: the page
// signs the browser out (every token of the account is already revoked).
import { assign, emit, setup, type SnapshotFrom } from 'xstate';
import { deleteAccountActor } from '../../api/account/delete-account';
import { saveAccountExportActor } from '../../api/account/export-data';
import { sendLoginCodeActor } from '../../api/account/send-login-code';
import type { ErrorText } from '../../api/errors';
import type { Notice } from '../notice';
import { failureNotice, failureOf, isQuietFailure, noError, shownError, successNotice } from './form-failure';

export type ProofKind = 'password' | 'code' | 'none';

export interface AccountDataInput {
  hasPassword: boolean;
  /** The account's e-mail or phone, where a confirmation code goes; null when it has neither. */
  address: string | null;
}

export interface AccountDataContext extends ErrorText {
  proofKind: ProofKind;
  address: string | null;
  password: string;
  code: string;
  codeSent: boolean;
}

export type AccountDataEvent =
  | { type: 'data.export' }
  | { type: 'data.deleteOpen' }
  | { type: 'data.passwordChanged'; value: string }
  | { type: 'data.codeChanged'; value: string }
  | { type: 'data.sendCode' }
  | { type: 'data.deleteConfirmed' }
  | { type: 'data.deleteCancel' };

export type AccountDataEmitted = Notice | { type: 'account.deleted' };

export const EXPORT_READY_KEY = 'accountData:exportReady';
export const CODE_SENT_KEY = 'accountData:codeSent';

export function proofKindOf(input: AccountDataInput): ProofKind {
  if (input.hasPassword) return 'password';
  return input.address ? 'code' : 'none';
}

const emptyEntries = { password: '', code: '', codeSent: false };

export const accountDataMachine = setup({
  types: {
    context: {} as AccountDataContext,
    events: {} as AccountDataEvent,
    input: {} as AccountDataInput,
    emitted: {} as AccountDataEmitted,
  },
  actors: { saveExport: saveAccountExportActor, sendCode: sendLoginCodeActor, deleteAccount: deleteAccountActor },
  guards: {
    mayConfirm: ({ context }) => (context.proofKind === 'password' ? context.password.length > 0 : context.proofKind === 'code' && context.code.trim().length > 0),
    usesCode: ({ context }) => context.proofKind === 'code',
    quietFailure: (_, params: { error: unknown }) => isQuietFailure(params.error),
  },
  actions: {
    reset: assign({ ...emptyEntries, ...noError }),
    change: assign(({ event }) => {
      if (event.type === 'data.passwordChanged') return { password: event.value, ...noError };
      if (event.type === 'data.codeChanged') return { code: event.value, ...noError };
      return {};
    }),
    rememberFailure: assign((_, params: { error: unknown }) => failureOf(params.error)),
    noticeFailure: emit(({ context }) => failureNotice(context)),
    noticeExported: emit(() => successNotice(EXPORT_READY_KEY)),
    noticeCodeSent: emit(() => successNotice(CODE_SENT_KEY)),
    tellDeleted: emit(() => ({ type: 'account.deleted' }) as const),
  },
}).createMachine({
  id: 'accountData',
  context: ({ input }) => ({ proofKind: proofKindOf(input), address: input.address, ...emptyEntries }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'data.export': { target: 'exporting', actions: 'reset' },
        'data.deleteOpen': { target: 'confirming', actions: 'reset' },
      },
    },
    exporting: {
      invoke: {
        id: 'saveExport',
        src: 'saveExport',
        onDone: { target: 'idle', actions: 'noticeExported' },
        onError: [
          { guard: { type: 'quietFailure', params: ({ event }) => ({ error: event.error }) }, target: 'idle' },
          { target: 'idle', actions: [{ type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) }, 'noticeFailure'] },
        ],
      },
    },
    confirming: {
      on: {
        'data.passwordChanged': { actions: 'change' },
        'data.codeChanged': { actions: 'change' },
        'data.sendCode': { guard: 'usesCode', target: 'sendingCode' },
        'data.deleteConfirmed': { guard: 'mayConfirm', target: 'deleting' },
        'data.deleteCancel': { target: 'idle', actions: 'reset' },
      },
    },
    sendingCode: {
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: ({ context }) => ({ username: context.address ?? '' }),
        onDone: { target: 'confirming', actions: [assign({ codeSent: true }), 'noticeCodeSent'] },
        onError: { target: 'confirming', actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    deleting: {
      invoke: {
        id: 'deleteAccount',
        src: 'deleteAccount',
        input: ({ context }) => (context.proofKind === 'password' ? { password: context.password } : { code: context.code.trim() }),
        // The entries are forgotten whatever the answer: nothing keeps a password in memory.
        onDone: { target: 'deleted', actions: ['reset', 'tellDeleted'] },
        onError: [
          { guard: { type: 'quietFailure', params: ({ event }) => ({ error: event.error }) }, target: 'confirming', actions: assign({ password: '' }) },
          { target: 'confirming', actions: [assign({ password: '' }), { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) }] },
        ],
      },
    },
    deleted: { type: 'final' },
  },
});

type AccountDataSnapshot = SnapshotFrom<typeof accountDataMachine>;

export const selectExporting = (s: AccountDataSnapshot) => s.matches('exporting');
export const selectConfirmOpen = (s: AccountDataSnapshot) => s.matches('confirming') || s.matches('sendingCode') || s.matches('deleting');
export const selectDeleting = (s: AccountDataSnapshot) => s.matches('deleting');
export const selectSendingCode = (s: AccountDataSnapshot) => s.matches('sendingCode');
export const selectProofKind = (s: AccountDataSnapshot) => s.context.proofKind;
export const selectCodeSent = (s: AccountDataSnapshot) => s.context.codeSent;
export const selectPassword = (s: AccountDataSnapshot) => s.context.password;
export const selectCode = (s: AccountDataSnapshot) => s.context.code;
export const selectMayConfirm = (s: AccountDataSnapshot) =>
  s.matches('confirming') && (s.context.proofKind === 'password' ? s.context.password.length > 0 : s.context.proofKind === 'code' && s.context.code.trim().length > 0);
/** The refusal of the last confirmation or code send, shown in the dialog. */
export const selectConfirmError = (s: AccountDataSnapshot) => (selectConfirmOpen(s) ? shownError(s.context) : null);
