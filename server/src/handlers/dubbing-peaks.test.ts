// dubbingPeaks on real media (issue 13 §1, §7): an mp4 made by ffmpeg with a tone that sounds in
// [0,1), [2,3), [4,5) s and silence in between, and a dubbed WAV whose tone sits in the gaps. The
// peaks are high where the tone is and ~0 in the gaps at the right times, at every level; a window
// is the slice of the level; a burst of first requests decodes once; a recommitted blob or a new
// iteration is recomputed; another user's task answers the record's not-found. Payload bytes per
// hour per level are printed.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../clock';
import { dubOutputPrefix, type DubOutputs } from '../domain/dubbing/outputs';
import { peaksCacheFor } from '../domain/dubbing/peaks/peaks-cache';
import { seedDubTask } from '../testing/dubbing-test-task';
import { containerOf } from '../domain/storage/blob-store.port';
import { call } from '../testing/inject';
import { startTestServer, type TestServer } from '../testing/start-test-server';
import { createTestUsers } from '../testing/test-users';

const fixtures = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-dub-peaks-'));
/** Tone (0.8 full scale, 440 Hz) while `on(t)` holds, silence otherwise, 6 s. */
function makeMedia(name: string, on: string, video: boolean): Buffer {
  const file = path.join(fixtures, name);
  const audio = ['-f', 'lavfi', '-i', `aevalsrc='0.8*sin(2*PI*440*t)*(${on})':s=44100:d=6`];
  const args = video
    ? ['-f', 'lavfi', '-i', 'testsrc=s=64x48:r=25:d=6', ...audio, '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-b:a', '128k', '-shortest']
    : [...audio, '-c:a', 'pcm_s16le'];
  execFileSync('ffmpeg', ['-v', 'error', '-y', ...args, file]);
  return fs.readFileSync(file);
}

let server: TestServer;
const users: Record<'alice' | 'bob', { id: string; token: string }> = {} as never;
let sourceVideo: Buffer;
let dubbedAudio: Buffer;
let otherDubbedAudio: Buffer;

async function putBlob(userId: string, blob: string, bytes: Buffer): Promise<void> {
  const store = server.app.services.blobStore;
  const container = containerOf(userId);
  const ids: string[] = [];
  const size = 64 * 1024;
  for (let i = 0; i * size < bytes.length; i++) {
    const id = Buffer.from(`block-${String(i).padStart(6, '0')}`).toString('base64');
    await store.putBlock(container, blob, id, Readable.from([bytes.subarray(i * size, (i + 1) * size)]), size);
    ids.push(id);
  }
  await store.commitBlockList(container, blob, ids);
}

/** A dubbing task of `who` for an uploaded video, with a first dubbed iteration in es-ES when `dubbed`. */
async function seedTask(who: keyof typeof users, options: { dubbed?: Buffer } = {}): Promise<string> {
  const userId = users[who].id;
  const blob = `${randomUUID().slice(0, 8)}-talk.mp4`;
  await putBlob(userId, blob, sourceVideo);
  const { taskId } = await seedDubTask(server.app.db, systemClock, {
    userId,
    showName: 'talk',
    videoDurationMs: 6000,
    audioLanguage: 'en-US',
    translationLanguage: 'es-ES',
    state: options.dubbed ? 'dubbed' : 'translated',
    file: { container: containerOf(userId), blobName: blob, sizeBytes: sourceVideo.length },
    speakers: [],
    lines: [],
  });
  if (options.dubbed) await addIteration(who, taskId, 1, options.dubbed);
  return taskId;
}

async function addIteration(who: keyof typeof users, taskId: string, number: number, audio: Buffer): Promise<string> {
  const prefix = dubOutputPrefix(taskId, 'es-ES', number);
  const outputs: DubOutputs = {
    video: `${prefix}/video.mp4`,
    dubbedAudio: `${prefix}/dubbed-audio.wav`,
    dubbedSpeech: `${prefix}/dubbed-speech.wav`,
    perSpeaker: [],
    srt: { source: `${prefix}/source.srt`, translation: `${prefix}/translation.srt`, bilingual: `${prefix}/bilingual.srt` },
  };
  await putBlob(users[who].id, outputs.dubbedAudio, audio);
  const now = new Date().toISOString();
  await server.app.db
    .insertInto('dub_iterations')
    .values({ id: randomUUID(), task_id: taskId, number, lang: 'es-ES', state: 'dubbed', charged_seconds: 0, error_key: null, outputs: JSON.stringify(outputs), created_at: now, updated_at: now })
    .execute();
  return outputs.dubbedAudio;
}

