// Voucher exchange (platform §5, §8 'Voucher exchange'; features §7 Payment). The client shows this
// answer's msg as it is (success on 200, error otherwise), so the msg says what was granted.
import { AppError, tooManyAttempts } from '../errors';
import { ACCOUNT_KIND_OF, isMembership } from '../domain/vouchers/package-types';
import { redeemVoucher } from '../domain/vouchers/vouchers-service';
import { requireUser, type HandlerMap } from './types';


export const vouchersHandlers: HandlerMap = {
  async purchaseExchangeCardPassword(ctx) {
    const user = requireUser(ctx);
    // The input is trimmed by the client; a code pasted with spaces around it is the same code here too.
    const code = (ctx.params?.cardPasswordCode ?? '').trim();
    if (!code) throw new AppError(400, 'vouchers:invalid');
    // Codes are short secrets: each try is reserved (per user and per client address, atomically)
    // before the code is looked up, so a burst cannot try more than the hourly allowance; a
    // successful redemption gives its try back. Visitor accounts are free, hence the per-client cap.
    const reserved = await ctx.services.rateLimits.reserveVoucher(user.id, ctx.request.ip);
    if (!reserved.ok) throw tooManyAttempts();
    const outcome = await redeemVoucher(ctx.request.server.db, ctx.services.clock, user.id, code);
    if (outcome.ok) await reserved.refund();
    if (!outcome.ok) {
      throw new AppError(outcome.reason === 'used' ? 409 : 400, outcome.reason === 'used' ? 'vouchers:alreadyUsed' : 'vouchers:invalid');
    }

    const t = ctx.t;
    const packageName = t(`account.${ACCOUNT_KIND_OF[outcome.packageType]}`);
    const msg = isMembership(outcome.packageType)
      ? t('vouchers:exchangedUntil', { package: packageName, date: outcome.validUntil!.toISOString().slice(0, 10) })
      : t('vouchers:exchangedHours', { package: packageName, count: outcome.hours ?? 0 });
    // The envelope's msg is otherwise the plain 'Success'; this answer carries its own (as uploads' chunk answers do).
    ctx.reply.hijack();
    ctx.reply.raw.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    ctx.reply.raw.end(JSON.stringify({ code: 200, msg, data: null }));
    return null;
  },
};
