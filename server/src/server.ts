// Process entry: build the app from the environment, listen, print the address and the demo
// account, and close cleanly (database, Redis, SMTP) on SIGINT/SIGTERM.
import { buildApp } from './app';
import { systemClock } from './clock';
import { checkSharedMedia, loadConfig } from './config';
import { ensureDemoAccount } from './demo-account';
import { healthReport, readinessLines } from './domain/health/health-report';
import { warmUsernameRule } from './domain/session/username';
import { compileDeferredValidators } from './plugins/app/request-validation';

// A deployment that would half-work (jobs taken by instances that cannot read their media) does not start.
try {
  checkSharedMedia();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const config = loadConfig();
const app = await buildApp(config);
const t = app.services.i18n.translatorFor('en-US');

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const forced = setTimeout(() => process.exit(1), 10_000);
  forced.unref();
  try {
    await app.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  app.log.error({ err: error }, 'could not listen');
  process.exit(1);
}

const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
console.log(t('admin.listening', { url: `http://${shownHost}:${port}/` }));
// The contract's request validators compile on a route's first request, and the rest here, a few
// per turn of the event loop so that requests arriving meanwhile are not held up.
setImmediate(() => void compileDeferredValidators().catch(() => undefined));
// Libraries only xlsx and zip answers need are loaded on first use rather than before the server
// answers (bench/server-start.bench.ts). Loading them blocks for a while (833 modules), so they are
// fetched a little after start, when the first requests have been answered, and not on an idle exit.
setTimeout(() => void Promise.all([import('exceljs'), import('archiver')]).catch(() => undefined), 10_000).unref();
// The phone number rule of sign-in (domain/session/username.ts) loads its metadata just after start.
setTimeout(warmUsernameRule, 1_000).unref();
// Which engines can work right now (the same report as GET /prod-api/health), so a missing Debian
// package is seen at start instead of at the first upload.
const { services } = app;
const report = await healthReport({ db: app.db, config, jobs: services.jobs, store: services.mediaStore, engines: services.engines }, t);
for (const line of readinessLines(report, t)) console.log(`  ${line}`);
if (config.demoAccount) {
  // Instances on one PostgreSQL database share the account: only the one that makes it prints a password.
  const demo = await ensureDemoAccount(app.db, systemClock, { password: config.demoPassword, sharedDatabase: config.database.kind === 'postgres' });
  console.log(demo.password === null ? t('admin.demoAccountExists', { email: demo.email }) : t('admin.demoAccount', { email: demo.email, password: demo.password }));
}
