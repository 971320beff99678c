// The receipt page of one paid order (issue 29): reads it once, shows it, or says why not (another
// user's or an unknown order reads as the server's one 404 text) with a way to try again.
import { assign, setup, type SnapshotFrom } from 'xstate';
import { queryReceiptActor, type Receipt } from '../../api/account/query-receipt';
import { describeError, type ErrorText } from '../../api/errors';

export interface ReceiptContext extends ErrorText {
  outTradeNo: string;
  receipt: Receipt | null;
}

export type ReceiptEvent = { type: 'receipt.retry' };

export const RECEIPT_FAILED_KEY = 'purchase:receiptFailed';

const noError = { errorKey: undefined, errorMessage: undefined, errorCode: undefined } as const;

export const receiptMachine = setup({
  types: {
    context: {} as ReceiptContext,
    events: {} as ReceiptEvent,
    input: {} as { outTradeNo: string },
  },
  actors: { queryReceipt: queryReceiptActor },
}).createMachine({
  id: 'receipt',
  context: ({ input }) => ({ outTradeNo: input.outTradeNo, receipt: null, ...noError }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'queryReceipt',
        src: 'queryReceipt',
        input: ({ context }) => ({ outTradeNo: context.outTradeNo }),
        onDone: { target: 'shown', actions: assign({ receipt: ({ event }) => event.output, ...noError }) },
        onError: { target: 'failed', actions: assign(({ event }) => describeError(event.error, RECEIPT_FAILED_KEY)) },
      },
    },
    shown: {},
    failed: {
      on: { 'receipt.retry': { target: 'loading', actions: assign({ ...noError }) } },
    },
  },
});

type ReceiptSnapshot = SnapshotFrom<typeof receiptMachine>;

export const selectReceiptStage = (s: ReceiptSnapshot): 'loading' | 'shown' | 'failed' => (s.matches('shown') ? 'shown' : s.matches('failed') ? 'failed' : 'loading');
export const selectReceipt = (s: ReceiptSnapshot) => s.context.receipt;
export const selectReceiptError = (s: ReceiptSnapshot) =>
  s.context.errorMessage || s.context.errorKey ? { message: s.context.errorMessage, messageKey: s.context.errorKey } : null;
