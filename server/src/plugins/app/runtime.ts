// What every service is built from: the configuration, the clock (tests pass their own) and the
// server's translations.
import fp from 'fastify-plugin';
import type { Clock } from '../../clock';
import type { ServerConfig } from '../../config';
import type { ServerI18n } from '../../i18n';
import { provideServices } from './service-registry';

declare module 'fastify' {
  interface AppServices {
    config: ServerConfig;
    clock: Clock;
    i18n: ServerI18n;
  }
}

export default fp<{ config: ServerConfig; clock: Clock; i18n: ServerI18n }>(
  async (app, { config, clock, i18n }) => {
    provideServices(app.services, { config, clock, i18n });
  },
  { name: 'runtime', dependencies: ['services'] },
);
