// Delete my account (accountDeleteAccount): confirmed by password or code, deleted once.
import { deleteAccount } from '../domain/account/deletion/delete-account';
import { requireUser, type HandlerMap } from './types';

export const accountDeleteHandlers: HandlerMap = {
  async accountDeleteAccount(ctx) {
    const { blobStore, mediaStore, records, uploads, rateLimits, clock, liveHub } = ctx.services;
    const deps = { db: ctx.request.server.db, blobStore, mediaStore, records, uploads, rateLimits, clock, stopMeeting: (id: string) => liveHub.stop(id) };
    await deleteAccount(deps, requireUser(ctx), ctx.body, ctx.request.ip);
    return null;
  },
};
