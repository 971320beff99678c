// The session area: sign-in, codes and tokens, with the attempt limits (in-process, or Redis with
// REDIS_URL) and the outbox codes are sent through.
import fp from 'fastify-plugin';
import { createOutbox, type Outbox } from '../mail/outbox';
import { provideServices } from '../../plugins/app/service-registry';
import { createRateLimits, type RateLimits } from './rate-limits';
import { createSocialServices, type SocialServices } from './social-services';
import { createSessionService, type SessionService } from './session-service';

declare module 'fastify' {
  interface AppServices {
    session: SessionService;
    /** Per account and per client address: sign-ins, codes, vouchers (reserved before each check). */
    rateLimits: RateLimits;
    outbox: Outbox;
    /** Google and WeChat sign-in and binding. */
    social: SocialServices;
  }
}

export default fp<{ rateLimitPrefix?: string }>(
  async (app, { rateLimitPrefix }) => {
    const { config, clock } = app.services;
    const rateLimits = createRateLimits(config.redisUrl, rateLimitPrefix, config.clientAttemptsPerHour);
    const outbox = createOutbox({ db: app.db, clock, log: app.log, smtpUrl: config.smtpUrl, mailFrom: config.mailFrom });
    provideServices(app.services, {
      rateLimits,
      outbox,
      session: createSessionService({ db: app.db, clock, rateLimits, outbox }),
      social: createSocialServices({ db: app.db, clock, config, rateLimits, log: app.log }),
    });
    app.addHook('onClose', async () => {
      outbox.close();
      await rateLimits.close();
    });
  },
  { name: 'session', dependencies: ['db', 'runtime'] },
);
