// Account blocks, feature permissions and bills (platform §7, features §3/§7), all read from the
// ledger through the tier rules.
import { accountBlocks, permissionsOf } from '../domain/account/account-view';
import { holdingsFrom } from '../domain/account/entitlements';
import { buyRecords, costRecords, receiptOf, usageSeries } from '../domain/entitlements/bills';
import { AppError } from '../errors';
import { timeZoneHint } from './time-zone-hint';
import { requireUser, type HandlerMap } from './types';


export const accountHandlers: HandlerMap = {
  async accountQueryAccountDetail(ctx) {
    const user = requireUser(ctx);
    const account = await ctx.services.entitlements.account(user, timeZoneHint(ctx.request));
    return accountBlocks(ctx.t, holdingsFrom(account.state, ctx.services.clock.now()));
  },
  async accountQueryUserFunctionJudge(ctx) {
    const user = requireUser(ctx);
    const account = await ctx.services.entitlements.account(user, timeZoneHint(ctx.request));
    return permissionsOf(account.rule, account);
  },
  async accountQueryBuyRecord(ctx) {
    const user = requireUser(ctx);
    // The trial row is written on the first read of the account, so it is listed from the start.
    await ctx.services.entitlements.account(user);
    return buyRecords(ctx.request.server.db, ctx.t, user.id, ctx.body?.pageNum, ctx.body?.pageSize);
  },
  async accountQueryReceipt(ctx) {
    const user = requireUser(ctx);
    const receipt = await receiptOf(ctx.request.server.db, user.id, ctx.body?.outTradeNo ?? '');
    if (!receipt) throw new AppError(404, 'billing:orders.notFound');
    return receipt;
  },
  async accountQueryCostRecord(ctx) {
    const user = requireUser(ctx);
    return costRecords(ctx.request.server.db, ctx.t, user.id, ctx.body?.pageNum, ctx.body?.pageSize);
  },
  async accountQueryUsageSeries(ctx) {
    const user = requireUser(ctx);
    // Days are the user's own (fixed on their first metered use); the zone the page asks for is only a
    // hint for a user who has none yet, so the chart and the daily allowances count the same days.
    const account = await ctx.services.entitlements.account(user, timeZoneHint(ctx.request) ?? ctx.body?.timeZone ?? null);
    return usageSeries(ctx.request.server.db, user.id, ctx.services.clock.now(), account.zone, ctx.body?.days ?? 30);
  },
};
