// One payment, from the package list to 'paid' (features §4 Purchase): the categories load, a tab
// selects its first package and a QR is fetched for it; changing tab, package or method clears the
// QR and fetches a new one, but is ignored while a QR is loading; once a QR (or PayPal link) is
// shown the order's status is polled every second until it is paid, and an order the server closed
// (expired) can be renewed. Used by the purchase dialog (source 1) and the plugin and desktop pay
// pages (source 2); the machine ends in `paid` and its output says what was bought.
import { Observable, exhaustMap, map } from 'rxjs';
import { assign, fromEventObservable, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { describeError, isApiError, type ErrorText } from '../../api/errors';
import { getPayRechargeStatus, type PollAnswer } from '../../api/purchase/get-pay-recharge-status';
import { getQrPayActor, type PayType, type PaymentOrder, type QrPayRequest } from '../../api/purchase/get-qr-pay';
import {
  queryCommonPricePackage,
  type PaySource,
  type PurchaseCategory,
  type PurchasePackage,
} from '../../api/purchase/query-common-price-package';
import { queryRightsPictureUrl } from '../../api/purchase/query-rights-picture-url';
import { querySandboxPayments } from '../../api/purchase/query-sandbox-payments';
import { PAY_POLL_INTERVAL_MS } from '../../shared/contract/limits';
import { poll$ } from '../../streams/poll$';

export const PAY_TYPES: readonly PayType[] = ['wxV3Pay', 'aliPay', 'paypalV2Pay'];
export const DEFAULT_PAY_TYPE: PayType = 'wxV3Pay';
export const CATALOGUE_FAILED_KEY = 'purchase:catalogueFailed';
export const QR_FAILED_KEY = 'purchase:qrFailed';

export interface Catalogue {
  categories: PurchaseCategory[];
  /** The equity comparison picture; null when the server offers none (the table is shown alone). */
  rightsPictureUrl: string | null;
  /** The server's payments are the sandbox: the dialog says no money moves. */
  sandbox: boolean;
}

/** What the customer is shown to pay with: a QR's text, or the PayPal approval link. */
export interface ShownOrder {
  outTradeNo: string;
  qrText: string | null;
  approvalUrl: string | null;
}

export interface PaymentInput {
  source: PaySource;
  tab?: number;
}

export interface PaymentContext extends ErrorText {
  source: PaySource;
  categories: PurchaseCategory[];
  rightsPictureUrl: string | null;
  sandbox: boolean;
  tab: number;
  packageId: string | null;
  payType: PayType;
  order: ShownOrder | null;
}

export interface PaymentOutput {
  outTradeNo: string;
  packageId: string;
}

export type PaymentEvent =
  | { type: 'pay.tabChosen'; tab: number }
  | { type: 'pay.packageChosen'; packageId: string }
  | { type: 'pay.methodChosen'; payType: PayType }
  | { type: 'pay.retry' }
  | { type: 'pay.status'; status: PollAnswer };

const noError = { errorKey: undefined, errorMessage: undefined, errorCode: undefined } as const;

/** A tab index the categories have, else the first tab (a stale stored index, a bad query). */
export function tabWithin(categories: readonly PurchaseCategory[], tab: number | undefined): number {
  return tab !== undefined && Number.isInteger(tab) && tab >= 0 && tab < categories.length ? tab : 0;
}

export function packageOf(context: Pick<PaymentContext, 'categories' | 'tab' | 'packageId'>): PurchasePackage | null {
  return context.categories[context.tab]?.packageList.find((item) => item.id === context.packageId) ?? null;
}

function firstPackageId(categories: readonly PurchaseCategory[], tab: number): string | null {
  return categories[tab]?.packageList[0]?.id ?? null;
}

/** Only a web address is followed: the link comes from a provider through the server, never a script. */
export function safeApprovalUrl(link: string | null | undefined): string | null {
  if (!link) return null;
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

export function shownOrder(order: PaymentOrder, payType: PayType): ShownOrder {
  const qrText = payType === 'aliPay' ? order.aliPayQRCode : payType === 'wxV3Pay' ? order.weChatQRCode : null;
  return {
    outTradeNo: order.outTradeNo,
    qrText: qrText || null,
    approvalUrl: payType === 'paypalV2Pay' ? safeApprovalUrl(order.payPalPayHtml) : null,
  };
}

export async function loadCatalogue(source: PaySource, signal?: AbortSignal): Promise<Catalogue> {
  const [categories, rightsPictureUrl, sandbox] = await Promise.all([
    queryCommonPricePackage(source, signal),
    queryRightsPictureUrl(signal),
    querySandboxPayments(signal),
  ]);
  return { categories: categories.filter((category) => category.packageList.length > 0), rightsPictureUrl, sandbox };
}

/** Status answers every PAY_POLL_INTERVAL_MS; a tick waits for the answer before the next call. */
export function paymentStatus$(outTradeNo: string, ask = getPayRechargeStatus): Observable<PaymentEvent> {
  const once = () =>
    new Observable<PollAnswer>((subscriber) => {
      const controller = new AbortController();
      ask(outTradeNo, controller.signal).then(
        (status) => {
          subscriber.next(status);
          subscriber.complete();
        },
        () => {
          subscriber.next('unknown');
          subscriber.complete();
        },
      );
      return () => controller.abort();
    });
  return poll$(PAY_POLL_INTERVAL_MS).pipe(
    exhaustMap(once),
    map((status) => ({ type: 'pay.status' as const, status })),
  );
}

/** A refusal nobody needs to read again (the dialog closed, the session ended elsewhere). */
function isQuiet(error: unknown): boolean {
  return isApiError(error) && (error.kind === 'cancelled' || error.kind === 'unauthorized');
}

export const paymentMachine = setup({
  types: {
    context: {} as PaymentContext,
    events: {} as PaymentEvent,
    input: {} as PaymentInput,
    output: {} as PaymentOutput,
  },
  actors: {
    // The asked tab travels with the request only so test doubles can answer per scenario.
    loadCatalogue: fromPromise<Catalogue, { source: PaySource; tab: number }>(({ input, signal }) => loadCatalogue(input.source, signal)),
    createOrder: getQrPayActor,
    watchPayment: fromEventObservable<PaymentEvent, { outTradeNo: string }>(({ input }) => paymentStatus$(input.outTradeNo)),
  },
  guards: {
    hasPackages: (_, catalogue: Catalogue) => catalogue.categories.length > 0,
    quietFailure: (_, params: { error: unknown }) => isQuiet(params.error),
    changesTab: ({ context, event }) =>
      event.type === 'pay.tabChosen' && tabWithin(context.categories, event.tab) === event.tab && event.tab !== context.tab,
    changesPackage: ({ context, event }) =>
      event.type === 'pay.packageChosen' &&
      event.packageId !== context.packageId &&
      (context.categories[context.tab]?.packageList.some((item) => item.id === event.packageId) ?? false),
    changesMethod: ({ context, event }) => event.type === 'pay.methodChosen' && PAY_TYPES.includes(event.payType) && event.payType !== context.payType,
    isPaid: ({ event }) => event.type === 'pay.status' && event.status === 'paid',
    isClosed: ({ event }) => event.type === 'pay.status' && event.status === 'closed',
  },
  actions: {
    adoptCatalogue: assign(({ context }, catalogue: Catalogue) => {
      const tab = tabWithin(catalogue.categories, context.tab);
      return { ...catalogue, tab, packageId: firstPackageId(catalogue.categories, tab), ...noError };
    }),
    chooseTab: assign(({ context, event }) => {
      if (event.type !== 'pay.tabChosen') return {};
      return { tab: event.tab, packageId: firstPackageId(context.categories, event.tab), order: null };
    }),
    choosePackage: assign(({ event }) => (event.type === 'pay.packageChosen' ? { packageId: event.packageId, order: null } : {})),
    chooseMethod: assign(({ event }) => (event.type === 'pay.methodChosen' ? { payType: event.payType, order: null } : {})),
    forgetOrder: assign({ order: null }),
    rememberFailure: assign((_, params: { error: unknown; fallbackKey: string }) => describeError(params.error, params.fallbackKey)),
    clearFailure: assign(noError),
  },
}).createMachine({
  id: 'payment',
  context: ({ input }) => ({
    source: input.source,
    categories: [],
    rightsPictureUrl: null,
    sandbox: false,
    tab: input.tab ?? 0,
    packageId: null,
    payType: DEFAULT_PAY_TYPE,
    order: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      entry: 'clearFailure',
      // A tab asked for before the list arrives (a 92505003 elsewhere) is where the list opens.
      on: { 'pay.tabChosen': { actions: assign({ tab: ({ event }) => event.tab }) } },
      invoke: {
        id: 'loadCatalogue',
        src: 'loadCatalogue',
        input: ({ context }) => ({ source: context.source, tab: context.tab }),
        onDone: [
          {
            guard: { type: 'hasPackages', params: ({ event }) => event.output },
            target: 'ordering',
            actions: { type: 'adoptCatalogue', params: ({ event }) => event.output },
          },
          { target: 'nothingOffered', actions: { type: 'adoptCatalogue', params: ({ event }) => event.output } },
        ],
        onError: {
          target: 'loadFailed',
          actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error, fallbackKey: CATALOGUE_FAILED_KEY }) },
        },
      },
    },
    loadFailed: { on: { 'pay.retry': 'loading' } },
    // The server sells nothing right now (every package disabled): said so, nothing to choose.
    nothingOffered: { on: { 'pay.retry': 'loading' } },
    ordering: {
      initial: 'fetchingQr',
      // Outside fetchingQr any change of selection clears the QR and orders again.
      on: {
        'pay.tabChosen': { guard: 'changesTab', target: '.fetchingQr', actions: 'chooseTab' },
        'pay.packageChosen': { guard: 'changesPackage', target: '.fetchingQr', actions: 'choosePackage' },
        'pay.methodChosen': { guard: 'changesMethod', target: '.fetchingQr', actions: 'chooseMethod' },
      },
      states: {
        fetchingQr: {
          entry: ['forgetOrder', 'clearFailure'],
          // features §4: while a QR loads, changes are ignored.
          on: { 'pay.tabChosen': {}, 'pay.packageChosen': {}, 'pay.methodChosen': {} },
          invoke: {
            id: 'createOrder',
            src: 'createOrder',
            input: ({ context }): QrPayRequest => {
              const chosen = packageOf(context);
              return {
                source: context.source,
                packageId: context.packageId ?? '',
                payPrice: chosen?.price ?? 0,
                payType: context.payType,
                goodsName: chosen?.packageName ?? '',
                description: context.categories[context.tab]?.desc ?? '',
              };
            },
            onDone: { target: 'awaitingPayment', actions: assign({ order: ({ context, event }) => shownOrder(event.output, context.payType) }) },
            onError: [
              { guard: { type: 'quietFailure', params: ({ event }) => ({ error: event.error }) }, target: 'qrFailed' },
              {
                target: 'qrFailed',
                actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error, fallbackKey: QR_FAILED_KEY }) },
              },
            ],
          },
        },
        awaitingPayment: {
          invoke: {
            id: 'watchPayment',
            src: 'watchPayment',
            input: ({ context }) => ({ outTradeNo: context.order?.outTradeNo ?? '' }),
          },
          on: {
            'pay.status': [
              { guard: 'isPaid', target: '#payment.paid' },
              { guard: 'isClosed', target: 'orderClosed' },
            ],
          },
        },
        // The order expired or was closed by the provider: the QR is gone, a new order is one click.
        orderClosed: { entry: 'forgetOrder', on: { 'pay.retry': 'fetchingQr' } },
        qrFailed: { on: { 'pay.retry': 'fetchingQr' } },
      },
    },
    paid: {
      type: 'final',
    },
  },
  output: ({ context }) => ({ outTradeNo: context.order?.outTradeNo ?? '', packageId: context.packageId ?? '' }),
});

