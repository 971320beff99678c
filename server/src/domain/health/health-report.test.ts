// The health report names the media storage really in use (the shared blob store when configured),
// not the embedded default, and which payment provider collects orders.
import { describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { createServerI18n } from '../../i18n';
import { healthReport } from './health-report';

// No database behind it: the report says so (ready: false) and this test looks at the other parts.
const noDb = {} as Kysely<Database>;

describe('health report', () => {
  it('reports the Azure blob store when that is where media live', async () => {
    const t = (await createServerI18n()).translatorFor('en-US');
    const report = await healthReport(
      {
        db: noDb,
        config: { database: { kind: 'postgres', url: 'postgres://x' }, paymentProvider: 'vendors' },
        jobs: { backend: 'bullmq', healthy: async () => true },
        store: { kind: 'azure-blob', healthy: async () => true },
        engines: { readiness: () => [] },
      },
      t,
    );
    expect(report.storage).toEqual({ kind: 'azure-blob', ready: true });
    expect(report.payments).toEqual({ kind: 'vendors', sandbox: false, notice: null });
  });
});
