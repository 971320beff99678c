// The social sign-in services of one app (Google OpenID Connect, WeChat QR and in-app sign-in, and
// the accounts they sign in or bind), reached as app.services.social.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { ServerConfig } from '../../config';
import type { Database } from '../../db/schema';
import type { RateLimits } from './rate-limits';
import { createGoogleOidc, type GoogleOidc } from './google-oidc';
import { createSocialSignIn, type SocialSignIn } from './social-sign-in';
import { createWechatSignIn, type WechatSignIn } from './wechat-sign-in';

export interface SocialServices {
  google: GoogleOidc;
  wechat: WechatSignIn;
  accounts: SocialSignIn;
}

/** Built with the session area (domain/session/plugin.ts); each provider is configured on first use. */
export function createSocialServices(deps: { db: Kysely<Database>; clock: Clock; config: ServerConfig; rateLimits: RateLimits; log: FastifyBaseLogger }): SocialServices {
  const { db, clock, config, rateLimits, log } = deps;
  return {
    google: createGoogleOidc({ db, clock, config, log }),
    wechat: createWechatSignIn({ db, clock, config }),
    accounts: createSocialSignIn({ db, clock, rateLimits }),
  };
}
