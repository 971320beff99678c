// Tier rules, balances and charges, read from the ledger (issue 11). Every area that meters or
// gates a feature depends on this plugin.
import fp from 'fastify-plugin';
import { provideServices } from '../../plugins/app/service-registry';
import { createEntitlements, type Entitlements } from './entitlements-service';

declare module 'fastify' {
  interface AppServices {
    entitlements: Entitlements;
  }
}

export default fp(
  async (app) => {
    const { config, clock } = app.services;
    provideServices(app.services, { entitlements: createEntitlements({ db: app.db, clock, config }) });
  },
  { name: 'entitlements', dependencies: ['db', 'runtime'] },
);
