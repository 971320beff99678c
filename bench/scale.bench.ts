// Scale-out (issue 28): the rig of server/src/testing/scale-out-rig.ts (three server.ts processes
// behind HAProxy on PostgreSQL, Redis and Azurite). Each figure is a ratio measured in the same run:
// chunked upload throughput through the balancer (chunks spread over three instances) against the
// same upload sent to one instance directly; live fan-out: how long after the first viewer the last
// of N viewers (spread over the instances by the balancer) has the same final subtitle, p50/p99;
// transcription jobs per minute with three workers against one (two instances stopped). The machine
// has 2 cores: three workers cannot do more than about two cores' worth of recognition.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { feed, framesOf, LiveClient, twoSentences } from '../server/src/testing/live-test-kit';
import { RIG_DEMO_PASSWORD, startScaleOutRig, type ScaleOutRig } from '../server/src/testing/scale-out-rig';
import { blockForm, makeToneWav, multipartBody } from '../server/src/testing/upload-test-kit';

const MB = 1024 * 1024;
const CHUNK = 10 * MB;
const VIEWERS = Number(process.env.SCALE_BENCH_VIEWERS ?? 300);
const JOBS = 6;

type Answer = { code: number; msg: string; data: any };

async function post(base: string, token: string, url: string, body: unknown, attempt = 1): Promise<Answer> {
  const response = await fetch(`${base}/prod-api${url}`, {
    method: 'POST',
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  // HAProxy's own 503 page (not JSON) when it sent the request to an instance just killed: sent again, as a client would.
  if (response.status === 503 && attempt < 40 && !response.headers.get('content-type')?.includes('json')) {
    await response.arrayBuffer();
    await new Promise((r) => setTimeout(r, 250));
    return post(base, token, url, body, attempt + 1);
  }
  return (await response.json()) as Answer;
}

async function block(base: string, token: string, url: string, fields: Parameters<typeof blockForm>[0]): Promise<Answer> {
  const { body, contentType } = multipartBody(blockForm(fields));
  for (let attempt = 1; ; attempt += 1) {
    const sum = createHash('sha256').update(fields.chunk).digest('hex');
    const response = await fetch(`${base}${url}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': contentType, 'x-chunk-sha256': sum }, body: new Uint8Array(body) });
    const answer = (await response.json()) as Answer;
    if (answer.code !== 503 || attempt === 4) return answer;
  }
}

/** Seconds to send `bytes` through the chunk protocol to `base`, end included. */
async function timedUpload(base: string, token: string, bytes: Buffer): Promise<number> {
  const started = performance.now();
  const init = await post(base, token, '/speech/audio/transcribe/uploadInit', { oriFileName: 'bench.wav', fileSize: bytes.length, chunkSize: CHUNK });
  const urls = init.data.uploadUrls as string[];
  for (let part = 1; part <= urls.length; part += 1) {
    const chunk = bytes.subarray((part - 1) * CHUNK, part * CHUNK);
    const answer = await block(base, token, urls[part - 1]!, { uploadId: init.data.uploadId, chunk, end: part === urls.length ? '1' : '0', oriFileName: 'bench.wav', fileSize: bytes.length });
    if (answer.code !== 200) throw new Error(`chunk ${part}: ${answer.msg}`);
  }
  return (performance.now() - started) / 1000;
}

async function fanOut(rig: ScaleOutRig, token: string): Promise<number[]> {
  const meeting = (await post(rig.url, token, '/speech/meeting/create', { name: 'Bench', recognitionLanguages: ['en-US'], translationLanguages: ['es-ES'] })).data;
  const ws = (who: string, extra: Record<string, string> = {}) =>
    `${rig.url.replace('http', 'ws')}/prod-api/ws/meeting/${meeting.id}?${new URLSearchParams({ token: who, lang: 'en-US', ...extra })}`;
  const host = await LiveClient.open(ws(token));
  await host.waitFor((m) => m.type === 'ready');
  host.send({ type: 'resume', lastSeq: 0 });
  // A few visitors, each on many connections: the fan-out is per connection.
  const guests = await Promise.all(Array.from({ length: 10 }, async () => (await post(rig.url, '', '/auth/visitorlogin', {})).data.token as string));
  const viewers: LiveClient[] = [];
  for (let i = 0; i < VIEWERS; i += 50) {
    viewers.push(...(await Promise.all(Array.from({ length: Math.min(50, VIEWERS - i) }, (_, k) => LiveClient.open(ws(guests[(i + k) % guests.length]!, { name: `V${i + k}` }))))));
  }
  const arrivals: number[] = [];
  const waits = viewers.map((viewer) => {
    viewer.send({ type: 'resume', lastSeq: 0 });
    return viewer.waitFor((m) => m.type === 'subtitle.final' && Boolean(m.text), 120_000).then(() => arrivals.push(performance.now()));
  });
  host.send({ type: 'control', action: 'start' });
  await host.waitFor((m) => m.type === 'meeting.state' && m.state === 'in_progress');
  const speech = await twoSentences();
  await feed(host, framesOf(speech.samples), 0, 5, 25);
  await Promise.all(waits);
  for (const client of [host, ...viewers]) client.close();
  const first = Math.min(...arrivals);
  return arrivals.map((at) => at - first).sort((a, b) => a - b);
}

async function jobsPerMinute(base: string, token: string, db: pg.Client, audio: Buffer): Promise<number> {
  const ids: string[] = [];
  for (let i = 0; i < JOBS; i += 1) {
    const answer = await block(base, token, '/prod-api/speech/audio/transcribe/uploadBlock', { chunk: audio, end: '1', oriFileName: `job${i}.wav`, fileSize: audio.length });
    ids.push(answer.data[0].id as string);
  }
  const started = performance.now();
  await Promise.all(ids.map((id, i) => post(base, token, '/speech/audio/transcribe/transwrite', { ids: [id], showName: `Job ${i}`, audioLanguage: 'en-US' })));
  for (;;) {
    const done = await db.query("select count(*)::int as n from jobs where record_id = any($1) and status in ('completed', 'failed')", [ids]);
    if (done.rows[0].n === JOBS) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return JOBS / ((performance.now() - started) / 60_000);
}

/**
 * Until HAProxy's health checks mark killed instances down it still routes to them and answers its
 * own 503 page (not JSON): wait for six answers in a row (two rounds over three servers) from live ones.
 */
async function balancerSettled(base: string): Promise<void> {
  for (let ok = 0; ok < 6; ) {
    const response = await fetch(`${base}/prod-api/health`).catch(() => null);
    ok = response?.ok ? ok + 1 : 0;
    await response?.arrayBuffer();
    if (ok === 0) await new Promise((r) => setTimeout(r, 250));
  }
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

export const scaleBench = {
  title: `scale-out: three instances behind HAProxy (PostgreSQL, Redis, Azurite) — upload throughput, live fan-out to ${VIEWERS} viewers, jobs per minute`,
  async run(): Promise<string[]> {
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-scale-bench-'));
    const rig = await startScaleOutRig(3);
    const db = new pg.Client({ connectionString: rig.databaseUrl });
    await db.connect();
    try {
      const token = (await post(rig.url, '', '/auth/c/doLogin', { username: 'demo@parley.local', password: RIG_DEMO_PASSWORD })).data.token as string;
      const file = fs.readFileSync(makeToneWav(path.join(scratch, 'upload.wav'), 210)); // 40 MB: four 10 MB chunks
      const spread = await timedUpload(rig.url, token, file);
      const single = await timedUpload(rig.instances[0]!.url, token, file);
      const lines = [
        `chunked upload ${(file.length / MB).toFixed(0)} MB: balancer over 3 instances ${(file.length / MB / spread).toFixed(1)} MB/s, one instance ${(file.length / MB / single).toFixed(1)} MB/s, ratio ${(single / spread).toFixed(2)} (aim ≥ 0.9)`,
      ];
      const delays = await fanOut(rig, token);
      lines.push(`live fan-out to ${delays.length} viewers over 3 instances: last viewer after the first p50 ${pct(delays, 50).toFixed(0)} ms, p99 ${pct(delays, 99).toFixed(0)} ms (aim p99 < 50 ms)`);
      const audio = fs.readFileSync(makeToneWav(path.join(scratch, 'job.wav'), 5, 16_000, 1));
      const three = await jobsPerMinute(rig.url, token, db, audio);
      await rig.kill(1);
      await rig.kill(2);
      await balancerSettled(rig.url);
      const one = await jobsPerMinute(rig.url, token, db, audio);
      lines.push(`transcription jobs per minute: 3 workers ${three.toFixed(1)}, 1 worker ${one.toFixed(1)}, ratio ${(three / one).toFixed(2)} (CPU bound: ${os.cpus().length} cores shared by every process)`);
      return lines;
    } finally {
      await db.end();
      await rig.stop();
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  },
};
