// Packages, the rights picture, the cost checks and the payment orders of features §7 Payment
// (getQrPay, status polling). The vendor-specific calls (PayPal capture, JSAPI, H5) come with the vendors.
import { listPackages } from '../domain/purchase/packages';
import { packageName } from '../domain/purchase/package-view';
import { QUIET_PENDING_CODE } from '../domain/purchase/order-codes';
import { consumeMedia } from '../domain/purchase/media-consumption';
import { MEETING_PACKAGE_TYPES, purchaseCategories } from '../domain/purchase/package-view';
import { dubbingCostBefore, mediaCost, usageOfSourceType } from '../domain/purchase/media-costs';
import { AppError } from '../errors';
import { rightsPictureUrl } from '../plugins/app/rights-picture';
import { timeZoneHint } from './time-zone-hint';
import { requireBody, requireUser, type HandlerMap } from './types';


export const purchaseHandlers: HandlerMap = {
  async purchaseGetQrPay(ctx) {
    const user = requireUser(ctx);
    const body = requireBody(ctx.body);
    const request = ctx.request;
    const { order, start } = await ctx.services.purchase.start({
      userId: user.id,
      packageId: body.packageId,
      payPrice: body.payPrice,
      payType: body.payType,
      source: body.source,
      ...(body.description ? { description: body.description } : {}),
      requestBaseUrl: `${request.protocol}://${request.host}`,
      packageName: (row) => packageName(ctx.t, row),
    });
    return {
      outTradeNo: order.out_trade_no,
      weChatQRCode: start.weChatQRCode ?? null,
      aliPayQRCode: start.aliPayQRCode ?? null,
      payPalPayHtml: start.payPalPayHtml ?? null,
    };
  },
  async purchaseGetPayRechargeStatus(ctx) {
    const user = requireUser(ctx);
    const order = await ctx.services.purchase.status(user.id, ctx.params.outTradeNo);
    // Still unpaid: the quiet code the client polls through without a toast (features §8).
    if (order.status === 'pending') throw new AppError(QUIET_PENDING_CODE, 'billing:orders.pending');
    return { outTradeNo: order.out_trade_no, status: order.status };
  },
  async purchaseQueryCommonPricePackage(ctx) {
    return purchaseCategories(ctx.t, await listPackages(ctx.request.server.db, { includeDisabled: false }));
  },
  async purchaseQueryMeetingPricePackage(ctx) {
    return purchaseCategories(ctx.t, await listPackages(ctx.request.server.db, { includeDisabled: false }), MEETING_PACKAGE_TYPES);
  },
  async purchaseQueryRightsPictureUrl(ctx) {
    return { url: rightsPictureUrl(ctx.request.locale) };
  },
  async purchaseDubbingAccountCostBefore(ctx) {
    const body = requireBody(ctx.body);
    return dubbingCostBefore(ctx.services.entitlements, requireUser(ctx), { userId: body.userId, duration: body.duration, zoneHint: timeZoneHint(ctx.request) });
  },
  async purchaseOrderCostMedia(ctx) {
    const body = requireBody(ctx.body);
    return mediaCost(ctx.request.server.db, ctx.services.entitlements, requireUser(ctx), { ...body, zoneHint: timeZoneHint(ctx.request) });
  },
  async purchaseOrderConsumerMedia(ctx) {
    const user = requireUser(ctx);
    const body = requireBody(ctx.body);
    return consumeMedia(ctx.request.server.db, ctx.services.entitlements, user, { usage: usageOfSourceType(body.sourceType), transId: body.transId, zoneHint: timeZoneHint(ctx.request) });
  },
};
