// Sign-in calls (features §7 Authentication). WeChat and Google answer an honest error naming the
// setting they need until those providers are built.
import { AppError } from '../errors';
import { userInfo } from '../domain/auth/user-view';
import { requireUser, type HandlerMap } from './types';

const wechatMissing = () => new AppError(503, 'auth.wechatNotConfigured');
const googleMissing = () => new AppError(503, 'auth.googleNotConfigured');

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
  async authGetQrCode() {
    throw wechatMissing();
  },
  async authGetOpenId() {
    throw wechatMissing();
  },
  async authWxRegisterWithLogin() {
    throw wechatMissing();
  },
  async authWxLogin() {
    throw wechatMissing();
  },
  async authRenderGoogle() {
    throw googleMissing();
  },
  async authGoogleRegisterWithLogin() {
    throw googleMissing();
  },
};
