// The one background mechanism: pipeline jobs, in-process or BullMQ when REDIS_URL is set. Areas
// define their jobs when they register; the queue starts once every area has.
import fp from 'fastify-plugin';
import type { JobQueue } from '../../domain/jobs/job-queue.port';
import { createJobQueue } from '../../jobs/create-job-queue';
import { provideServices } from './service-registry';

declare module 'fastify' {
  interface AppServices {
    jobs: JobQueue;
  }
}

export default fp<{ rateLimitPrefix?: string }>(
  async (app, { rateLimitPrefix }) => {
    const { config, clock } = app.services;
    const jobs = await createJobQueue({ db: app.db, clock, redisUrl: config.redisUrl, prefix: rateLimitPrefix ? `${rateLimitPrefix}-jobs` : undefined, workerName: config.instanceId, log: app.log });
    provideServices(app.services, { jobs });
    // Jobs left pending or running by a previous process resume once the app is ready.
    app.addHook('onReady', async () => {
      await jobs.start();
    });
    app.addHook('onClose', async () => {
      await jobs.close();
    });
  },
  { name: 'jobs', dependencies: ['db', 'runtime'] },
);
