// The vendors' server-to-server notifications: POST /pay/notify/wechat, /pay/notify/alipay and
// /pay/notify/paypal. Each is verified by its adapter (signature, timestamp, merchant), then handed to
// the notification intake (replay, order, amount) which calls the payments service's settle().
// Also decorates `paymentVendors` (the adapters and the wiring) for the vendor handlers.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../errors';
import { ALIPAY_NOTIFICATION_TOLERANCE_SECONDS } from '../../domain/purchase/providers/alipay/alipay-provider';
import { takeNotification, type IntakeOutcome, type VendorVerdict } from '../../domain/purchase/providers/notification-intake';
import type { PaymentWiring } from '../../domain/purchase/providers/order-lookup';
import type { ProviderName } from '../../domain/purchase/providers/payment-provider';
import { PAYPAL_WEBHOOK_TOLERANCE_SECONDS } from '../../domain/purchase/providers/paypal/paypal-provider';
import { createReplayGuard, type ReplayGuard } from '../../domain/purchase/providers/replay-guard';
import type { VendorProviders } from '../../domain/purchase/providers/vendor-providers';

/** WeChat documents a 5-minute window for Wechatpay-Timestamp; ids are kept a little longer than that. */
const WECHAT_REPLAY_WINDOW_SECONDS = 600;

export interface PaymentVendors {
  providers: VendorProviders;
  /** The payments service's orders and settle(); null until it is wired (every vendor call then answers 503). */
  wiring: PaymentWiring | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    paymentVendors: PaymentVendors;
  }
}

export interface PaymentNotificationsOptions {
  /** The services' wiring unless a test injects its own (null: unwired, every vendor call answers 503). */
  wiring?: PaymentWiring | null;
  /** Tests pass adapters built on their own configuration. */
  providers?: VendorProviders;
  /** Keeps the replay ids of parallel test apps apart on a shared Redis. */
  replayKeyPrefix?: string;
}

type Answer = { status: number; body: string; type: string };

function headersOf(request: FastifyRequest): Record<string, string | string[] | undefined> {
  return request.headers as Record<string, string | string[] | undefined>;
}

async function notificationRoutes(app: FastifyInstance, { vendors, guard }: { vendors: PaymentVendors; guard: ReplayGuard }) {
  // Signatures cover the exact bytes sent: bodies reach the adapters unparsed.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(['application/json', 'application/x-www-form-urlencoded', 'text/plain'], { parseAs: 'string' }, (_request, body, done) => done(null, body));

  async function receive(request: FastifyRequest, reply: FastifyReply, provider: ProviderName, verify: () => Promise<VendorVerdict> | VendorVerdict, window: number, answer: (outcome: IntakeOutcome | null, message: string) => Answer) {
    const t = request.t;
    let outcome: IntakeOutcome | null = null;
    let message = '';
    try {
      const { wiring } = vendors;
      if (!wiring) throw new AppError(503, 'billing:providers.paymentsNotWired');
      outcome = await takeNotification({ ...wiring, guard }, provider, await verify(), window);
      message = outcome.result === 'refused' ? t(`billing:providers.notificationRefused.${outcome.problem}`) : 'OK';
      if (outcome.result === 'refused') request.log.warn({ provider, problem: outcome.problem }, 'payment notification refused');
    } catch (error) {
      if (!(error instanceof AppError)) request.log.error({ err: error, provider }, 'payment notification failed');
      const status = error instanceof AppError && error.code >= 400 && error.code < 600 ? error.code : 500;
      const text = error instanceof AppError ? t(error.messageKey, error.params) : t('errors.internal');
      outcome = { result: 'refused', status, problem: 'malformed' };
      message = String(text);
    }
    const { status, body, type } = answer(outcome, message);
    return reply.status(status).type(type).send(body);
  }

  app.post('/pay/notify/wechat', async (request, reply) => {
    const wechat = vendors.providers.wechat;
    return receive(
      request,
      reply,
      'wechat',
      () => {
        const check = wechat.verifyNotification({ headers: headersOf(request), rawBody: String(request.body ?? '') });
        return check.ok ? { ...check, amountMatches: (order) => order.amountFen === check.confirmation.amountFen } : check;
      },
      WECHAT_REPLAY_WINDOW_SECONDS,
      // WeChat: 200/204 without a body is success; otherwise 4xx/5xx with {code: "FAIL", message}.
      (outcome, message) => (outcome && outcome.result !== 'refused' ? { status: 204, body: '', type: 'application/json' } : { status: outcome?.status ?? 500, body: JSON.stringify({ code: 'FAIL', message }), type: 'application/json' }),
    );
  });

  app.post('/pay/notify/alipay', async (request, reply) => {
    const alipay = vendors.providers.alipay;
    return receive(
      request,
      reply,
      'alipay',
      () => {
        const check = alipay.verifyNotification(Object.fromEntries(new URLSearchParams(String(request.body ?? ''))));
        return check.ok ? { ...check, amountMatches: (order) => order.amountFen === check.confirmation.amountFen } : check;
      },
      ALIPAY_NOTIFICATION_TOLERANCE_SECONDS,
      // Alipay: the plain text "success" ends its retries; anything else is a failure.
      (outcome) => (outcome && outcome.result !== 'refused' ? { status: 200, body: 'success', type: 'text/plain' } : { status: outcome?.status ?? 500, body: 'failure', type: 'text/plain' }),
    );
  });

  app.post('/pay/notify/paypal', async (request, reply) => {
    const paypal = vendors.providers.paypal;
    return receive(
      request,
      reply,
      'paypal',
      async () => {
        const check = await paypal.verifyWebhook(headersOf(request), String(request.body ?? ''));
        return check.ok ? { ...check, amountMatches: (order) => paypal.capturedMatches(check.captured, order.amountFen) } : check;
      },
      PAYPAL_WEBHOOK_TOLERANCE_SECONDS * 2,
      // PayPal: any 2xx acknowledges the delivery; anything else is retried.
      (outcome, message) => (outcome && outcome.result !== 'refused' ? { status: 200, body: '{}', type: 'application/json' } : { status: outcome?.status ?? 500, body: JSON.stringify({ message }), type: 'application/json' }),
    );
  });
}

export default fp<PaymentNotificationsOptions>(
  async (app, options) => {
    const shared = app.services.paymentVendorWiring;
    const vendors: PaymentVendors = { providers: options.providers ?? shared.vendorProviders, wiring: options.wiring === undefined ? shared.wiring : options.wiring };
    app.decorate('paymentVendors', vendors);
    const guard = createReplayGuard(app.services.config.redisUrl, () => app.services.clock.now().getTime(), options.replayKeyPrefix);
    app.addHook('onClose', async () => guard.close());
    await app.register(notificationRoutes, { vendors, guard });
  },
  { name: 'payment-notifications', dependencies: ['purchase'] },
);
