// The uploads area: chunked local uploads and link fetches, their transcription job, and the sweep
// of unfinished and never-submitted uploads past their age (at start and hourly).
import fp from 'fastify-plugin';
import { transcriptionJob } from '../../jobs/transcription-job';
import { provideServices } from '../../plugins/app/service-registry';
import { createAbandonedUploadSweep, type AbandonedUploadSweep } from './abandoned-uploads';
import { createUploadService, type UploadService } from './upload-service';

declare module 'fastify' {
  interface AppServices {
    uploads: UploadService;
    uploadSweep: AbandonedUploadSweep;
  }
}

export default fp(
  async (app) => {
    const { clock, engines, mediaStore, jobs, i18n, entitlements, vocabularyInForce } = app.services;
    const uploadSweep = createAbandonedUploadSweep({ db: app.db, clock, store: mediaStore, log: app.log });
    provideServices(app.services, { uploads: createUploadService({ db: app.db, clock, store: mediaStore, media: engines.media }), uploadSweep });
    jobs.define(transcriptionJob({ db: app.db, clock, engines, store: mediaStore, i18n, entitlements, vocabulary: vocabularyInForce }));
    app.addHook('onReady', async () => {
      uploadSweep.start();
    });
    app.addHook('onClose', async () => {
      await uploadSweep.stop();
    });
  },
  { name: 'uploads', dependencies: ['db', 'runtime', 'engines', 'storage', 'jobs', 'entitlements', 'vocabulary'] },
);
