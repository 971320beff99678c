// Account blocks and feature permissions (platform §7, features §3/§7).
import { accountBlocks, DEFAULT_PERMISSIONS } from '../domain/account/account-view';
import { requireUser, type HandlerMap } from './types';

export const accountHandlers: HandlerMap = {
  async accountQueryAccountDetail(ctx) {
    requireUser(ctx);
    return accountBlocks(ctx.t);
  },
  async accountQueryUserFunctionJudge(ctx) {
    requireUser(ctx);
    return { ...DEFAULT_PERMISSIONS };
  },
};
