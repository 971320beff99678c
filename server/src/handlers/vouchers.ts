// Voucher exchange (platform §5, §8 'Voucher exchange'; features §7 Payment). The client shows this
// answer's msg as it is (success on 200, error otherwise), so the msg says what was granted.
import { exchangeVoucher } from '../domain/vouchers/exchange-voucher';
import { ACCOUNT_KIND_OF, isMembership } from '../domain/vouchers/package-types';
import { requireUser, type HandlerMap } from './types';


export const vouchersHandlers: HandlerMap = {
  async purchaseExchangeCardPassword(ctx) {
    const user = requireUser(ctx);
    const { db } = ctx.request.server;
    const outcome = await exchangeVoucher({ db, clock: ctx.services.clock, rateLimits: ctx.services.rateLimits }, user.id, ctx.params?.cardPasswordCode ?? '', ctx.request.ip);
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
