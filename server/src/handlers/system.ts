// User info and client data (platform §7, features §7 Account and personal centre).
import { userInfo } from '../domain/auth/user-view';
import { AppError } from '../errors';
import { requireUser, type HandlerMap } from './types';

export const systemHandlers: HandlerMap = {
  async systemGetClientInfo(ctx) {
    return userInfo(requireUser(ctx));
  },
  async systemGetClient(ctx) {
    // Client data is only ever the caller's own; a userId of someone else is not honoured.
    const user = requireUser(ctx);
    return { userId: user.id, shareStatus: user.share_status };
  },
  async systemClientUserEdit(ctx) {
    // One's own info only (the QR switch and the profile send their own id); another id is refused, not ignored.
    const user = requireUser(ctx);
    const body = ctx.body;
    if (!body) throw new AppError(400, 'errors.invalidRequest');
    if (body.id !== user.id) throw new AppError(403, 'vouchers:notOwnAccount');
    const nickname = body.nickname?.trim();
    if (body.nickname !== undefined && !nickname) throw new AppError(400, 'errors.invalidField', { field: 'nickname' });
    // An avatar is shown as an image address; only web addresses and site paths are stored.
    if (body.avatar !== undefined && body.avatar !== '' && !/^(https?:\/\/|\/)/i.test(body.avatar)) {
      throw new AppError(400, 'errors.invalidField', { field: 'avatar' });
    }
    const changes = {
      ...(body.shareStatus !== undefined ? { share_status: body.shareStatus } : {}),
      ...(nickname !== undefined ? { nickname } : {}),
      ...(body.avatar !== undefined ? { avatar: body.avatar || null } : {}),
    };
    if (Object.keys(changes).length === 0) return null;
    await ctx.request.server.db
      .updateTable('users')
      .set({ ...changes, updated_at: ctx.services.clock.now().toISOString() })
      .where('id', '=', user.id)
      .execute();
    return null;
  },
};
