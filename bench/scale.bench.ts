// Scale-out (issue 28): the rig of server/src/testing/scale-out-rig.ts (three server.ts processes
// behind HAProxy on PostgreSQL, Redis and Azurite). Each figure is a ratio measured in the same run:
// chunked upload throughput through the balancer (chunks spread over three instances) against the
// same upload sent to one instance directly; live fan-out: for each of several finals, how long after
// the first viewer each of N viewers (spread over the instances by the balancer) has it, p50/p99,
// with where that time went (the instances' LIVE_FANOUT_TIMING lines, CPU per frame);
// transcription jobs per minute with three workers against one (two instances stopped). The machine
// has 2 cores: three workers cannot do more than about two cores' worth of recognition.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { LIVE_AUDIO_FRAME_MS } from '../src/shared/contract/limits';
import { readSamples, silence, speak, makeTempDir } from '../server/src/engines/test-audio';
import { fanoutTimingsIn } from '../server/src/live/fanout-timing-line';
import { concatSamples, feed, framesOf, LiveClient } from '../server/src/testing/live-test-kit';
import { RIG_DEMO_PASSWORD, startScaleOutRig, type ScaleOutRig } from '../server/src/testing/scale-out-rig';
import { blockForm, makeToneWav, multipartBody } from '../server/src/testing/upload-test-kit';
import { fanoutFigures, formatFanoutFigures, type Arrivals, type FanoutFigures } from './support/fanout-figures';
import { processCpuSeconds } from './support/cpu-time';
import { FanoutViewer } from './support/fanout-viewer';

const MB = 1024 * 1024;
const CHUNK = 10 * MB;
const VIEWERS = Number(process.env.SCALE_BENCH_VIEWERS ?? 300);
const JOBS = 6;
const FAST_FEED = process.env.SCALE_BENCH_FEED === 'fast';
/** SCALE_BENCH_ONLY=fanout: the live fan-out alone (no upload or jobs figures). */
const ONLY_FANOUT = process.env.SCALE_BENCH_ONLY === 'fanout';
const FANOUT_SENTENCES = [
  'hello everyone and welcome to the meeting',
  'the weather is good today',
  'we will look at the numbers first',
  'then each team gives a short update',
  'please keep your questions for the end',
  'thank you all for coming',
];

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

/** Spoken sentences with 1.5 s of silence between them: each one a final (one measured event). */
async function sentences(texts: readonly string[]): Promise<Int16Array> {
  const dir = await makeTempDir();
  const parts: Int16Array[] = [silence(500)];
  for (const [i, text] of texts.entries()) parts.push(await readSamples(await speak(dir, `s${i}`, text, { speed: 140 })), silence(1500));
  return concatSamples(parts);
}

/** The first final with text of each segment a viewer read: seq → arrival (epoch ms). */
function firstFinals(viewer: FanoutViewer): Arrivals {
  const seen = new Set<string>();
  const arrivals: Arrivals = new Map();
  for (const { at, raw } of viewer.finals) {
    const final = JSON.parse(raw.toString('utf8')) as { seq: number; segmentId: string; text: string };
    if (!final.text || seen.has(final.segmentId)) continue;
    seen.add(final.segmentId);
    arrivals.set(final.seq, at);
  }
  return arrivals;
}

