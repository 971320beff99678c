import { randomUUID } from 'node:crypto';
import SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './server/src/app';
import { systemClock } from './server/src/clock';
import { issueToken } from './server/src/domain/session/tokens';
import { createUser } from './server/src/domain/session/users';
import { grantToUserId } from './server/src/domain/entitlements/grants';
import { appendEntry } from './server/src/domain/entitlements/ledger';
import { loadEngineConfig } from './server/src/engines/config';
import { sqliteTestConfig } from './server/src/testing/test-config';
const HISTORY_ROWS = 300;
interface Side { app: FastifyInstance; token: string; userId: string }
let log: string[] | null = null;
const orig = (SQLite as any).prototype.prepare;
(SQLite as any).prototype.prepare = function (sql: string, ...rest: unknown[]) { log?.push(sql.slice(0, 160)); return orig.call(this, sql, ...rest); };
async function side(billing: boolean): Promise<Side> {
  // Remote engines nobody answers: the engine check passes; the queued jobs fail off the clock.
  const engines = loadEngineConfig({ ASR_URL: 'http://127.0.0.1:9/', TRANSLATE_URL: 'http://127.0.0.1:9/' });
  const app = await buildApp(sqliteTestConfig({ logLevel: 'silent', billing, engines }));
  const user = await createUser(app.db, systemClock, { kind: 'email', value: `bench-${billing}@bench.local` }, 'secret123');
  if (billing) {
    await grantToUserId(app.db, systemClock, user.id, '1', 365);
    await grantToUserId(app.db, systemClock, user.id, '3', 10_000);
    // A used account: past charges and refunds the derivation reads on every check.
    for (let i = 0; i < HISTORY_ROWS; i++) {
      await appendEntry(app.db, { userId: user.id, account: 'duration', kind: i % 3 === 2 ? 'refund' : 'consumption', sourceKey: i % 3 === 2 ? `refund:h${i - 1}` : `h${i}`, seconds: i % 3 === 2 ? 60 : -60, allowanceSeconds: 0, usage: 'upload', usageDay: '2025-01-01', createdAt: new Date(Date.UTC(2025, 0, 1) + i * 1000).toISOString() });
    }
  }
  return { app, token: await issueToken(app.db, systemClock, user.id), userId: user.id };
}
async function mediaRow(s: Side): Promise<string> {
  const id = randomUUID();
  await s.app.db
    .insertInto('media_files')
    .values({ id, user_id: s.userId, object_name: `${s.userId}/${id}.wav`, ori_file_name: 'a.wav', size_bytes: 1_000, duration_ms: 60_000, format_name: 'wav', has_video: 0, folder_id: null, submitted_at: null, created_at: new Date().toISOString() })
    .execute();
  return id;
}
const on = await side(true); const off = await side(false);
for (const [name, s] of [['on', on], ['off', off]] as const) {
  const times: number[] = [];
  for (let i = 0; i < 60; i++) {
    const id = await mediaRow(s);
    if (i === 59) log = [];
    const t = performance.now();
    const r = await s.app.inject({ method: 'POST', url: '/prod-api/speech/audio/transcribe/transwrite', payload: { ids: [id], showName: 'Bench', audioLanguage: 'en-US' }, headers: { authorization: `Bearer ${s.token}` } });
    times.push(performance.now() - t);
    if (i === 59) { console.log(name, r.body.slice(0, 80)); console.log(log!.join('\n')); log = null; }
    await s.app.services.jobs.whenIdle();
  }
  console.log(name, 'median', times.slice(20).sort((a, b) => a - b)[20]);
}
process.exit(0);