interface Peaks {
  durationMs: number;
  track: string;
  pointsPerSecond: number;
  levels: number[];
  fromMs: number;
  toMs: number;
  peaks: string;
}

async function peaksOf(who: keyof typeof users, query: Record<string, string | number>, lang = 'en-US') {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return call(server.app, 'GET', `/speech/video/transcribe/peaks?${search}`, { token: users[who].token, lang });
}

async function okPeaks(who: keyof typeof users, query: Record<string, string | number>): Promise<Peaks & { values: Int8Array }> {
  const answer = await peaksOf(who, query);
  expect(answer.msg).toBe('Success');
  expect(answer.code).toBe(200);
  const bytes = Buffer.from(answer.data.peaks as string, 'base64');
  return { ...(answer.data as Peaks), values: new Int8Array(bytes.buffer, bytes.byteOffset, bytes.length) };
}

/** Largest |value| of the points covering [fromMs, toMs). */
function loudness(p: { values: Int8Array; pointsPerSecond: number; fromMs: number }, fromMs: number, toMs: number): number {
  const first = Math.floor(((fromMs - p.fromMs) * p.pointsPerSecond) / 1000);
  const end = Math.ceil(((toMs - p.fromMs) * p.pointsPerSecond) / 1000);
  let loudest = 0;
  for (let i = first; i < end; i++) loudest = Math.max(loudest, Math.abs(p.values[2 * i]!), Math.abs(p.values[2 * i + 1]!));
  return loudest;
}

beforeAll(async () => {
  sourceVideo = makeMedia('source.mp4', 'lt(mod(t,2),1)', true);
  dubbedAudio = makeMedia('dubbed.wav', 'gte(mod(t,2),1)', false);
  otherDubbedAudio = makeMedia('dubbed-2.wav', 'lt(t,3)', false);
  server = await startTestServer();
  Object.assign(users, await createTestUsers(server.app.db, ['alice', 'bob'] as const));
}, 60_000);
afterAll(async () => {
  await server?.close();
  fs.rmSync(fixtures, { recursive: true, force: true });
});

