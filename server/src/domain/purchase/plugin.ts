// The purchase area: payment orders and their providers (issue 11), getQrPay, status polling,
// settling exactly once, and the sweep that closes unpaid orders past their time.
import fp from 'fastify-plugin';
import { provideServices } from '../../plugins/app/service-registry';
import { createPayments, type Payments } from './payment-wiring';
import type { PurchaseService } from './purchase-service';

declare module 'fastify' {
  interface AppServices {
    purchase: PurchaseService;
    /** The vendor adapters and the orders/settle() wiring the vendor endpoints use (payment-wiring.ts). */
    paymentVendorWiring: Omit<Payments, 'service'>;
  }
}

export default fp(
  async (app) => {
    const { config, clock } = app.services;
    const { service: purchase, ...paymentVendorWiring } = createPayments({ db: app.db, clock, config });
    provideServices(app.services, { purchase, paymentVendorWiring });
    let stopOrderSweep = () => {};
    app.addHook('onReady', async () => {
      stopOrderSweep = purchase.startExpirySweep((error) => app.log.error({ err: error }, 'could not close expired payment orders'));
    });
    app.addHook('onClose', async () => {
      stopOrderSweep();
    });
  },
  { name: 'purchase', dependencies: ['db', 'runtime'] },
);
