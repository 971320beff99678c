// Connects the vendor adapters (providers/paypal, wechat, alipay) to the payments service: one set of
// adapter instances serves getQrPay and status polling (through the registry) and the vendor
// endpoints (notifications, PayPal return, in-app and mobile variants), and those endpoints reach the
// orders table only through the OrderLookup built here on orders.ts and the service's settle().
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Database, PaymentOrderRow } from '../../db/schema';
import { closeOrder, createOrder, findOrder, findOrderByProviderOrderId } from './orders';
import { packageName } from './package-view';
import { createPurchaseService, type PaymentsConfig, type PurchaseService } from './purchase-service';
import type { OrderLookup, PaymentWiring, VendorOrder } from './providers/order-lookup';
import type { ProviderName } from './providers/payment-provider';
import { createPaymentProviders } from './providers/registry';
import { loadPaymentVendorConfig } from './providers/vendor-config';
import { createVendorProviders, type VendorProviders } from './providers/vendor-providers';

type Translate = Parameters<typeof packageName>[0];

export const vendorOrderOf = (row: PaymentOrderRow): VendorOrder => ({
  outTradeNo: row.out_trade_no,
  userId: row.user_id,
  provider: row.provider as ProviderName,
  amountFen: row.amount_fen,
  status: row.status,
  providerOrderId: row.provider_order_id,
});

/** The orders table as the vendor endpoints see it (order-lookup.ts). */
export function createOrderLookup(db: Kysely<Database>, clock: Clock, config: PaymentsConfig): OrderLookup {
  const mapped = (row: PaymentOrderRow | undefined) => (row ? vendorOrderOf(row) : null);
  return {
    // Only the order: the JSAPI and wap flows start it with their vendor themselves.
    async create(user, order, { t, requestOrigin }) {
      const row = await createOrder(db, clock, config.paymentOrderMinutes, {
        userId: user.id,
        packageId: order.packageId,
        payPrice: order.payPrice,
        payType: order.provider === 'wechat' ? 'wxV3Pay' : 'aliPay',
        // PaySource 1 (web) unless the plugin or desktop pay page says otherwise.
        source: order.source ?? 1,
        provider: order.provider,
        packageName: (pack) => packageName(t as unknown as Translate, pack),
      });
      return {
        outTradeNo: row.out_trade_no,
        amountFen: row.amount_fen,
        goodsName: row.package_name,
        description: order.description ?? row.package_name,
        expiresAt: new Date(row.expires_at),
        publicBaseUrl: config.publicBaseUrl ?? requestOrigin,
      };
    },
    async findForUser(userId, outTradeNo) {
      const row = await findOrder(db, outTradeNo);
      return row && row.user_id === userId ? vendorOrderOf(row) : null;
    },
    findByOutTradeNo: async (outTradeNo) => mapped(await findOrder(db, outTradeNo)),
    findByProviderOrderId: async (provider, providerOrderId) => mapped(await findOrderByProviderOrderId(db, provider, providerOrderId)),
    async close(outTradeNo) {
      await closeOrder(db, clock, outTradeNo);
    },
  };
}

export interface Payments {
  service: PurchaseService;
  /** The adapters the vendor endpoints use: the same instances getQrPay starts orders with. */
  vendorProviders: VendorProviders;
  /** What the vendor endpoints need from the payments service. */
  wiring: PaymentWiring;
}

export function createPayments(deps: { db: Kysely<Database>; clock: Clock; config: PaymentsConfig }): Payments {
  const { db, clock, config } = deps;
  // PayPal in a currency other than CNY checks a polled capture against the order's own price.
  const vendorProviders = createVendorProviders(config.paymentVendors ?? loadPaymentVendorConfig({}), () => clock.now(), (outTradeNo) =>
    findOrder(db, outTradeNo).then((order) => order?.amount_fen ?? null),
  );
  const service = createPurchaseService({ db, clock, config, providers: createPaymentProviders(config, vendorProviders) });
  return { service, vendorProviders, wiring: { settle: service.settle, orders: createOrderLookup(db, clock, config) } };
}
