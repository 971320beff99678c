// The social sign-in services of one app, built on first use from its db, clock and config (kept out
// of the shared services plugin so this feature stays in its own files).
import type { FastifyInstance } from 'fastify';
import { createGoogleOidc, type GoogleOidc } from './google-oidc';
import { createSocialSignIn, type SocialSignIn } from './social-sign-in';
import { createWechatSignIn, type WechatSignIn } from './wechat-sign-in';

export interface SocialServices {
  google: GoogleOidc;
  wechat: WechatSignIn;
  accounts: SocialSignIn;
}

const perApp = new WeakMap<FastifyInstance, SocialServices>();

export function socialServices(app: FastifyInstance): SocialServices {
  let found = perApp.get(app);
  if (!found) {
    const { config, clock, rateLimits } = app.services;
    found = {
      google: createGoogleOidc({ db: app.db, clock, config, log: app.log }),
      wechat: createWechatSignIn({ db: app.db, clock, config }),
      accounts: createSocialSignIn({ db: app.db, clock, rateLimits }),
    };
    perApp.set(app, found);
  }
  return found;
}
