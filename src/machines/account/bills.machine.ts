// The bills page /user/account (features §2 personal centre, issue 11 §6): purchases and
// consumption as paged tables, and the use of the last 30 days per kind for the chart. The three
// load side by side, each with its own failure and retry; a payment elsewhere (purchase.paid)
// reloads them all, keeping the pages shown. Balances per account kind are the session's account
// blocks, which a payment re-reads too.
import { assign, setup, type SnapshotFrom } from 'xstate';
import { describeError, type ErrorText } from '../../api/errors';
import { queryBuyRecordActor, type BuyRecord, type PageRequest } from '../../api/account/query-buy-record';
import { queryCostRecordActor, type CostRecord } from '../../api/account/query-cost-record';
import { queryUsageSeriesActor, type UsageDay } from '../../api/account/query-usage-series';
import { BILLS_PAGE_SIZE, USAGE_CHART_DAYS } from '../../shared/contract/limits';

export const BILLS_FAILED_KEY = 'purchase:billsFailed';

export interface TablePage<Row> extends ErrorText {
  page: number;
  total: number;
  rows: Row[];
}

export interface BillsContext {
  buys: TablePage<BuyRecord>;
  costs: TablePage<CostRecord>;
  usage: { days: UsageDay[] } & ErrorText;
  timeZone: string | null;
}

export type BillsEvent =
  | { type: 'bills.buysPage'; page: number }
  | { type: 'bills.costsPage'; page: number }
  | { type: 'bills.retry' }
  | { type: 'bills.reload' };

const emptyPage = { page: 1, total: 0, rows: [] };
const noError = { errorKey: undefined, errorMessage: undefined, errorCode: undefined };

export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / BILLS_PAGE_SIZE));
}

const pageRequest = (page: number): PageRequest => ({ pageNum: page, pageSize: BILLS_PAGE_SIZE });

/** A page the table has (1 … last); anything else is not a move. */
const validPage = (table: TablePage<unknown>, page: number) => Number.isInteger(page) && page >= 1 && page <= pageCount(table.total) && page !== table.page;

export const billsMachine = setup({
  types: {
    context: {} as BillsContext,
    events: {} as BillsEvent,
    input: {} as { timeZone: string | null },
  },
  actors: {
    loadBuys: queryBuyRecordActor,
    loadCosts: queryCostRecordActor,
    loadUsage: queryUsageSeriesActor,
  },
  guards: {
    buysPageValid: ({ context, event }) => event.type === 'bills.buysPage' && validPage(context.buys, event.page),
    costsPageValid: ({ context, event }) => event.type === 'bills.costsPage' && validPage(context.costs, event.page),
  },
}).createMachine({
  id: 'bills',
  context: ({ input }) => ({ buys: emptyPage, costs: emptyPage, usage: { days: [] }, timeZone: input.timeZone }),
  type: 'parallel',
  states: {
    buys: {
      initial: 'loading',
      on: { 'bills.reload': '.loading' },
      states: {
        loading: {
          invoke: {
            id: 'loadBuys',
            src: 'loadBuys',
            input: ({ context }) => pageRequest(context.buys.page),
            onDone: { target: 'shown', actions: assign({ buys: ({ context, event }) => ({ page: context.buys.page, ...event.output, ...noError }) }) },
            onError: { target: 'failed', actions: assign({ buys: ({ context, event }) => ({ ...context.buys, ...describeError(event.error, BILLS_FAILED_KEY) }) }) },
          },
        },
        shown: {
          on: { 'bills.buysPage': { guard: 'buysPageValid', target: 'loading', actions: assign({ buys: ({ context, event }) => ({ ...context.buys, page: event.page }) }) } },
        },
        failed: { on: { 'bills.retry': 'loading' } },
      },
    },
    costs: {
      initial: 'loading',
      on: { 'bills.reload': '.loading' },
      states: {
        loading: {
          invoke: {
            id: 'loadCosts',
            src: 'loadCosts',
            input: ({ context }) => pageRequest(context.costs.page),
            onDone: { target: 'shown', actions: assign({ costs: ({ context, event }) => ({ page: context.costs.page, ...event.output, ...noError }) }) },
            onError: { target: 'failed', actions: assign({ costs: ({ context, event }) => ({ ...context.costs, ...describeError(event.error, BILLS_FAILED_KEY) }) }) },
          },
        },
        shown: {
          on: { 'bills.costsPage': { guard: 'costsPageValid', target: 'loading', actions: assign({ costs: ({ context, event }) => ({ ...context.costs, page: event.page }) }) } },
        },
        failed: { on: { 'bills.retry': 'loading' } },
      },
    },
    usage: {
      initial: 'loading',
      on: { 'bills.reload': '.loading' },
      states: {
        loading: {
          invoke: {
            id: 'loadUsage',
            src: 'loadUsage',
            input: ({ context }) => ({ days: USAGE_CHART_DAYS, timeZone: context.timeZone }),
            onDone: { target: 'shown', actions: assign({ usage: ({ event }) => ({ days: event.output, ...noError }) }) },
            onError: { target: 'failed', actions: assign({ usage: ({ context, event }) => ({ ...context.usage, ...describeError(event.error, BILLS_FAILED_KEY) }) }) },
          },
        },
        shown: {},
        failed: { on: { 'bills.retry': 'loading' } },
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof billsMachine>;
export type RegionStage = 'loading' | 'shown' | 'failed';
const stageOf = (snapshot: Snapshot, region: 'buys' | 'costs' | 'usage') => (snapshot.value as Record<string, RegionStage>)[region]!;
const errorOf = (text: ErrorText) => (text.errorMessage ? { message: text.errorMessage } : text.errorKey ? { messageKey: text.errorKey } : null);

export const selectBuys = (snapshot: Snapshot) => snapshot.context.buys;
export const selectCosts = (snapshot: Snapshot) => snapshot.context.costs;
export const selectUsageDays = (snapshot: Snapshot) => snapshot.context.usage.days;
export const selectBuysStage = (snapshot: Snapshot) => stageOf(snapshot, 'buys');
export const selectCostsStage = (snapshot: Snapshot) => stageOf(snapshot, 'costs');
export const selectUsageStage = (snapshot: Snapshot) => stageOf(snapshot, 'usage');
export const selectBuysError = (snapshot: Snapshot) => errorOf(snapshot.context.buys);
export const selectCostsError = (snapshot: Snapshot) => errorOf(snapshot.context.costs);
export const selectUsageError = (snapshot: Snapshot) => errorOf(snapshot.context.usage);
export const selectBillsTimeZone = (snapshot: Snapshot) => snapshot.context.timeZone;
