// The dubbing area: its two jobs (a dubbing run and a voice-over iteration) and the sweep that purges
// dubbing media past its 7 days and unreferenced blobs older than 24 h.
import fp from 'fastify-plugin';
import { dubIterationJob } from '../../jobs/dub-iteration-job';
import { dubbingJob } from '../../jobs/dubbing-job';
import { provideServices } from '../../plugins/app/service-registry';
import { peaksCacheFor } from './peaks/peaks-cache';
import { createDubRetentionSweep, type DubRetentionSweep } from './tasks/retention-sweep';

declare module 'fastify' {
  interface AppServices {
    dubRetention: DubRetentionSweep;
  }
}

export default fp(
  async (app) => {
    const { config, clock, engines, blobStore, jobs, i18n, entitlements, vocabularyInForce } = app.services;
    jobs.define(dubIterationJob({ db: app.db, clock, engines, blobStore, entitlements, jobs }));
    jobs.define(dubbingJob({ db: app.db, clock, engines, store: blobStore, i18n, entitlements, vocabulary: vocabularyInForce }));
    const peaksCache = peaksCacheFor(config.dataDir, blobStore);
    const dubRetention = createDubRetentionSweep({ db: app.db, clock, store: blobStore, log: app.log, pruneDerived: (now) => peaksCache.prune(now) });
    provideServices(app.services, { dubRetention });
    app.addHook('onReady', async () => {
      dubRetention.start();
    });
    app.addHook('onClose', async () => {
      await dubRetention.stop();
    });
  },
  { name: 'dubbing', dependencies: ['db', 'runtime', 'engines', 'storage', 'jobs', 'entitlements', 'vocabulary'] },
);
