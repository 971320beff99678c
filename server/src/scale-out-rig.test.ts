// Issue 28 §5: the journeys through a real balancer. Three server.ts processes with separate data
// folders behind HAProxy (round robin, no stickiness) on PostgreSQL, Redis and Azurite
// (testing/scale-out-rig.ts). Consecutive requests land on different instances, so every chunked
// upload is spread over them; one instance is killed (SIGKILL) in the middle of an upload and of a
// transcription job (the one whose worker holds it): the upload finishes byte for byte, the job
// completes once, charged once. A live meeting's host and participant sit on different instances
// (X-Parley-Instance), a sandbox payment is credited once, and a dub runs from blocks to download.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAILED_LOGINS_PER_ACCOUNT_PER_HOUR } from '../../src/shared/contract/limits';
import { systemClock } from './clock';
import { createDatabase } from './db/dialect';
import { grantToUserId } from './domain/entitlements/grants';
import { AzureBlobStore } from './storage/blob/azure-blob-store';
import { cue } from './testing/dub-test-kit';
import { makeTestVideo } from './testing/test-video';
import { MEDIA_CONTAINER } from './storage/blob-media-store';
import { azuriteMissing } from './testing/azurite';
import { feed, framesOf, LiveClient, twoSentences } from './testing/live-test-kit';
import { haproxyMissing, RIG_DEMO_PASSWORD, startScaleOutRig, type ScaleOutRig } from './testing/scale-out-rig';
import { postgresUnavailable, tempDataDir } from './testing/test-config';
import { redisUnavailable } from './testing/redis-variant';
import { blockForm, makeToneWav, multipartBody } from './testing/upload-test-kit';

const MB = 1024 * 1024;
const DUBBING_PACK = '5';
const skip = haproxyMissing() ?? azuriteMissing() ?? (await postgresUnavailable()) ?? (await redisUnavailable());
if (skip) console.warn(`scale-out rig skipped: ${skip}`);

