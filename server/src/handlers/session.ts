// Sign-in calls (features §7 Authentication). Google and WeChat are in social.ts.
import { AppError } from '../errors';
import { userInfoOf } from '../domain/session/user-view';
import { requireUser, type HandlerMap } from './types';


export const sessionHandlers: HandlerMap = {
  async sessionGetValidCode({ body, services, t, request }) {
    if (!body) throw new AppError(400, 'errors.invalidRequest');
    return services.session.sendCode(body.username, body.scene, t, request.ip);
  },
  async sessionDoLoginByValidCode({ body, services, request }) {
    if (!body) throw new AppError(400, 'errors.invalidRequest');
    return { token: await services.session.loginWithCode(body, request.ip) };
  },
  async sessionDoLogin({ body, services, request }) {
    if (!body) throw new AppError(400, 'errors.invalidRequest');
    return { token: await services.session.loginWithPassword(body, request.ip) };
  },
  async sessionResetPwd({ body, services, token, request }) {
    if (!body) throw new AppError(400, 'errors.invalidRequest');
    await services.session.resetPassword(body, request.ip, token ?? undefined);
    return null;
  },
  async sessionVisitorLogin({ services }) {
    return { token: await services.session.visitorLogin() };
  },
  async sessionLogout({ services, token }) {
    if (token) await services.session.logout(token);
    return null;
  },
  async sessionGetUserInfo(ctx) {
    return userInfoOf(ctx.request.server.db, requireUser(ctx));
  },
};
