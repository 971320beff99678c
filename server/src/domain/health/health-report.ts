// The readiness report (GET /health, public): every component of this server and whether it can do
// its work now — database, job queue, media storage and each engine with the languages or pairs it
// serves. Names kinds and settings only: no addresses, keys, paths or versions, since anyone may ask.
import { sql, type Kysely } from 'kysely';
import type { components } from '../../../../src/api/schema';
import type { ServerConfig } from '../../config';
import type { Database } from '../../db/schema';
import type { EngineReadiness, Engines } from '../../engines/registry';
import type { ServerT } from '../../i18n';
import type { JobQueue } from '../jobs/job-queue.port';
import type { MediaStore } from '../storage/media-store.port';
import { translate } from '../transcript/translate';

export type HealthReport = components['schemas']['Health'];
type EngineHealth = components['schemas']['EngineHealth'];

export interface HealthDeps {
  db: Kysely<Database>;
  config: Pick<ServerConfig, 'database' | 'paymentProvider'>;
  jobs: Pick<JobQueue, 'backend' | 'healthy'>;
  store: Pick<MediaStore, 'healthy' | 'kind'>;
  engines: Pick<Engines, 'readiness'>;
}

async function databaseReady(db: Kysely<Database>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

/** Why an engine is not ready, in the reader's language, naming what to install or set. */
function reasonOf(engine: EngineReadiness, t: ServerT): string | null {
  if (engine.ready) return null;
  if (engine.kind === 'media') return translate(t, 'engines:mediaToolsMissing', {});
  return translate(t, 'engines:notInstalled', { engine: `${engine.engine} (${engine.missing.join(', ')})` });
}

/**
 * Which payment provider collects orders. The sandbox is said loudly (start banner, this report, the
 * purchase dialog): with it, packages are given away and no money moves.
 */
export function paymentsHealth(provider: ServerConfig['paymentProvider'], t: ServerT): HealthReport['payments'] {
  return { kind: provider, sandbox: provider === 'sandbox', notice: provider === 'sandbox' ? translate(t, 'billing:providers.sandboxNotice') : null };
}

export async function healthReport(deps: HealthDeps, t: ServerT): Promise<HealthReport> {
  const [database, queue, storage] = await Promise.all([databaseReady(deps.db), deps.jobs.healthy(), deps.store.healthy()]);
  const engines: EngineHealth[] = deps.engines.readiness().map((engine) => ({
    kind: engine.kind,
    engine: engine.engine,
    remote: engine.remote,
    ready: engine.ready,
    ...(engine.languages ? { languages: engine.languages } : {}),
    ...(engine.pairs ? { pairs: engine.pairs } : {}),
    missing: engine.missing,
    setting: engine.setting,
    reason: reasonOf(engine, t),
  }));
  const ready = database && queue && storage && engines.every((engine) => engine.ready);
  return {
    status: ready ? 'ready' : 'degraded',
    database: { kind: deps.config.database.kind === 'postgres' ? 'postgresql' : 'sqlite', ready: database },
    queue: { kind: deps.jobs.backend, ready: queue },
    storage: { kind: deps.store.kind, ready: storage },
    payments: paymentsHealth(deps.config.paymentProvider, t),
    engines,
  };
}

/** The start-up line about payments: said when they are free (sandbox) or off (no provider). */
function paymentsLines(report: HealthReport, t: ServerT): string[] {
  if (report.payments.kind === 'sandbox') return [translate(t, 'admin.paymentsSandbox', { notice: report.payments.notice ?? '' })];
  if (report.payments.kind === 'none') return [translate(t, 'admin.paymentsNone')];
  return [];
}

/** One line per engine for the start-up output (what is ready and what it serves, or why not), then payments. */
export function readinessLines(report: HealthReport, t: ServerT): string[] {
  return [...report.engines.map((engine) => engineLine(engine, t)), ...paymentsLines(report, t)];
}

function engineLine(engine: EngineHealth, t: ServerT): string {
  const kind = translate(t, `admin.engineKinds.${engine.kind}`);
  if (!engine.ready) return translate(t, 'admin.engineNotReady', { kind, engine: engine.engine, reason: engine.reason ?? '' });
  const served = engine.pairs?.length
    ? engine.pairs.map((pair) => (pair.from === '*' ? translate(t, 'admin.anyLanguage') : `${pair.from} → ${pair.to}`)).join(', ')
    : (engine.languages ?? []).map((code) => (code === '*' ? translate(t, 'admin.anyLanguage') : code)).join(', ');
  // Media tools serve no languages: the line only says they are there.
  if (!served) return translate(t, 'admin.engineReadyPlain', { kind, engine: engine.engine });
  return translate(t, 'admin.engineReady', { kind, engine: engine.engine, served });
}
