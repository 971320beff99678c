// Social sign-in calls (issue 15 §2-§4): Google OpenID Connect, WeChat QR and in-WeChat sign-in,
// binding and unbinding WeChat (the official-account app id is answered in payment-providers.ts). Without settings each answers
// 'not configured' naming the missing setting.
import type { FastifyRequest } from 'fastify';
import { invalidState } from '../domain/session/social-requests';
import { wechatProfileOf } from '../domain/session/social-sign-in';
import { assertWechatConfigured } from '../domain/session/wechat-sign-in';
import type { SocialSignInRequestRow } from '../db/schema';
import { AppError } from '../errors';
import { requireUser, type HandlerMap } from './types';

/** Where users reach Parley: PUBLIC_BASE_URL, else this request's own scheme and host. */
function publicOrigin(request: FastifyRequest): string {
  const configured = request.server.services.config.publicBaseUrl;
  if (configured) return configured;
  return `${request.protocol}://${request.headers.host ?? 'localhost'}`;
}

/** The clients that open the sign-in page (platform §4); any other source is not kept. */
function knownSource(source: string | undefined): string | null {
  return source === 'browser_plugin_media' || source === 'media_desk' ? source : null;
}

/** Only a same-site path is kept as the place to return to (never another site). */
function sameSitePath(redirect: string | undefined): string | null {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.includes('\\')) return null;
  return redirect;
}

type ScanAnswer = {
  status: 'waiting' | 'confirmed' | 'signedIn' | 'needsRegistration' | 'expired';
  token?: string;
  nickname?: string | null;
  avatar?: string | null;
  source?: string | null;
  redirect?: string | null;
};

export const socialHandlers: HandlerMap = {
  async sessionRenderGoogle({ query, request }) {
    const started = await request.server.services.social.google.start({
      origin: publicOrigin(request),
      source: knownSource(query?.source),
      redirect: sameSitePath(query?.redirect),
    });
    return { url: started.url, state: started.state };
  },

  async sessionGoogleRegisterWithLogin({ body, request }) {
    const social = request.server.services.social;
    social.google.assertConfigured();
    if (!body?.code || !body.state) throw invalidState();
    const finished = await social.google.finish({ origin: publicOrigin(request), code: body.code, state: body.state, iss: body.iss ?? null });
    const token = await social.accounts.signInWithGoogle(finished.claims);
    return { token, source: finished.source, redirect: finished.redirect };
  },

  async sessionGetQrCode({ query, request, user }) {
    const purpose = query?.purpose ?? 'login';
    if (purpose === 'bind' && (!user || user.is_visitor)) throw new AppError(401, 'errors.unauthorized', {}, 401);
    const started = await request.server.services.social.wechat.start({
      origin: publicOrigin(request),
      channel: query?.channel ?? 'open',
      purpose,
      userId: purpose === 'bind' ? user!.id : null,
      source: knownSource(query?.source),
      redirect: sameSitePath(query?.redirect),
    });
    return started;
  },

  async sessionGetOpenId({ query, request }): Promise<ScanAnswer> {
    assertWechatConfigured(request.server.services.config);
    if (!query?.state) throw invalidState();
    const social = request.server.services.social;
    let row: SocialSignInRequestRow | null;
    if (query.code) {
      row = await social.wechat.complete(query.state, query.code);
      // The phone that scanned a website QR is not the page that signs in: it is told to go back.
      if (row.channel === 'open' || row.purpose === 'bind') return { status: 'confirmed' };
    } else {
      row = await social.wechat.find(query.state);
    }
    if (!row || row.consumed_at) return { status: 'expired' };
    const profile = wechatProfileOf(row);
    if (!profile) return { status: 'waiting' };
    const seen = { nickname: profile.nickname, avatar: profile.headimgurl, source: row.source, redirect: row.redirect };
    if (row.purpose === 'bind') return { status: 'confirmed', ...seen };
    const token = await social.accounts.signInWithWechat(row);
    return token ? { status: 'signedIn', token, ...seen } : { status: 'needsRegistration', ...seen };
  },

  async sessionWxLogin({ body, request }) {
    assertWechatConfigured(request.server.services.config);
    if (!body?.state || !body.code) throw invalidState();
    const social = request.server.services.social;
    const row = await social.wechat.complete(body.state, body.code);
    if (row.purpose !== 'login') throw invalidState();
    const token = await social.accounts.signInWithWechat(row);
    if (!token) throw new AppError(400, 'auth.wechatNotRegistered');
    return { token, source: row.source, redirect: row.redirect };
  },

  async sessionWxRegisterWithLogin({ body, request }) {
    assertWechatConfigured(request.server.services.config);
    if (!body?.state) throw invalidState();
    const social = request.server.services.social;
    const row = await social.wechat.find(body.state);
    if (!row || row.purpose !== 'login' || row.consumed_at || !row.completed_at) throw invalidState();
    const token = await social.accounts.registerWithWechat(
      row,
      { ...(body.username ? { username: body.username } : {}), ...(body.code ? { code: body.code } : {}) },
      request.ip,
    );
    return { token, source: row.source, redirect: row.redirect };
  },

  async systemBindingOther(ctx) {
    const user = requireUser(ctx);
    assertWechatConfigured(ctx.services.config);
    if (!ctx.body?.state) throw invalidState();
    const social = ctx.services.social;
    const row = await social.wechat.find(ctx.body.state);
    if (!row || !row.completed_at) throw invalidState();
    await social.accounts.bindWechat(user, row);
    return null;
  },

  async systemUnbindWeCat(ctx) {
    await ctx.services.social.accounts.unbindWechat(requireUser(ctx));
    return null;
  },
};
