// User info and client data (platform §7, features §7 Account and personal centre).
import { userInfoOf } from '../domain/session/user-view';
import { editProfile } from '../domain/account/profile-edit';
import { requireUser, type HandlerMap } from './types';

export const systemHandlers: HandlerMap = {
  async systemGetClientInfo(ctx) {
    return userInfoOf(ctx.request.server.db, requireUser(ctx));
  },
  async systemGetClient(ctx) {
    // Client data is only ever the caller's own; a userId of someone else is not honoured.
    const user = requireUser(ctx);
    return { userId: user.id, shareStatus: user.share_status };
  },
  async systemClientUserEdit(ctx) {
    await editProfile(ctx.request.server.db, ctx.services.clock, requireUser(ctx), ctx.body);
    return null;
  },
};
