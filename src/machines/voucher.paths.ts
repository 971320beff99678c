// Path model of the voucher machine (convention: src/machines/testing/paths.ts). The exchange double
// refuses the code 'USED' as the server refuses a redeemed code and accepts any other, so both
// outcomes are walked; cancelled calls are covered by the unit tests.
import { fromPromise, type AnyMachineSnapshot } from 'xstate';
import type { PathsModel } from './testing/paths';
import type { VoucherExchanged } from './voucher.calls';
import { trimmedCode, voucherMachine, type VoucherContext } from './voucher.machine';

const USED = { kind: 'business', code: 409, message: 'This code has already been used' };
const SUCCESS: VoucherExchanged = { msg: 'Exchange successful' };
const refused = (code: string) => code === 'USED';
const codeOf = (snapshot: AnyMachineSnapshot) => trimmedCode((snapshot.context as VoucherContext).code);

export const pathsModel: PathsModel = {
  name: 'voucher',
  machine: voucherMachine.provide({
    actors: {
      exchangeVoucher: fromPromise<VoucherExchanged, { code: string }>(async ({ input }) => {
        if (refused(input.code)) throw USED;
        return SUCCESS;
      }),
    },
  }),
  events: {
    'voucher.codeChanged': [
      { type: 'voucher.codeChanged', code: '   ' },
      { type: 'voucher.codeChanged', code: ' CARD-1 ' },
      { type: 'voucher.codeChanged', code: 'USED' },
    ],
    'xstate.done.actor.exchangeVoucher': (snapshot) => (refused(codeOf(snapshot)) ? [] : [{ type: 'xstate.done.actor.exchangeVoucher', output: SUCCESS }]),
    'xstate.error.actor.exchangeVoucher': (snapshot) => (refused(codeOf(snapshot)) ? [{ type: 'xstate.error.actor.exchangeVoucher', error: USED }] : []),
  },
  serializeContext: (context: VoucherContext) => ({
    code: context.code,
    error: context.errorMessage ?? context.errorKey ?? null,
    exchanged: context.exchangedMessage,
  }),
};