async function until(done: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * The host speaks FANOUT_SENTENCES in real time (a live meeting; SCALE_BENCH_FEED=fast feeds 200×
 * faster, the recogniser then taking a core while the finals fan out); every first final with text is
 * one event, timed at each of VIEWERS light viewers (bench/support/fanout-viewer.ts) spread over the
 * instances by the balancer, and at each instance by its LIVE_FANOUT_TIMING lines.
 */
interface FanoutCpu {
  frames: number;
  readerUsPerFrame: number;
  balancerUsPerFrame: number;
}

async function fanOut(rig: ScaleOutRig, token: string): Promise<{ figures: FanoutFigures; cpu: FanoutCpu }> {
  const meeting = (await post(rig.url, token, '/speech/meeting/create', { name: 'Bench', recognitionLanguages: ['en-US'], translationLanguages: ['es-ES'] })).data;
  const ws = (who: string, extra: Record<string, string> = {}) =>
    `${rig.url.replace('http', 'ws')}/prod-api/ws/meeting/${meeting.id}?${new URLSearchParams({ token: who, lang: 'en-US', ...extra })}`;
  const host = await LiveClient.open(ws(token));
  await host.waitFor((m) => m.type === 'ready');
  host.send({ type: 'resume', lastSeq: 0 });
  // A few visitors, each on many connections: the fan-out is per connection.
  const guests = await Promise.all(Array.from({ length: 10 }, async () => (await post(rig.url, '', '/auth/visitorlogin', {})).data.token as string));
  const viewers: FanoutViewer[] = [];
  for (let i = 0; i < VIEWERS; i += 50) {
    viewers.push(...(await Promise.all(Array.from({ length: Math.min(50, VIEWERS - i) }, (_, k) => FanoutViewer.open(ws(guests[(i + k) % guests.length]!, { name: `V${i + k}` }))))));
  }
  for (const viewer of viewers) viewer.send({ type: 'resume', lastSeq: 0 });
  // Every viewer attached (its resume answered) before the first word: none misses a final.
  await Promise.all(viewers.map((viewer) => viewer.attached));
  host.send({ type: 'control', action: 'start' });
  await host.waitFor((m) => m.type === 'meeting.state' && m.state === 'in_progress');
  const speech = await sentences(FANOUT_SENTENCES);
  // CPU of the balancer and of this (reading) process while the finals fan out, per frame the viewers read.
  const framesRead = () => viewers.reduce((sum, viewer) => sum + viewer.frames, 0);
  const [framesBefore, readerBefore, balancerBefore] = [framesRead(), process.cpuUsage(), processCpuSeconds(rig.balancerPid)];
  if (FAST_FEED) await feed(host, framesOf(speech), 0, 5, 25);
  else await feed(host, framesOf(speech), 0, 5 * LIVE_AUDIO_FRAME_MS, 5);
  // Done when the stream is quiet: the host's last final 3 s old and every viewer holding as many finals.
  const hostFinals = () => host.messages.filter((m) => m.type === 'subtitle.final').length;
  let seen = -1;
  let quietSince = Date.now();
  await until(
    () => {
      const count = hostFinals();
      if (count !== seen) [seen, quietSince] = [count, Date.now()];
      return Date.now() - quietSince > 3000 && viewers.every((viewer) => viewer.finals.length >= count);
    },
    120_000,
    'every viewer to have every final',
  );
  const frames = framesRead() - framesBefore;
  const reader = process.cpuUsage(readerBefore);
  const cpu = {
    frames,
    readerUsPerFrame: (reader.user + reader.system) / frames,
    balancerUsPerFrame: ((processCpuSeconds(rig.balancerPid) - balancerBefore) * 1e6) / frames,
  };
  for (const client of [host, ...viewers]) client.close();
  const arrivals = viewers.map(firstFinals);
  const events = [...arrivals[0]!.keys()];
  if (!events.length) throw new Error('no final with text reached the viewers');
  const timings = rig.instances.flatMap((instance) => fanoutTimingsIn(instance.output()));
  return { figures: fanoutFigures(events, arrivals, timings), cpu };
}

/**
 * What one final costs in CPU on this machine, all of which must be spent before its last viewer has
 * it: the instances' write loops (their timing lines), the balancer relaying a frame per viewer and
 * this process reading one per viewer (both per frame over the run). Spread over the cores, that is
 * about the least spread any schedule can reach (under the load measured, which inflates CPU too).
 */
function cpuBound(figures: FanoutFigures, cpu: FanoutCpu): string {
  const writes = figures.events.map((e) => e.instances.reduce((sum, i) => sum + i.cpuMs, 0)).sort((a, b) => a - b);
  const write = writes[Math.floor(writes.length / 2)]!;
  const balancer = (cpu.balancerUsPerFrame * VIEWERS) / 1000;
  const reader = (cpu.readerUsPerFrame * VIEWERS) / 1000;
  const total = write + balancer + reader;
  const cores = os.cpus().length;
  return `  CPU per final to ${VIEWERS} viewers: instances' write loops ${write.toFixed(0)} ms (median over finals) + HAProxy ${balancer.toFixed(0)} ms (${cpu.balancerUsPerFrame.toFixed(1)} µs a frame) + this reader ${reader.toFixed(0)} ms (${cpu.readerUsPerFrame.toFixed(1)} µs a frame, ${cpu.frames} frames read) = ${total.toFixed(0)} ms: on ${cores} cores about ${(total / cores).toFixed(0)} ms at the least between the first viewer and the last`;
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

export const scaleBench = {
  title: `scale-out: three instances behind HAProxy (PostgreSQL, Redis, Azurite) — upload throughput, live fan-out to ${VIEWERS} viewers, jobs per minute`,
  async run(): Promise<string[]> {
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-scale-bench-'));
    // Each instance writes a timing line per stream message it hands to its sockets (where the fan-out time goes).
    const rig = await startScaleOutRig(3, { LIVE_FANOUT_TIMING: '1' });
    const db = new pg.Client({ connectionString: rig.databaseUrl });
    await db.connect();
    try {
      const token = (await post(rig.url, '', '/auth/c/doLogin', { username: 'demo@parley.local', password: RIG_DEMO_PASSWORD })).data.token as string;
      const lines: string[] = [];
      if (!ONLY_FANOUT) {
        const file = fs.readFileSync(makeToneWav(path.join(scratch, 'upload.wav'), 210)); // 40 MB: four 10 MB chunks
        const spread = await timedUpload(rig.url, token, file);
        const single = await timedUpload(rig.instances[0]!.url, token, file);
        lines.push(
          `chunked upload ${(file.length / MB).toFixed(0)} MB: balancer over 3 instances ${(file.length / MB / spread).toFixed(1)} MB/s, one instance ${(file.length / MB / single).toFixed(1)} MB/s, ratio ${(single / spread).toFixed(2)} (aim ≥ 0.9)`,
        );
      }
      const { figures, cpu } = await fanOut(rig, token);
      lines.push(
        `live fan-out to ${VIEWERS} viewers over 3 instances, ${figures.events.length} finals spoken ${FAST_FEED ? '200× faster than real time (SCALE_BENCH_FEED=fast)' : 'in real time'}: per final, each viewer's arrival after the first viewer's, p50 ${figures.spreadP50.toFixed(0)} ms, p99 ${figures.spreadP99.toFixed(0)} ms (aim p99 < 50 ms); load ${os.loadavg()[0]!.toFixed(2)}`,
        ...formatFanoutFigures(figures),
        cpuBound(figures, cpu),
      );
      if (ONLY_FANOUT) return lines;
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
