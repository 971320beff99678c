// The two WeChat calls of website / official-account sign-in, as WeChat documents them:
//   GET {api}/sns/oauth2/access_token?appid&secret&code&grant_type=authorization_code
//     → { access_token, expires_in, refresh_token, openid, scope, unionid? } or { errcode, errmsg }
//   GET {api}/sns/userinfo?access_token&openid&lang
//     → { openid, nickname, sex, province, city, country, headimgurl, privilege, unionid? } or { errcode, errmsg }
// WeChat answers errors with HTTP 200 and a non-zero errcode; both shapes are handled here.
import { AppError } from '../../errors';

export interface WechatApp {
  apiUrl: string;
  appId: string;
  secret: string;
}

export interface WechatAccessToken {
  accessToken: string;
  openid: string;
  unionid: string | null;
  scope: string;
}

export interface WechatUserInfo {
  openid: string;
  unionid: string | null;
  nickname: string | null;
  headimgurl: string | null;
}

const TIMEOUT_MS = 10_000;

async function getJson(url: URL): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: 'application/json' } });
  } catch {
    throw new AppError(502, 'auth.wechatUnreachable');
  }
  if (!response.ok) throw new AppError(502, 'auth.wechatUnreachable');
  // WeChat sometimes labels JSON as text/plain: parse the text whatever the header says.
  let body: unknown;
  try {
    body = JSON.parse(await response.text());
  } catch {
    throw new AppError(502, 'auth.wechatUnreachable');
  }
  if (!body || typeof body !== 'object') throw new AppError(502, 'auth.wechatUnreachable');
  const record = body as Record<string, unknown>;
  const errcode = Number(record.errcode ?? 0);
  if (errcode !== 0) {
    throw new AppError(400, 'auth.wechatRefused', { errcode, errmsg: String(record.errmsg ?? '') });
  }
  return record;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

export async function exchangeWechatCode(app: WechatApp, code: string): Promise<WechatAccessToken> {
  const url = new URL(`${app.apiUrl}/sns/oauth2/access_token`);
  url.searchParams.set('appid', app.appId);
  url.searchParams.set('secret', app.secret);
  url.searchParams.set('code', code);
  url.searchParams.set('grant_type', 'authorization_code');
  const body = await getJson(url);
  const accessToken = text(body.access_token);
  const openid = text(body.openid);
  if (!accessToken || !openid) throw new AppError(502, 'auth.wechatUnreachable');
  return { accessToken, openid, unionid: text(body.unionid), scope: text(body.scope) ?? '' };
}

export async function fetchWechatUserInfo(app: WechatApp, token: WechatAccessToken, lang = 'zh_CN'): Promise<WechatUserInfo> {
  const url = new URL(`${app.apiUrl}/sns/userinfo`);
  url.searchParams.set('access_token', token.accessToken);
  url.searchParams.set('openid', token.openid);
  url.searchParams.set('lang', lang);
  const body = await getJson(url);
  return {
    openid: text(body.openid) ?? token.openid,
    unionid: text(body.unionid) ?? token.unionid,
    nickname: text(body.nickname),
    headimgurl: text(body.headimgurl),
  };
}
