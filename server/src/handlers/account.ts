// Account blocks and feature permissions (platform §7, features §3/§7).
import { accountBlocks, DEFAULT_PERMISSIONS } from '../domain/account/account-view';
import { holdingsOf } from '../domain/account/entitlements';
import { requireUser, type HandlerMap } from './types';

export const accountHandlers: HandlerMap = {
  async accountQueryAccountDetail(ctx) {
    const user = requireUser(ctx);
    return accountBlocks(ctx.t, await holdingsOf(ctx.request.server.db, user.id, ctx.services.clock.now()));
  },
  async accountQueryUserFunctionJudge(ctx) {
    requireUser(ctx);
    return { ...DEFAULT_PERMISSIONS };
  },
};
