// The header's voucher dialog (platform §2 Dialogs, §5 voucher rule, §8 'Voucher exchange'): one
// input, trimmed; the exchange is refused while it is empty; a code is redeemed once on the server.
// The server's message is emitted as a success notice on 200 and as an error otherwise.
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { Notice } from '../notice';
import { describeError, isApiError, type ErrorText } from '../../api/errors';
import { exchangeVoucherActor, type VoucherExchanged } from '../../api/account/exchange-card-password';

export type { VoucherExchanged };

export interface VoucherContext extends ErrorText {
  /** The input as typed; the exchange sends it trimmed. */
  code: string;
  /** The server's message of the last successful exchange. */
  exchangedMessage: string | null;
}

export type VoucherEvent =
  | { type: 'voucher.open' }
  | { type: 'voucher.codeChanged'; code: string }
  | { type: 'voucher.submitted' }
  | { type: 'voucher.close' };

export const VOUCHER_FAILED_KEY = 'voucher:exchangeFailed';
export const VOUCHER_EXCHANGED_KEY = 'voucher:exchanged';

const noError = { errorKey: undefined, errorMessage: undefined, errorCode: undefined } as const;

export function trimmedCode(code: string): string {
  return code.trim();
}

/** A cancelled call (dialog closed) or an expired session (the session machine handles it) shows nothing. */
function isQuietFailure(error: unknown): boolean {
  return isApiError(error) && (error.kind === 'cancelled' || error.kind === 'unauthorized');
}

export const voucherMachine = setup({
  types: {
    context: {} as VoucherContext,
    events: {} as VoucherEvent,
    emitted: {} as Notice,
  },
  actors: {
    exchangeVoucher: exchangeVoucherActor,
  },
  guards: {
    hasCode: ({ context }) => trimmedCode(context.code) !== '',
    quietFailure: (_, params: { error: unknown }) => isQuietFailure(params.error),
  },
  actions: {
    reset: assign({ code: '', exchangedMessage: null, ...noError }),
    changeCode: assign(({ event }) => (event.type === 'voucher.codeChanged' ? { code: event.code, ...noError } : {})),
    rememberFailure: assign((_, params: { error: unknown }) => describeError(params.error, VOUCHER_FAILED_KEY)),
    noticeFailure: emit(({ context }): Notice => ({
      type: 'notice',
      level: 'error',
      ...(context.errorMessage ? { message: context.errorMessage } : { messageKey: context.errorKey ?? VOUCHER_FAILED_KEY }),
    })),
    noticeExchanged: emit(({ context }): Notice => ({
      type: 'notice',
      level: 'success',
      ...(context.exchangedMessage ? { message: context.exchangedMessage } : { messageKey: VOUCHER_EXCHANGED_KEY }),
    })),
  },
}).createMachine({
  id: 'voucher',
  context: { code: '', exchangedMessage: null },
  initial: 'idle',
  states: {
    // The dialog is closed.
    idle: {
      on: { 'voucher.open': { target: 'editing', actions: 'reset' } },
    },
    editing: {
      on: {
        'voucher.codeChanged': { actions: 'changeCode' },
        'voucher.submitted': { guard: 'hasCode', target: 'exchanging' },
        'voucher.close': 'idle',
      },
    },
    exchanging: {
      invoke: {
        id: 'exchangeVoucher',
        src: 'exchangeVoucher',
        input: ({ context }) => ({ code: trimmedCode(context.code) }),
        onDone: {
          target: 'exchanged',
          actions: [assign({ exchangedMessage: ({ event }) => event.output.msg || null }), 'noticeExchanged'],
        },
        onError: [
          { guard: { type: 'quietFailure', params: ({ event }) => ({ error: event.error }) }, target: 'editing' },
          {
            target: 'failed',
            actions: [{ type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) }, 'noticeFailure'],
          },
        ],
      },
      // Closing abandons the answer; the code is redeemed or not on the server either way.
      on: { 'voucher.close': 'idle' },
    },
    // The dialog has closed; the account blocks are refreshed by the route.
    exchanged: {
      on: { 'voucher.open': { target: 'editing', actions: 'reset' } },
    },
    // The dialog stays open with the code, so a typo can be corrected.
    failed: {
      on: {
        'voucher.codeChanged': { target: 'editing', actions: 'changeCode' },
        'voucher.submitted': { guard: 'hasCode', target: 'exchanging' },
        'voucher.close': 'idle',
      },
    },
  },
});

type VoucherSnapshot = SnapshotFrom<typeof voucherMachine>;

export const selectVoucherOpen = (snapshot: VoucherSnapshot) =>
  snapshot.matches('editing') || snapshot.matches('exchanging') || snapshot.matches('failed');
export const selectVoucherCode = (snapshot: VoucherSnapshot) => snapshot.context.code;
export const selectVoucherBusy = (snapshot: VoucherSnapshot) => snapshot.matches('exchanging');
export const selectCanExchange = (snapshot: VoucherSnapshot) => !snapshot.matches('exchanging') && trimmedCode(snapshot.context.code) !== '';
/** The failure shown under the input: the server's message or a key. */
export const selectVoucherError = (snapshot: VoucherSnapshot): { message?: string; messageKey?: string } | null =>
  snapshot.matches('failed')
    ? snapshot.context.errorMessage
      ? { message: snapshot.context.errorMessage }
      : { messageKey: snapshot.context.errorKey ?? VOUCHER_FAILED_KEY }
    : null;
