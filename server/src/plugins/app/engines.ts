// The recognition, translation, synthesis, summary and media engines, built per app from
// config.engines so a test app can point an engine at a local fake service.
import fp from 'fastify-plugin';
import { createEngines, type Engines } from '../../engines/registry';
import { provideServices } from './service-registry';

declare module 'fastify' {
  interface AppServices {
    engines: Engines;
  }
}

export default fp(
  async (app) => {
    const engines = createEngines(app.services.config.engines, { log: app.log });
    provideServices(app.services, { engines });
    // A new helper source is compiled once, in the background, not when the first meeting's host speaks.
    app.addHook('onReady', async () => engines.prepareLiveRecognition());
    app.addHook('onClose', async () => {
      await engines.close();
    });
  },
  { name: 'engines', dependencies: ['runtime'] },
);
