// GET /health (public): the readiness report of this server (issue 10): what `npm start` printed,
// for operators and monitors. Built per call so a package installed meanwhile shows up at once.
import { healthReport } from '../domain/health/health-report';
import type { HandlerMap } from './types';

export const healthHandlers: HandlerMap = {
  async systemHealth(ctx) {
    const { services } = ctx;
    return healthReport(
      { db: ctx.request.server.db, config: services.config, jobs: services.jobs, store: services.mediaStore, engines: services.engines },
      ctx.t,
    );
  },
};
