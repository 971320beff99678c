// Packages, the rights picture, the cost checks and the payment orders of features §7 Payment
// (getQrPay, status polling). The vendor-specific calls (PayPal capture, JSAPI, H5) come with the vendors.
import { listPackages } from '../domain/purchase/packages';
import { packageName } from '../domain/purchase/package-view';
import { QUIET_PENDING_CODE } from '../domain/purchase/order-codes';
import { consumeMedia } from '../domain/purchase/media-consumption';
import { MEETING_PACKAGE_TYPES, purchaseCategories } from '../domain/purchase/package-view';
import { entitlementRefusal } from '../domain/entitlements/entitlements-service';
import { availableSeconds, splitUse } from '../domain/entitlements/metering';
import { dubbingCostSeconds } from '../domain/entitlements/tier-rules';
import { findOwnedRecord } from '../domain/records/record-access';
import type { UsageKind } from '../db/schema';
import { AppError } from '../errors';
import { rightsPictureUrl } from '../plugins/app/rights-picture';
import { timeZoneHint } from './time-zone-hint';
import { requireBody, requireUser, type HandlerMap } from './types';


/** sourceType of the cost calls: 1 local upload, 2 live interpreting, 5 audio/video dubbing. */
const USAGE_OF_SOURCE: Record<string, UsageKind> = { '1': 'upload', '2': 'live', '5': 'dubbing' };

function usageOf(sourceType: string): UsageKind {
  const usage = USAGE_OF_SOURCE[sourceType];
  if (!usage) throw new AppError(400, 'billing:unknownSourceType', { sourceType });
  return usage;
}

export const paymentsHandlers: HandlerMap = {
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
    const user = requireUser(ctx);
    const body = requireBody(ctx.body);
    if (body.userId && body.userId !== user.id) throw new AppError(403, 'vouchers:notOwnAccount');
    const account = await ctx.services.entitlements.account(user, timeZoneHint(ctx.request));
    const cost = dubbingCostSeconds(body.duration, 0);
    if (!account.billing) return { enough: true, cost, balance: null };
    const split = splitUse(account.rule, account.state, 'dubbing', cost);
    if (!split.ok) throw entitlementRefusal(split.code);
    return { enough: true, cost, balance: account.state.packSeconds.dubbing };
  },
  async purchaseOrderCostMedia(ctx) {
    const user = requireUser(ctx);
    const body = requireBody(ctx.body);
    const usage = usageOf(body.sourceType);
    const account = await ctx.services.entitlements.account(user, timeZoneHint(ctx.request));
    let seconds = Math.ceil(body.duration);
    if (body.transId) {
      // The record's own length, not the one the caller says; a re-dubbing is priced as such.
      const record = await findOwnedRecord(ctx.request.server.db, user.id, body.transId);
      seconds = Math.ceil((record.duration_ms ?? 0) / 1000);
      if (usage === 'dubbing') seconds = dubbingCostSeconds(seconds, account.state.dubbingsOf.get(record.id) ?? 0);
    }
    if (!account.billing) return { enough: true, cost: seconds, balance: null };
    const split = splitUse(account.rule, account.state, usage, seconds);
    return { enough: split.ok, cost: seconds, balance: availableSeconds(account.rule, account.state, usage) };
  },
  async purchaseOrderConsumerMedia(ctx) {
    const user = requireUser(ctx);
    const body = requireBody(ctx.body);
    return consumeMedia(ctx.request.server.db, ctx.services.entitlements, user, { usage: usageOf(body.sourceType), transId: body.transId, zoneHint: timeZoneHint(ctx.request) });
  },
};
