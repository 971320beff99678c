// The order lifecycle behind getQrPay and getPayRechargeStatus (features §4 Purchase): make an
// order at the catalogue's price, have the chosen provider start it, answer its status (asking the
// provider when it can tell, closing it once expired) and settle confirmed payments exactly once.
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { ServerConfig } from '../../config';
import type { Database, PackageRow, PaymentOrderRow } from '../../db/schema';
import { closeExpiredOrders, closeOrder, createOrder, findOrder, findOwnOrder, isExpired, recordProviderOrderId, type ContractPayType } from './orders';
import { createSettle } from './orders-settle';
import type { PaymentStart, SettlePayment } from './providers/payment-provider';
import { createPaymentProviders, type PaymentProviders } from './providers/registry';

export type PaymentsConfig = Pick<ServerConfig, 'paymentProvider' | 'paymentOrderMinutes' | 'publicBaseUrl'> & Partial<ServerConfig>;

export interface StartOrderRequest {
  userId: string;
  packageId: string;
  payPrice: number;
  payType: ContractPayType;
  source: number;
  description?: string;
  /** This Parley's address as the caller reached it (used when PUBLIC_BASE_URL is not set). */
  requestBaseUrl: string;
  packageName: (row: PackageRow) => string;
}

export function createPurchaseService(deps: { db: Kysely<Database>; clock: Clock; config: PaymentsConfig; providers?: PaymentProviders }) {
  const { db, clock, config } = deps;
  const providers = deps.providers ?? createPaymentProviders(config);
  const settle: SettlePayment = createSettle(db, clock);

  /** Brings a pending order up to date: paid if its provider says so, closed once expired. */
  async function refresh(order: PaymentOrderRow): Promise<PaymentOrderRow> {
    if (order.status !== 'pending') return order;
    const provider = providers.byName(order.provider);
    if (provider?.query) {
      const confirmation = await provider.query(order.out_trade_no, order.provider_order_id ?? undefined);
      if (confirmation) {
        await settle(confirmation);
        return (await findOrder(db, order.out_trade_no)) ?? order;
      }
    }
    if (isExpired(order, clock.now())) return (await closeOrder(db, clock, order.out_trade_no)) ?? order;
    return order;
  }

  return {
    providers,
    settle,

    async start(request: StartOrderRequest): Promise<{ order: PaymentOrderRow; start: PaymentStart }> {
      // Chosen first: an unconfigured vendor refuses before any order row is written.
      const provider = providers.forPayType(request.payType);
      const order = await createOrder(db, clock, config.paymentOrderMinutes, {
        userId: request.userId,
        packageId: request.packageId,
        payPrice: request.payPrice,
        payType: request.payType,
        source: request.source,
        provider: provider.name,
        packageName: request.packageName,
      });
      const publicBaseUrl = config.publicBaseUrl ?? request.requestBaseUrl;
      try {
        const start = await provider.start({
          outTradeNo: order.out_trade_no,
          amountFen: order.amount_fen,
          goodsName: order.package_name,
          description: request.description ?? order.package_name,
          expiresAt: new Date(order.expires_at),
          publicBaseUrl,
          returnUrl: `${publicBaseUrl}/paypalReturn`,
          cancelUrl: `${publicBaseUrl}/paypalCallBack`,
        });
        if (start.providerOrderId) await recordProviderOrderId(db, order.out_trade_no, start.providerOrderId);
        return { order: { ...order, provider_order_id: start.providerOrderId ?? null }, start };
      } catch (error) {
        // The vendor refused to start it: nobody can pay this order, so it does not stay pending.
        await closeOrder(db, clock, order.out_trade_no);
        throw error;
      }
    },

    /** The caller's own order, brought up to date (another user's answers 'not found'). */
    async status(userId: string, outTradeNo: string): Promise<PaymentOrderRow> {
      return refresh(await findOwnOrder(db, userId, outTradeNo));
    },

    /** Any order by its number, up to date: for the sandbox checkout page, which checks its own link. */
    async orderForCheckout(outTradeNo: string): Promise<PaymentOrderRow | undefined> {
      const order = await findOrder(db, outTradeNo);
      return order ? refresh(order) : undefined;
    },

    cancel(outTradeNo: string) {
      return closeOrder(db, clock, outTradeNo);
    },

    /** Closes expired orders every minute, so bills and reports never show a stale 'pending'. */
    startExpirySweep(onError: (error: unknown) => void): () => void {
      const timer = setInterval(() => closeExpiredOrders(db, clock).catch(onError), 60_000);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}

export type PurchaseService = ReturnType<typeof createPurchaseService>;
