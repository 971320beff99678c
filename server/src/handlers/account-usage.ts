// Today's usage against the daily caps (accountQueryUsageToday): the avatar menu and the personal
// centre show it. The zone header is only a hint for a user whose day zone is not fixed yet.
import { usageToday } from '../domain/account/usage-today';
import { timeZoneHint } from './time-zone-hint';
import { requireUser, type HandlerMap } from './types';

export const accountUsageHandlers: HandlerMap = {
  async accountQueryUsageToday(ctx) {
    const user = requireUser(ctx);
    return usageToday(await ctx.services.entitlements.account(user, timeZoneHint(ctx.request)));
  },
};