const scratch = tempDataDir();
let rig: ScaleOutRig;
let db: pg.Client;
let token = '';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function api(method: string, url: string, body?: unknown, bearer = token): Promise<{ code: number; msg: string; data: any }> {
  const response = await fetch(`${rig.url}/prod-api${url}`, {
    method,
    headers: { ...(bearer ? { authorization: `Bearer ${bearer}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}), 'accept-language': 'en-US' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  try {
    return JSON.parse(text) as { code: number; msg: string; data: any };
  } catch {
    throw new Error(`${method} ${url}: HTTP ${response.status} ${text.slice(0, 300)}`);
  }
}

/** One chunk through the balancer; a 503 (not placed) or a dropped connection is sent again, as the client does. */
async function block(url: string, fields: Parameters<typeof blockForm>[0]): Promise<{ code: number; msg: string; data: any }> {
  const { body, contentType } = multipartBody(blockForm(fields));
  for (let attempt = 1; ; attempt += 1) {
    const answer = await fetch(`${rig.url}${url}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType, 'x-chunk-sha256': sha256(fields.chunk), 'accept-language': 'en-US' },
      body: new Uint8Array(body),
    }).then(
      async (r) => (await r.json()) as { code: number; msg: string; data: any },
      () => ({ code: 599, msg: 'transport', data: null }),
    );
    if ((answer.code !== 503 && answer.code !== 599) || attempt === 4) return answer;
    await new Promise((r) => setTimeout(r, 300 * attempt));
  }
}

async function uploadChunked(bytes: Buffer, name: string, afterPart?: (part: number) => Promise<void>): Promise<any> {
  const init = await api('POST', '/speech/audio/transcribe/uploadInit', { oriFileName: name, fileSize: bytes.length, chunkSize: MB });
  expect(init.code).toBe(200);
  const { uploadId, uploadUrls } = init.data as { uploadId: string; uploadUrls: string[] };
  let last: { code: number; msg: string; data: any } = init;
  for (let part = 1; part <= uploadUrls.length; part += 1) {
    const chunk = bytes.subarray((part - 1) * MB, part * MB);
    last = await block(uploadUrls[part - 1]!, { uploadId, chunk, end: part === uploadUrls.length ? '1' : '0', oriFileName: name, fileSize: bytes.length });
    expect(last.code, `chunk ${part}: ${last.msg}`).toBe(200);
    await afterPart?.(part);
  }
  return last.data[0];
}

/** The stored object's SHA-256, read from the shared container the instances write. */
async function storedSha(recordId: string): Promise<string> {
  const row = await db.query('select object_name from media_files where id = $1', [recordId]);
  const hash = createHash('sha256');
  for await (const piece of await new AzureBlobStore(rig.azureConnectionString).readStream(MEDIA_CONTAINER, row.rows[0].object_name as string)) hash.update(piece as Buffer);
  return hash.digest('hex');
}

async function waitForJob(recordId: string, deadlineMs: number): Promise<string> {
  const until = Date.now() + deadlineMs;
  for (;;) {
    const row = await db.query('select status from jobs where record_id = $1', [recordId]);
    const status = row.rows[0]?.status as string | undefined;
    if (status === 'completed' || status === 'failed' || Date.now() > until) return status ?? 'missing';
    await new Promise((r) => setTimeout(r, 500));
  }
}

const alive = () => rig.instances.filter((instance) => instance.child.exitCode === null && instance.child.signalCode === null);

/** The instance running the record's job (BullMQ's processedBy), once it runs; null if it finished first. */
async function jobHolder(recordId: string, deadlineMs: number): Promise<string | null> {
  const redis = new Redis(rig.redisUrl);
  try {
    const until = Date.now() + deadlineMs;
    while (Date.now() < until) {
      const row = await db.query('select id, status, attempts from jobs where record_id = $1', [recordId]);
      const job = row.rows[0] as { id: string; status: string; attempts: number } | undefined;
      if (job && job.status !== 'pending' && job.status !== 'running') return null;
      if (job?.status === 'running') {
        const holder = await redis.hget(`parley:parley-jobs:${job.id}.${job.attempts - 1}`, 'pb');
        if (holder) return holder;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    return null;
  } finally {
    redis.disconnect();
  }
}

describe.skipIf(skip !== null)('scale-out rig: three instances behind HAProxy', () => {
  beforeAll(async () => {
    rig = await startScaleOutRig(3);
    db = new pg.Client({ connectionString: rig.databaseUrl });
    await db.connect();
    // Signed in here, so each journey also runs alone (`-t`).
    token = (await api('POST', '/auth/c/doLogin', { username: 'demo@parley.local', password: RIG_DEMO_PASSWORD }, '')).data.token as string;
    // Three processes, Azurite and HAProxy: about a minute on an idle 2-core machine, far more when loaded.
  }, 420_000);
  afterAll(async () => {
    await db?.end();
    await rig?.stop();
    fs.rmSync(scratch, { recursive: true, force: true });
  }, 60_000);

  it('signs in with one demo password on every instance; failed sign-ins are counted across them (Redis)', async () => {
    for (let i = 0; i < 3; i += 1) {
      const answer = await api('POST', '/auth/c/doLogin', { username: 'demo@parley.local', password: RIG_DEMO_PASSWORD }, '');
      expect(answer.code, answer.msg).toBe(200);
      token = answer.data.token as string;
    }
    const victim = `rig-${Date.now()}@example.com`;
    for (let i = 0; i < FAILED_LOGINS_PER_ACCOUNT_PER_HOUR; i += 1) {
      expect((await api('POST', '/auth/c/doLogin', { username: victim, password: 'wrong-password1' }, '')).code).not.toBe(429);
    }
    expect((await api('POST', '/auth/c/doLogin', { username: victim, password: 'wrong-password1' }, '')).code).toBe(429);
  }, 60_000);

  it('a live meeting: host and a participant on different instances (X-Parley-Instance) see the same subtitle', async () => {
    const meeting = (await api('POST', '/speech/meeting/create', { name: 'Rig', recognitionLanguages: ['en-US'], translationLanguages: ['es-ES'] })).data;
    const guest = (await api('POST', '/auth/visitorlogin', {}, '')).data.token as string;
    const ws = (who: string, extra: Record<string, string> = {}) =>
      `${rig.url.replace('http', 'ws')}/prod-api/ws/meeting/${meeting.id}?${new URLSearchParams({ token: who, lang: 'en-US', ...extra })}`;
    const host = await LiveClient.open(ws(token));
    await host.waitFor((m) => m.type === 'ready');
    host.send({ type: 'resume', lastSeq: 0 });
    // Round robin sends the next connection elsewhere; should another request have come between, try again.
    let viewer = await LiveClient.open(ws(guest, { name: 'Guest' }));
    for (let tries = 0; viewer.instance === host.instance && tries < 5; tries += 1) {
      viewer.close();
      viewer = await LiveClient.open(ws(guest, { name: 'Guest' }));
    }
    expect(host.instance).toMatch(/^rig-\d$/);
    expect(viewer.instance).toMatch(/^rig-\d$/);
    expect(viewer.instance).not.toBe(host.instance);
    viewer.send({ type: 'resume', lastSeq: 0 });
    host.send({ type: 'control', action: 'start' });
    await host.waitFor((m) => m.type === 'meeting.state' && m.state === 'in_progress');
    const speech = await twoSentences();
    await feed(host, framesOf(speech.samples), 0, 5, 25);
    const final = await viewer.waitFor((m) => m.type === 'subtitle.final' && Boolean(m.text), 90_000);
    expect(String(final.text).length).toBeGreaterThan(0);
    host.close();
    viewer.close();
  }, 150_000);

  it('chunked and block uploads spread over the instances store the exact bytes; an instance killed mid-upload loses nothing', async () => {
    const long = fs.readFileSync(makeToneWav(path.join(scratch, 'long.wav'), 22)); // 4.2 MB: five 1 MB chunks
    const record = await uploadChunked(long, 'long.wav');
    expect(await storedSha(record.id)).toBe(sha256(long));

    const other = fs.readFileSync(makeToneWav(path.join(scratch, 'other.wav'), 22, 44_100));
    const survived = await uploadChunked(other, 'other.wav', async (part) => {
      if (part === 2) await rig.kill(2);
    });
    expect(await storedSha(survived.id)).toBe(sha256(other));
  }, 120_000);

  it('a payment with the sandbox provider set explicitly: paid once through the balancer, the entitlement seen on every instance', async () => {
    const health = (await api('GET', '/health', undefined, '')).data;
    expect(health.payments).toMatchObject({ kind: 'sandbox', sandbox: true });
    const made = await api('POST', '/expense/pay/getQrPay', { source: 1, packageId: 'svip-month', payPrice: 99, payType: 'wxV3Pay', goodsName: 'Rig', description: 'rig' });
    expect(made.code, made.msg).toBe(200);
    const { outTradeNo, weChatQRCode } = made.data as { outTradeNo: string; weChatQRCode: string };
    const checkout = new URL(weChatQRCode);
    // Pay pressed three times in a row: round robin sends the presses to different instances.
    const pressedOn = new Set<string>();
    for (let i = 0; i < 3; i += 1) {
      const pressed = await fetch(`${rig.url}${checkout.pathname}${checkout.search}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'action=pay',
      });
      expect(pressed.status).toBe(200);
      expect(await pressed.text()).toContain('data-status="paid"');
      pressedOn.add(pressed.headers.get('x-parley-instance') ?? '');
    }
    expect(pressedOn.size).toBeGreaterThan(1);
    const purchases = await db.query("select count(*)::int as n from ledger_entries where source_key = $1 and kind = 'purchase'", [`order:${outTradeNo}`]);
    expect(purchases.rows[0].n).toBe(1);
    for (const instance of alive()) {
      const usage = await fetch(`${instance.url}/prod-api/expense/account/queryUsageToday`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: '{}',
      }).then((r) => r.json() as Promise<{ code: number; data: { tier: string } }>);
      expect(usage.code).toBe(200);
      expect(usage.data.tier).toBe('svip');
    }
  }, 60_000);

  it('a dub through the balancer: video blocks spread over the instances, the task dubbed, the dubbed video downloaded', async () => {
    const video = await makeTestVideo(scratch, [{ text: 'good morning everyone', speaker: 0 }, { text: 'thank you very much', speaker: 1 }], { durationMs: 8000, everyMs: 3500, leadMs: 1000 });
    const bytes = fs.readFileSync(video.path);
    const userId = (await db.query("select id from users where email = 'demo@parley.local'")).rows[0].id as string;
    const kysely = createDatabase({ kind: 'postgres', url: rig.databaseUrl });
    await grantToUserId(kysely, systemClock, userId, DUBBING_PACK, 1);
    await kysely.destroy();

    const size = Math.ceil(bytes.length / 3);
    const ids = [0, 1, 2].map((i) => Buffer.from(`chunk-${String(i).padStart(6, '0')}`).toString('base64'));
    let answer: { code: number; msg: string; data: any } | null = null;
    const blockOn = new Set<string>();
    for (const i of [0, 1, 2]) {
      const form = new FormData();
      const fields = { oriFileName: 'talk.mp4', fileSize: String(bytes.length), end: i === 2 ? '1' : '0', blockIds: ids.slice(0, i + 1).join(','), ...(answer ? { blobName: answer.data.blobName as string } : {}) };
      for (const [key, value] of Object.entries(fields)) form.append(key, value);
      form.append('file', new Blob([new Uint8Array(bytes.subarray(i * size, (i + 1) * size))]), 'blob');
      const response = await fetch(`${rig.url}/prod-api/speech/video/transcribe/uploadBlock`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
      blockOn.add(response.headers.get('x-parley-instance') ?? '');
      answer = (await response.json()) as { code: number; msg: string; data: any };
      expect(answer.code, answer.msg).toBe(200);
    }
    expect(blockOn.size).toBeGreaterThan(1);
    const registered = await api('POST', '/speech/video/transcribe/upload', { url: answer!.data.url, oriFileName: 'talk.mp4' });
    expect(registered.code, registered.msg).toBe(200);
    const taskId = registered.data.id as string;

    const srt = Buffer.concat([cue(1, '00:00:01,000', '00:00:03,000', Buffer.from('buenos días'), Buffer.from('good morning')), cue(2, '00:00:04,500', '00:00:06,500', Buffer.from('gracias'), Buffer.from('thank you'))]);
    const srtForm = new FormData();
    srtForm.append('file', new Blob([new Uint8Array(srt)]), 'talk.srt');
    const attached = (await (await fetch(`${rig.url}/prod-api/file/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: srtForm })).json()) as { code: number; msg: string; data: { url: string } };
    expect(attached.code, attached.msg).toBe(200);
    const started = await api('POST', '/speech/video/transcribe/transwrite', { ids: [taskId], audioLanguage: 'es-ES', translationLanguage: 'en-US', srtFileType: 3, srtUrl: attached.data.url, maxSpeakers: 2, showName: 'Rig dub' });
    expect(started.code, started.msg).toBe(200);

    const until = Date.now() + 240_000;
    let task: any;
    do {
      await new Promise((r) => setTimeout(r, 1000));
      task = (await api('GET', `/speech/video/transcribe/getFileByTaskId?taskId=${taskId}`)).data;
    } while (task.state !== 'dubbed' && task.state !== 'failed' && Date.now() < until);
    expect(task.state, task.errorMessage).toBe('dubbed');
    // The dubbed video, written by whichever instance ran the job, read through the balancer.
    for (let i = 0; i < 2; i += 1) {
      const media = await fetch(`${rig.url}/prod-api/speech/video/transcribe/media?id=${taskId}&kind=dubbedVideo`, { headers: { authorization: `Bearer ${token}` } });
      expect(media.status).toBe(200);
      expect((await media.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    }
    const charges = await db.query("select count(*)::int as n from ledger_entries where record_id = $1 and kind = 'consumption'", [taskId]);
    expect(charges.rows[0].n).toBe(1);
  }, 330_000);

  // When the killed instance held the job, its row stayed 'running': BullMQ handed the stalled job to a survivor,
  // whose claim wanted a pending row and dropped it. Survivors now take the running row over (jobs/bullmq-recovery.ts).
  it('transcribes through the balancer; a job whose instance dies completes once and is charged once', async () => {
    // Long enough that the job is still running when the instance running it is found and killed.
    const audio = fs.readFileSync(makeToneWav(path.join(scratch, 'job.wav'), 40, 16_000, 1));
    const whole = await block('/prod-api/speech/audio/transcribe/uploadBlock', { chunk: audio, end: '1', oriFileName: 'job.wav', fileSize: audio.length });
    expect(whole.code, whole.msg).toBe(200);
    const recordId = whole.data[0].id as string;
    expect((await api('POST', '/speech/audio/transcribe/transwrite', { ids: [recordId], showName: 'Rig', audioLanguage: 'en-US' })).code).toBe(200);
    // The instance whose worker took the job (BullMQ keeps its name) is the one killed.
    const holder = await jobHolder(recordId, 60_000);
    expect(holder, 'the job finished before its instance could be killed').toMatch(/^rig-\d$/);
    await rig.kill(Number(holder!.slice(4)) - 1);
    expect(await waitForJob(recordId, 150_000)).toBe('completed');
    const record = await db.query('select state from records where id = $1', [recordId]);
    expect(record.rows[0].state).toBe('transcription_completed');
    const charges = await db.query("select count(*)::int as n from ledger_entries where record_id = $1 and kind = 'consumption'", [recordId]);
    expect(charges.rows[0].n).toBeLessThanOrEqual(1);
  }, 200_000);
});
