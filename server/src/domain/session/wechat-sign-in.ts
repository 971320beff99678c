// WeChat sign-in requests (issue 15 §3). Two channels:
//  - 'open': a QR of the Open Platform website authorize address (scope snsapi_login); the phone that
//    scans it lands on our callback with code and state, and the page that showed the QR polls by state.
//  - 'mp': inside WeChat's own browser, the official-account authorize address (scope snsapi_userinfo);
//    the same page comes back with the code.
// Either way the code is exchanged server-side and the identity is WeChat's unionid (the same person
// across the website app and the official account) or, without one, the openid.
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { ServerConfig } from '../../config';
import type { Database, SocialSignInRequestRow } from '../../db/schema';
import { AppError } from '../../errors';
import { completeSocialRequest, createSocialRequest, findSocialRequest, invalidState, SOCIAL_REQUEST_TTL_SECONDS } from './social-requests';
import { exchangeWechatCode, fetchWechatUserInfo, type WechatApp } from './wechat-api';

/** The page WeChat sends the browser back to; the sign-in page finishes the request from there. */
export const WECHAT_CALLBACK_PATH = '/login';
export const WECHAT_CALLBACK_MARK = 'wechat';

export type WechatChannel = 'open' | 'mp';

const notConfigured = (setting: string) => new AppError(503, 'auth.wechatNotConfigured', { setting });

export function wechatApp(config: ServerConfig, channel: WechatChannel): WechatApp {
  const { social } = config;
  if (channel === 'mp') {
    if (!social.wechatMpAppId) throw notConfigured('WECHAT_MP_APP_ID');
    if (!social.wechatMpAppSecret) throw notConfigured('WECHAT_MP_APP_SECRET');
    return { apiUrl: social.wechatApiUrl, appId: social.wechatMpAppId, secret: social.wechatMpAppSecret };
  }
  if (!config.wechatAppId) throw notConfigured('WECHAT_APP_ID');
  if (!social.wechatAppSecret) throw notConfigured('WECHAT_APP_SECRET');
  return { apiUrl: social.wechatApiUrl, appId: config.wechatAppId, secret: social.wechatAppSecret };
}

/** Any WeChat call first: an unconfigured server says so (naming the website app's setting) before judging the input. */
export function assertWechatConfigured(config: ServerConfig): void {
  const { social } = config;
  const open = config.wechatAppId && social.wechatAppSecret;
  const mp = social.wechatMpAppId && social.wechatMpAppSecret;
  if (!open && !mp) wechatApp(config, 'open');
}

export function wechatAuthorizeUrl(app: WechatApp, channel: WechatChannel, redirectUri: string, state: string): string {
  const url =
    channel === 'open'
      ? new URL('https://open.weixin.qq.com/connect/qrconnect')
      : new URL('https://open.weixin.qq.com/connect/oauth2/authorize');
  url.searchParams.set('appid', app.appId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', channel === 'open' ? 'snsapi_login' : 'snsapi_userinfo');
  url.searchParams.set('state', state);
  // WeChat documents the fragment as required on both addresses.
  return `${url.href}#wechat_redirect`;
}

export interface WechatStart {
  state: string;
  url: string;
  qrCode: string;
  expiresInSeconds: number;
}

export function createWechatSignIn(deps: { db: Kysely<Database>; clock: Clock; config: ServerConfig }) {
  const { db, clock, config } = deps;
  return {
    async start(input: {
      origin: string;
      channel: WechatChannel;
      purpose: 'login' | 'bind';
      userId?: string | null;
      source?: string | null;
      redirect?: string | null;
    }): Promise<WechatStart> {
      const app = wechatApp(config, input.channel);
      const { state } = await createSocialRequest(db, clock, {
        provider: 'wechat',
        purpose: input.purpose,
        channel: input.channel,
        user_id: input.userId ?? null,
        source: input.source ?? null,
        redirect: input.redirect ?? null,
      });
      const redirectUri = `${input.origin}${WECHAT_CALLBACK_PATH}?${WECHAT_CALLBACK_MARK}=callback`;
      const url = wechatAuthorizeUrl(app, input.channel, redirectUri, state);
      // Loaded on the first QR drawn, not at server start (bench/server-start.bench.ts).
      const qrCode = input.channel === 'open' ? await (await import('qrcode')).default.toDataURL(url, { errorCorrectionLevel: 'M', margin: 1, width: 240 }) : '';
      return { state, url, qrCode, expiresInSeconds: SOCIAL_REQUEST_TTL_SECONDS };
    },

    /** The live request of a state, or null when unknown or expired. */
    find(state: string): Promise<SocialSignInRequestRow | null> {
      return findSocialRequest(db, clock, state, 'wechat');
    },

    /** Exchanges the code WeChat sent back for the person's identity and records it on the request (once). */
    async complete(state: string, code: string): Promise<SocialSignInRequestRow> {
      const row = await findSocialRequest(db, clock, state, 'wechat');
      if (!row || row.completed_at) throw invalidState();
      const app = wechatApp(config, row.channel === 'mp' ? 'mp' : 'open');
      const token = await exchangeWechatCode(app, code);
      const info = await fetchWechatUserInfo(app, token);
      const subject = info.unionid ?? token.unionid ?? token.openid;
      const profile = { openid: token.openid, nickname: info.nickname, headimgurl: info.headimgurl };
      if (!(await completeSocialRequest(db, clock, row, subject, profile))) throw invalidState();
      return { ...row, completed_at: clock.now().toISOString(), subject, profile: JSON.stringify(profile) };
    },
  };
}

export type WechatSignIn = ReturnType<typeof createWechatSignIn>;
