// Path model of the voucher machine (convention: src/testing/paths.ts). The exchange double
// refuses the code 'USED' as the server refuses a redeemed code, answers 'GONE' as a cancelled call
// (quiet, back to editing) and accepts any other, so every outcome is walked.
import { fromPromise, type AnyMachineSnapshot } from 'xstate';
import type { PathsModel } from '../../testing/paths';
import type { VoucherExchanged } from './voucher.machine';
import { trimmedCode, voucherMachine, type VoucherContext } from './voucher.machine';

const USED = { kind: 'business', code: 409, message: 'This code has already been used' };
const SUCCESS: VoucherExchanged = { msg: 'Exchange successful' };
const CANCELLED = { kind: 'cancelled' };
const errorFor = (code: string) => (code === 'USED' ? USED : code === 'GONE' ? CANCELLED : null);
const refused = (code: string) => errorFor(code) !== null;
const codeOf = (snapshot: AnyMachineSnapshot) => trimmedCode((snapshot.context as VoucherContext).code);

export const pathsModel: PathsModel = {
  name: 'voucher',
  machine: voucherMachine.provide({
    actors: {
      exchangeVoucher: fromPromise<VoucherExchanged, { code: string }>(async ({ input }) => {
        const error = errorFor(input.code);
        if (error) throw error;
        return SUCCESS;
      }),
    },
  }),
  events: {
    'voucher.codeChanged': [
      { type: 'voucher.codeChanged', code: '   ' },
      { type: 'voucher.codeChanged', code: ' CARD-1 ' },
      { type: 'voucher.codeChanged', code: 'USED' },
      { type: 'voucher.codeChanged', code: 'GONE' },
    ],
    'xstate.done.actor.exchangeVoucher': (snapshot) => (refused(codeOf(snapshot)) ? [] : [{ type: 'xstate.done.actor.exchangeVoucher', output: SUCCESS }]),
    'xstate.error.actor.exchangeVoucher': (snapshot) => (refused(codeOf(snapshot)) ? [{ type: 'xstate.error.actor.exchangeVoucher', error: errorFor(codeOf(snapshot)) }] : []),
  },
  serializeContext: (context: VoucherContext) => ({
    code: context.code,
    error: context.errorMessage ?? context.errorKey ?? null,
    exchanged: context.exchangedMessage,
  }),
};
