// The vendor-specific payment calls of features §7: PayPal's return (capture → settle), WeChat in-app
// payment (JSAPI) and its openid, and Alipay's mobile web page. Each checks its vendor's settings first
// (an honest 'not configured' naming the setting), then uses the payments service's orders through
// the wiring the notifications plugin holds.
import type { FastifyRequest } from 'fastify';
import type { OrderLookup, PaymentWiring } from '../domain/purchase/providers/order-lookup';
import { notConfigured, type VendorName } from '../domain/purchase/providers/vendor-errors';
import { AppError } from '../errors';
import { requireBody, requireUser, type HandlerMap } from './types';

function ready(vendor: VendorName, provider: { missingSetting: string | null }): void {
  if (provider.missingSetting) throw notConfigured(vendor, provider.missingSetting);
}

function wiringOf(request: FastifyRequest): PaymentWiring {
  const wiring = request.server.paymentVendors.wiring;
  if (!wiring) throw new AppError(503, 'billing:providers.paymentsNotWired');
  return wiring;
}

function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * Alipay sends the payer back to return_url: only a page of this site (a path, or an absolute address
 * on the host the call came to), so the payment page cannot be used to send people elsewhere.
 */
function returnUrlOf(request: FastifyRequest, returnUrl: string | undefined): ((publicBaseUrl: string) => string) | undefined {
  if (!returnUrl) return undefined;
  if (returnUrl.startsWith('/') && !returnUrl.startsWith('//')) return (base) => new URL(returnUrl, base).toString();
  let url: URL;
  try {
    url = new URL(returnUrl);
  } catch {
    throw new AppError(400, 'billing:providers.badReturnUrl');
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.host !== request.host) throw new AppError(400, 'billing:providers.badReturnUrl');
  return () => url.toString();
}

/** The vendor refused to start the order: nobody can pay it, so it does not stay pending. */
async function closedOnFailure<T>(orders: OrderLookup, outTradeNo: string, start: () => Promise<T>): Promise<T> {
  try {
    return await start();
  } catch (error) {
    await orders.close(outTradeNo);
    throw error;
  }
}

export const paymentProvidersHandlers: HandlerMap = {
  async purchasePaypalPayBack(ctx) {
    const user = requireUser(ctx);
    const { paypal } = ctx.request.server.paymentVendors.providers;
    ready('PayPal', paypal);
    const { orders, settle } = wiringOf(ctx.request);
    const order = await orders.findByProviderOrderId('paypal', ctx.query.token);
    // Another user's PayPal order is answered exactly like one that does not exist.
    if (!order || order.userId !== user.id || order.provider !== 'paypal') throw new AppError(404, 'billing:providers.unknownPayPalOrder');
    if (order.status === 'paid') return { outTradeNo: order.outTradeNo, status: 'paid' };
    // An expired order is not captured: the payer would pay for something no longer sold.
    if (order.status === 'closed') throw new AppError(400, 'billing:providers.orderClosed');
    const outcome = await paypal.capture(ctx.query.token, order);
    if (!outcome.ok) throw new AppError(400, `billing:providers.captureRefused.${outcome.problem}`);
    await settle(outcome.confirmation);
    return { outTradeNo: order.outTradeNo, status: 'paid' };
  },

  async purchaseGetJsApiPay(ctx) {
    const user = requireUser(ctx);
    const body = requireBody(ctx.body);
    const { wechat } = ctx.request.server.paymentVendors.providers;
    ready('WeChat Pay', wechat);
    const { orders } = wiringOf(ctx.request);
    const request = await orders.create(
      user,
      { provider: 'wechat', packageId: body.packageId, payPrice: body.payPrice, source: body.source, goodsName: body.goodsName, description: body.description },
      { t: ctx.t, requestOrigin: requestOrigin(ctx.request) },
    );
    return { outTradeNo: request.outTradeNo, ...(await closedOnFailure(orders, request.outTradeNo, () => wechat.startJsApi(request, body.openid))) };
  },

  async purchaseGetOpenId(ctx) {
    requireUser(ctx);
    const { wechat } = ctx.request.server.paymentVendors.providers;
    return { openid: await wechat.openIdFromCode(ctx.query.code) };
  },

  /**
   * The official account the in-app pay page sends the payer to for the oauth2 code getOpenId
   * exchanges (so WeChat Pay's app id first); without WeChat Pay, the sign-in official account.
   */
  async systemConfigWeichatMpAppId(ctx) {
    return ctx.request.server.paymentVendors.providers.wechat.appId ?? ctx.services.config.social.wechatMpAppId ?? null;
  },

  async purchaseGetAliH5Pay(ctx) {
    const user = requireUser(ctx);
    const body = requireBody(ctx.body);
    const { alipay } = ctx.request.server.paymentVendors.providers;
    ready('Alipay', alipay);
    // Checked before the order exists: a refused call leaves nothing behind.
    const returnUrl = returnUrlOf(ctx.request, body.returnUrl);
    const { orders } = wiringOf(ctx.request);
    const request = await orders.create(
      user,
      { provider: 'alipay', packageId: body.packageId, payPrice: body.payPrice, source: body.source, goodsName: body.goodsName, description: body.description },
      { t: ctx.t, requestOrigin: requestOrigin(ctx.request) },
    );
    const payHtml = await closedOnFailure(orders, request.outTradeNo, async () => alipay.wapPayHtml(request, returnUrl?.(request.publicBaseUrl)));
    return { outTradeNo: request.outTradeNo, payHtml };
  },
};
