// Bind or change the e-mail address or phone number (features §2 account security, §5): the new
// address must be valid, a code is sent to it (scene bind), and the code proves the user holds it.
// The server refuses an address another account uses and a code sent to another address.
import { assign, emit, setup, type SnapshotFrom } from 'xstate';
import { bindAddressActor } from '../../api/account/binding-account';
import type { ErrorText } from '../../api/errors';
import { sendBindCodeActor } from '../../api/account/get-valid-code';
import { parseUsername } from '../../shared/contract/credentials';
import type { Notice } from '../notice';
import { failureNotice, failureOf, isQuietFailure, noError, shownError, successNotice } from './form-failure';

export type AddressKind = 'email' | 'phone';

export interface BindAccountContext extends ErrorText {
  kind: AddressKind;
  address: string;
  code: string;
  /** The address the last code went to: the code is only worth sending with it. */
  codeSentTo: string | null;
  /** Addresses bound by this form since the page opened, for the page to show before user info is read again. */
  bound: Partial<Record<AddressKind, string>>;
}

export type BindAccountEvent =
  | { type: 'bind.open'; kind: AddressKind }
  | { type: 'bind.addressChanged'; value: string }
  | { type: 'bind.codeChanged'; value: string }
  | { type: 'bind.sendCode' }
  | { type: 'bind.submitted' }
  | { type: 'bind.close' };

export const CODE_SENT_KEY = 'profile:codeSent';
export const BOUND_KEY = 'profile:addressBound';

export type BindAccountEmitted = Notice | { type: 'address.bound'; kind: AddressKind; value: string };

/** The address normalised when it is one of the kind being bound, else null. */
export function validAddress(kind: AddressKind, raw: string): string | null {
  const parsed = parseUsername(raw);
  return parsed.kind === kind ? parsed.value : null;
}

const isCode = (code: string) => /^\d{6}$/.test(code.trim());

export const bindAccountMachine = setup({
  types: {
    context: {} as BindAccountContext,
    events: {} as BindAccountEvent,
    emitted: {} as BindAccountEmitted,
  },
  actors: { sendBindCode: sendBindCodeActor, bindAddress: bindAddressActor },
  guards: {
    addressValid: ({ context }) => validAddress(context.kind, context.address) !== null,
    canBind: ({ context }) => {
      const address = validAddress(context.kind, context.address);
      return address !== null && address === context.codeSentTo && isCode(context.code);
    },
    quietFailure: (_, params: { error: unknown }) => isQuietFailure(params.error),
  },
  actions: {
    open: assign(({ event }) => (event.type === 'bind.open' ? { kind: event.kind, address: '', code: '', codeSentTo: null, ...noError } : {})),
    changeAddress: assign(({ event }) => (event.type === 'bind.addressChanged' ? { address: event.value, ...noError } : {})),
    changeCode: assign(({ event }) => (event.type === 'bind.codeChanged' ? { code: event.value, ...noError } : {})),
    rememberSent: assign(({ context }) => ({ codeSentTo: validAddress(context.kind, context.address) })),
    rememberFailure: assign((_, params: { error: unknown }) => failureOf(params.error)),
    noticeFailure: emit(({ context }) => failureNotice(context)),
    noticeSent: emit(() => successNotice(CODE_SENT_KEY)),
    noticeBound: emit(() => successNotice(BOUND_KEY)),
    announceBound: emit(({ context }) => ({ type: 'address.bound' as const, kind: context.kind, value: context.bound[context.kind] ?? '' })),
    keepBound: assign(({ context }) => ({ bound: { ...context.bound, [context.kind]: validAddress(context.kind, context.address) ?? '' } })),
  },
}).createMachine({
  id: 'bindAccount',
  context: { kind: 'email', address: '', code: '', codeSentTo: null, bound: {} },
  initial: 'closed',
  states: {
    closed: {
      on: { 'bind.open': { target: 'editing', actions: 'open' } },
    },
    editing: {
      on: {
        'bind.addressChanged': { actions: 'changeAddress' },
        'bind.codeChanged': { actions: 'changeCode' },
        'bind.sendCode': { guard: 'addressValid', target: 'sendingCode' },
        'bind.submitted': { guard: 'canBind', target: 'binding' },
        'bind.close': 'closed',
      },
    },
    sendingCode: {
      invoke: {
        id: 'sendBindCode',
        src: 'sendBindCode',
        input: ({ context }) => ({ username: validAddress(context.kind, context.address) ?? '' }),
        onDone: { target: 'editing', actions: ['rememberSent', 'noticeSent'] },
        onError: [
          { guard: { type: 'quietFailure', params: ({ event }) => ({ error: event.error }) }, target: 'editing' },
          { target: 'editing', actions: [{ type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) }, 'noticeFailure'] },
        ],
      },
      on: { 'bind.close': 'closed' },
    },
    binding: {
      invoke: {
        id: 'bindAddress',
        src: 'bindAddress',
        input: ({ context }) => ({ username: validAddress(context.kind, context.address) ?? '', code: context.code.trim() }),
        onDone: { target: 'closed', actions: ['keepBound', 'noticeBound', 'announceBound'] },
        onError: [
          { guard: { type: 'quietFailure', params: ({ event }) => ({ error: event.error }) }, target: 'editing' },
          { target: 'editing', actions: [{ type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) }, 'noticeFailure'] },
        ],
      },
    },
  },
});

type BindAccountSnapshot = SnapshotFrom<typeof bindAccountMachine>;

export const selectBindOpen = (s: BindAccountSnapshot) => !s.matches('closed');
export const selectBindBusy = (s: BindAccountSnapshot) => s.matches('sendingCode') || s.matches('binding');
export const selectCanSendCode = (s: BindAccountSnapshot) => s.matches('editing') && validAddress(s.context.kind, s.context.address) !== null;
export const selectCanBind = (s: BindAccountSnapshot) => s.can({ type: 'bind.submitted' });
export const selectBindError = (s: BindAccountSnapshot) => shownError(s.context);
export const selectBindKind = (s: BindAccountSnapshot) => s.context.kind;
export const selectBindAddress = (s: BindAccountSnapshot) => s.context.address;
export const selectBindCode = (s: BindAccountSnapshot) => s.context.code;
export const selectBindCodeSent = (s: BindAccountSnapshot) => s.context.codeSentTo !== null;
export const selectBoundAddresses = (s: BindAccountSnapshot) => s.context.bound;