export type PaymentSnapshot = SnapshotFrom<typeof paymentMachine>;

export const selectPayCategories = (snapshot: PaymentSnapshot) => snapshot.context.categories;
export const selectPayTab = (snapshot: PaymentSnapshot) => snapshot.context.tab;
export const selectPayPackageId = (snapshot: PaymentSnapshot) => snapshot.context.packageId;
export const selectPayType = (snapshot: PaymentSnapshot) => snapshot.context.payType;
export const selectRightsPictureUrl = (snapshot: PaymentSnapshot) => snapshot.context.rightsPictureUrl;
export const selectSandboxPayments = (snapshot: PaymentSnapshot) => snapshot.context.sandbox;
export const selectChosenPackage = (snapshot: PaymentSnapshot) => packageOf(snapshot.context);
export const selectPayOrder = (snapshot: PaymentSnapshot) => snapshot.context.order;
export const selectCatalogueLoading = (snapshot: PaymentSnapshot) => snapshot.matches('loading');
export const selectQrLoading = (snapshot: PaymentSnapshot) => snapshot.matches({ ordering: 'fetchingQr' });
export const selectAwaitingPayment = (snapshot: PaymentSnapshot) => snapshot.matches({ ordering: 'awaitingPayment' });
export const selectPaid = (snapshot: PaymentSnapshot) => snapshot.matches('paid');

/** What the pay panel shows where the QR goes (one word, so the view is a switch). */
export type PayStage = 'loading' | 'loadFailed' | 'nothingOffered' | 'fetchingQr' | 'awaitingPayment' | 'orderClosed' | 'qrFailed' | 'paid';
export const selectPayStage = (snapshot: PaymentSnapshot): PayStage => {
  if (snapshot.matches('ordering')) {
    const value = snapshot.value as { ordering: PayStage };
    return value.ordering;
  }
  return snapshot.value as PayStage;
};
/** The failure shown in place of the QR or the list: the server's message, or a key. */
export const selectPayError = (snapshot: PaymentSnapshot): { message?: string; messageKey?: string } | null => {
  const { errorMessage, errorKey } = snapshot.context;
  if (errorMessage) return { message: errorMessage };
  return errorKey ? { messageKey: errorKey } : null;
};
