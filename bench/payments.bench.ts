// Part 2 of `npm run bench -- payments` (issue 11): what the entitlement check adds to transwrite
// and meeting create. The same calls go to two apps, one with billing on (an SVIP user with a
// duration pack and a few hundred ledger rows of history) and one with BILLING=off, interleaved
// sample by sample so machine noise falls on both alike; the ratio of medians is the check's cost.
// Part 1 (sandbox Pay press to the dialog's paid state through the client's poll) is pay-to-paid.bench.ts.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/src/app';
import { systemClock } from '../server/src/clock';
import { issueToken } from '../server/src/domain/session/tokens';
import { createUser } from '../server/src/domain/session/users';
import { grantToUserId } from '../server/src/domain/entitlements/grants';
import { appendEntry } from '../server/src/domain/entitlements/ledger';
import { loadEngineConfig } from '../server/src/engines/config';
import { sqliteTestConfig } from '../server/src/testing/test-config';
import { payToPaidLines } from './pay-to-paid.bench';

const ITERATIONS = 150;
const WARMUP = 20;
const HISTORY_ROWS = 300;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface Side {
  app: FastifyInstance;
  token: string;
  userId: string;
}

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

/**
 * Wall time of one call, and the process's CPU time over it: on a machine shared with other work
 * the second is far less disturbed by it (nothing else runs in this process; as in search.bench.ts).
 */
async function timed(s: Side, url: string, payload: unknown): Promise<[number, number]> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const response = await s.app.inject({ method: 'POST', url, payload: payload as object, headers: { authorization: `Bearer ${s.token}` } });
  const elapsed = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const code = (JSON.parse(response.body) as { code: number }).code;
  if (code !== 200) throw new Error(`${url}: ${response.body.slice(0, 200)}`);
  return [elapsed, (used.user + used.system) / 1000];
}

export const paymentsBench = {
  title: `sandbox Pay to the dialog's paid state; entitlement check on transwrite and meeting create: billing on vs BILLING=off (median of ${ITERATIONS}, interleaved)`,
  async run(): Promise<string[]> {
    const payLines = await payToPaidLines();
    const on = await side(true);
    const off = await side(false);
    try {
      const onOff = () => ({ on: [] as number[], off: [] as number[] });
      const samples = { transwrite: onOff(), meeting: onOff() };
      const cpu = { transwrite: onOff(), meeting: onOff() };
      for (let i = 0; i < WARMUP + ITERATIONS; i++) {
        for (const [name, s] of [['on', on], ['off', off]] as const) {
          const id = await mediaRow(s);
          const [upload, uploadCpu] = await timed(s, '/prod-api/speech/audio/transcribe/transwrite', { ids: [id], showName: 'Bench', audioLanguage: 'en-US' });
          // The queued job runs (and fails) before the next sample, not during one.
          await s.app.services.jobs.whenIdle();
          const [meeting, meetingCpu] = await timed(s, '/prod-api/speech/meeting/create', { recognitionLanguages: ['en-US'], translationLanguages: ['es-ES'] });
          if (i >= WARMUP) {
            samples.transwrite[name].push(upload);
            samples.meeting[name].push(meeting);
            cpu.transwrite[name].push(uploadCpu);
            cpu.meeting[name].push(meetingCpu);
          }
        }
      }
      const line = (label: string, pair: { on: number[]; off: number[] }) => {
        const [a, b] = [median(pair.on), median(pair.off)];
        return `${label}: billing on ${a.toFixed(2)} ms, BILLING=off ${b.toFixed(2)} ms, ratio ${(a / b).toFixed(2)} (aim ≤ 1.1)`;
      };
      const cpuLine = (label: string, pair: { on: number[]; off: number[] }) => {
        const [a, b] = [median(pair.on), median(pair.off)];
        return `${label} CPU time: billing on ${a.toFixed(2)} ms, BILLING=off ${b.toFixed(2)} ms, ratio ${(a / b).toFixed(2)}`;
      };
      return [
        ...payLines,
        line('transwrite', samples.transwrite),
        line('meeting create', samples.meeting),
        cpuLine('transwrite', cpu.transwrite),
        cpuLine('meeting create', cpu.meeting),
        `ledger history of the billed user: ${HISTORY_ROWS} rows + grants`,
      ];
    } finally {
      for (const s of [on, off]) {
        const dir = s.app.services.config.dataDir;
        await s.app.close();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }
  },
};
