// Sign-in calls (features §7 Authentication). Google and WeChat are in social.ts.
import { AppError } from '../errors';
import { userInfo } from '../domain/auth/user-view';
import { requireUser, type HandlerMap } from './types';


export const authHandlers: HandlerMap = {
  async authGetValidCode({ body, services, t, request }) {
    if (!body) throw new AppError(400, 'errors.invalidRequest');
    return services.auth.sendCode(body.username, body.scene, t, request.ip);
  },
  async authDoLoginByValidCode({ body, services, request }) {
    if (!body) throw new AppError(400, 'errors.invalidRequest');
    return { token: await services.auth.loginWithCode(body, request.ip) };
  },
  async authDoLogin({ body, services, request }) {
    if (!body) throw new AppError(400, 'errors.invalidRequest');
    return { token: await services.auth.loginWithPassword(body, request.ip) };
  },
  async authResetPwd({ body, services, token, request }) {
    if (!body) throw new AppError(400, 'errors.invalidRequest');
    await services.auth.resetPassword(body, request.ip, token ?? undefined);
    return null;
  },
  async authVisitorLogin({ services }) {
    return { token: await services.auth.visitorLogin() };
  },
  async authLogout({ services, token }) {
    if (token) await services.auth.logout(token);
    return null;
  },
  async authGetUserInfo(ctx) {
    return userInfo(requireUser(ctx));
  },
};