describe('dubbingPeaks', () => {
  it('original track: high where the tone sounds and ~0 in the gaps, at the right times, at every level', async () => {
    const taskId = await seedTask('alice');
    for (const level of [10, 100, 1000]) {
      const p = await okPeaks('alice', { id: taskId, pointsPerSecond: level });
      expect(p).toMatchObject({ track: 'original', pointsPerSecond: level, levels: [10, 100, 1000], fromMs: 0 });
      expect(Math.abs(p.durationMs - 6000)).toBeLessThanOrEqual(30);
      expect(p.toMs).toBe(p.durationMs);
      expect(Math.abs(p.values.length / 2 - (p.durationMs * level) / 1000)).toBeLessThanOrEqual(1);
      // 0.8 full scale is 101; AAC keeps it within a few steps. 50 ms guard bands around each edge.
      for (const start of [0, 2000, 4000]) {
        expect(loudness(p, start + 100, start + 900)).toBeGreaterThanOrEqual(95);
        expect(loudness(p, start + 100, start + 900)).toBeLessThanOrEqual(110);
        expect(loudness(p, start + 1100, start + 1900)).toBeLessThanOrEqual(2);
      }
    }
    // At 1 ms per point the edges are where they were made (AAC smears them by a few ms at most).
    const fine = await okPeaks('alice', { id: taskId, pointsPerSecond: 1000 });
    expect(loudness(fine, 2000 + 10, 2000 + 20)).toBeGreaterThanOrEqual(80);
    expect(loudness(fine, 2000 - 20, 2000 - 10)).toBeLessThanOrEqual(2);
    expect(loudness(fine, 3000 + 10, 3000 + 20)).toBeLessThanOrEqual(2);
    // Every (min, max) pair is ordered; a 10 ms point spans whole periods, so min is the sine's trough.
    for (let i = 0; i < fine.values.length; i += 2) expect(fine.values[i]!).toBeLessThanOrEqual(fine.values[i + 1]!);
    const mid = await okPeaks('alice', { id: taskId, pointsPerSecond: 100 });
    expect(mid.values[2 * 50]!).toBeLessThan(-90);
    expect(mid.values[2 * 50 + 1]!).toBeGreaterThan(90);
  });

  it('a window is the slice of its level, the nearest level is served, and windows past the end are cut', async () => {
    const taskId = await seedTask('alice');
    const whole = await okPeaks('alice', { id: taskId, pointsPerSecond: 1000 });
    const window = await okPeaks('alice', { id: taskId, pointsPerSecond: 1000, fromMs: 1500, toMs: 2500 });
    expect(window).toMatchObject({ fromMs: 1500, toMs: 2500 });
    expect(Array.from(window.values)).toEqual(Array.from(whole.values.subarray(1500 * 2, 2500 * 2)));
    expect(loudness(window, 1600, 1900)).toBeLessThanOrEqual(2);
    expect(loudness(window, 2100, 2400)).toBeGreaterThanOrEqual(95);
    expect((await okPeaks('alice', { id: taskId, pointsPerSecond: 30 })).pointsPerSecond).toBe(10);
    expect((await okPeaks('alice', { id: taskId, pointsPerSecond: 40 })).pointsPerSecond).toBe(100);
    expect((await okPeaks('alice', { id: taskId, pointsPerSecond: 2000 })).pointsPerSecond).toBe(1000);
    const tail = await okPeaks('alice', { id: taskId, pointsPerSecond: 100, fromMs: 5500, toMs: 90_000 });
    expect(tail.fromMs).toBe(5500);
    expect(tail.toMs).toBe(tail.durationMs);
    expect(tail.values.length / 2).toBe(Math.ceil(tail.durationMs / 10) - 550);
    const past = await okPeaks('alice', { id: taskId, pointsPerSecond: 100, fromMs: 80_000 });
    expect(past.values.length).toBe(0);
    const backwards = await peaksOf('alice', { id: taskId, fromMs: 3000, toMs: 2000 });
    expect(backwards).toMatchObject({ code: 400, msg: 'The waveform window ends (2000 ms) before it starts (3000 ms)' });
  });

  it('dubbed track: the latest dubbed iteration of the language, recomputed for a new iteration or a recommitted blob', async () => {
    const taskId = await seedTask('alice', { dubbed: dubbedAudio });
    const first = await okPeaks('alice', { id: taskId, track: 'dubbed', pointsPerSecond: 100 });
    expect(first.track).toBe('dubbed');
    expect(loudness(first, 1100, 1900)).toBeGreaterThanOrEqual(95);
    expect(loudness(first, 100, 900)).toBeLessThanOrEqual(2);
    // Re-dub: iteration 2 in es-ES (the task's translation language, also named explicitly).
    const blob = await addIteration('alice', taskId, 2, otherDubbedAudio);
    const second = await okPeaks('alice', { id: taskId, track: 'dubbed', lang: 'es-ES', pointsPerSecond: 100 });
    expect(loudness(second, 100, 900)).toBeGreaterThanOrEqual(95);
    expect(loudness(second, 3100, 5900)).toBeLessThanOrEqual(2);
    // The same blob committed again with other bytes of the same size: its etag changed, so are the peaks.
    expect(otherDubbedAudio.length).toBe(dubbedAudio.length);
    const cache = peaksCacheFor(server.app.services.config.dataDir, server.app.services.blobStore);
    const decodes = cache.decodes;
    await putBlob(users.alice.id, blob, dubbedAudio);
    const third = await okPeaks('alice', { id: taskId, track: 'dubbed', pointsPerSecond: 100 });
    expect(cache.decodes).toBe(decodes + 1);
    expect(loudness(third, 100, 900)).toBeLessThanOrEqual(2);
    expect(loudness(third, 1100, 1900)).toBeGreaterThanOrEqual(95);
  });

  it('a burst of first requests for one media decodes it once, and every answer is the same', async () => {
    const taskId = await seedTask('alice');
    const cache = peaksCacheFor(server.app.services.config.dataDir, server.app.services.blobStore);
    const before = cache.decodes;
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => peaksOf('alice', { id: taskId, pointsPerSecond: [10, 100, 1000][i % 3]! })));
    expect(cache.decodes).toBe(before + 1);
    for (const [i, answer] of answers.entries()) {
      expect(answer.code).toBe(200);
      expect(answer.data.peaks).toBe(answers[i % 3]!.data.peaks);
    }
    await okPeaks('alice', { id: taskId });
    expect(cache.decodes).toBe(before + 1);
  });

  it("another user's task answers the record's not-found, the same as an unknown id; missing media is named", async () => {
    const taskId = await seedTask('alice', { dubbed: dubbedAudio });
    for (const query of [{ id: taskId }, { id: taskId, track: 'dubbed' }, { id: randomUUID() }] as Record<string, string>[]) {
      expect(await peaksOf('bob', query)).toMatchObject({ code: 404, msg: 'The record does not exist', data: undefined });
    }
    expect(await peaksOf('bob', { id: taskId }, 'zh-CN')).toMatchObject({ code: 404, msg: '记录不存在' });
    expect(await peaksOf('alice', { id: taskId, track: 'dubbed', lang: 'fr-FR' })).toMatchObject({ code: 404, msg: 'This task has no dubbed audio in fr-FR yet: dub it first' });
    expect(await peaksOf('alice', { id: taskId, track: 'dubbed', lang: 'fr-FR' }, 'zh-TW')).toMatchObject({ code: 404, msg: '這個任務還沒有 fr-FR 的配音音訊：請先配音' });
    await server.app.db.updateTable('dub_tasks').set({ expired_at: new Date().toISOString() }).where('id', '=', taskId).execute();
    expect(await peaksOf('alice', { id: taskId, track: 'dubbed' })).toMatchObject({ code: 404, msg: 'The dubbed audio was deleted after 7 days; dub the video again to see it' });
    const file = await server.app.db.selectFrom('dub_files').selectAll().innerJoin('dub_tasks', 'dub_tasks.file_id', 'dub_files.id').where('dub_tasks.id', '=', taskId).executeTakeFirstOrThrow();
    await server.app.services.blobStore.delete(file.container, file.blob_name);
    expect(await peaksOf('alice', { id: taskId })).toMatchObject({ code: 404, msg: 'The video of this dubbing task is no longer stored' });
  });

  it('payload bytes per hour per level (what the editor downloads)', async () => {
    const taskId = await seedTask('alice');
    const rows: { level: number; pointsPerHour: number; rawBytesPerHour: number; jsonBytesPerHour: number }[] = [];
    for (const level of [10, 100, 1000]) {
      const answer = await peaksOf('alice', { id: taskId, pointsPerSecond: level });
      const hours = answer.data.durationMs / 3_600_000;
      const points = Buffer.from(answer.data.peaks, 'base64').length / 2;
      rows.push({ level, pointsPerHour: Math.round(points / hours), rawBytesPerHour: Math.round((points * 2) / hours), jsonBytesPerHour: Math.round(answer.body.length / hours) });
      expect(Math.abs(points - (answer.data.durationMs * level) / 1000)).toBeLessThanOrEqual(1);
    }
    console.log('peaks payload per hour of media:\n' + rows.map((r) => `  ${r.level} pts/s: ${r.pointsPerHour} points, ${(r.rawBytesPerHour / 1024).toFixed(0)} KiB raw, ${(r.jsonBytesPerHour / 1024).toFixed(0)} KiB as JSON (base64)`).join('\n'));
    // The whole-video overview of 4 hours fits one answer; the finest level is sent by windows.
    expect(rows[0]!.rawBytesPerHour * 4).toBeLessThan(300 * 1024);
  });
});
