// The sandbox provider's checkout page (features §7 Payment, PAYMENT_PROVIDER=sandbox): the address
// the payment QR encodes. GET shows the order; a POST to the same address (form field action=pay or
// cancel) pays it — settled like any vendor's confirmation, with a fresh transaction id — or
// cancels it. No sign-in: the link's sig (the order's random checkout id) is the capability, so a
// phone that scans the QR can pay; a wrong sig answers exactly like an unknown order.
import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { checkoutPage, type CheckoutView } from '../../domain/purchase/providers/sandbox/checkout-page';
import { SANDBOX_CHECKOUT_PATH, sandboxSigMatches } from '../../domain/purchase/providers/sandbox/sandbox-provider';

type Params = { outTradeNo: string };

export default fp(
  async (app) => {
    await app.register(async (scope) => {
      // Only this page takes a form post; the API stays JSON-only.
      scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1_024 }, (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      });

      async function orderOf(request: FastifyRequest<{ Params: Params }>) {
        const order = await app.services.purchase.orderForCheckout(request.params.outTradeNo);
        const sig = (request.query as { sig?: unknown }).sig;
        return order && order.provider === 'sandbox' && sandboxSigMatches(order.provider_order_id, sig) ? order : null;
      }

      function render(request: FastifyRequest, reply: FastifyReply, view: CheckoutView) {
        const t = request.t;
        return reply
          .code(view.kind === 'invalid' ? 404 : 200)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(checkoutPage(t, request.locale, reply.pageNonce, view));
      }

      scope.get<{ Params: Params }>(`${SANDBOX_CHECKOUT_PATH}/:outTradeNo`, async (request, reply) => {
        const order = await orderOf(request);
        return render(request, reply, order ? { kind: 'order', order } : { kind: 'invalid' });
      });

      scope.post<{ Params: Params; Body: { action?: string } | undefined }>(`${SANDBOX_CHECKOUT_PATH}/:outTradeNo`, async (request, reply) => {
        const order = await orderOf(request);
        if (!order) return render(request, reply, { kind: 'invalid' });
        const action = request.body?.action;
        // A replayed post after the order is paid or closed changes nothing: the page shows how it stands.
        if (order.status !== 'pending') return render(request, reply, { kind: 'order', order });
        if (action === 'cancel') {
          const closed = await app.services.purchase.cancel(order.out_trade_no);
          return render(request, reply, { kind: 'order', order: closed ?? order, outcome: 'cancelled' });
        }
        if (action !== 'pay') return render(request, reply, { kind: 'order', order });
        await app.services.purchase.settle({
          provider: 'sandbox',
          outTradeNo: order.out_trade_no,
          providerTxnId: `sandbox-${randomUUID()}`,
          amountFen: order.amount_fen,
          paidAt: app.services.clock.now(),
        });
        const now = await app.services.purchase.orderForCheckout(order.out_trade_no);
        return render(request, reply, { kind: 'order', order: now ?? order, outcome: 'paid' });
      });
    });
  },
  { name: 'sandbox-checkout', dependencies: ['purchase'] },
);
