// The transcript area: edits, translations (run as jobs), language lists and summaries.
import fp from 'fastify-plugin';
import { createSummariesService, type SummariesService } from '../summaries/summaries-service';
import { provideServices } from '../../plugins/app/service-registry';
import { createTranscriptService, type TranscriptService } from './transcript-service';

declare module 'fastify' {
  interface AppServices {
    transcript: TranscriptService;
    summaries: SummariesService;
  }
}

export default fp(
  async (app) => {
    const { clock, engines, i18n, jobs } = app.services;
    const transcript = createTranscriptService({ db: app.db, clock, engines, i18n, jobs });
    provideServices(app.services, { transcript, summaries: createSummariesService({ db: app.db, clock, engines }) });
    // Translation tasks no job row carries (accepted before translations ran as jobs) are queued too.
    app.addHook('onReady', async () => {
      transcript.resumePending().catch((error: unknown) => app.log.error({ err: error }, 'could not resume translation tasks'));
    });
  },
  { name: 'transcript', dependencies: ['db', 'runtime', 'engines', 'jobs'] },
);
