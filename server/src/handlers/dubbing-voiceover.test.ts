// Re-dubs and compositions through the API on real media (espeak-ng, apertium es→en, ffmpeg): a task
// is seeded as the first dubbing job leaves it (iteration 1 made by runDubbing on the SRT path), then
// createIteration / getIteration / videoSynthesis / getSynthesis run on the job queue. Limits hold
// under parallel bursts (one iteration starts and is charged once), the re-dub price follows the
// rule (first re-dub free, later ones half), another user's task is not found.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../clock';
import { sortableId } from '../db/sortable-id';
import { loadEngineConfig } from '../engines/config';
import { createEngines, type Engines } from '../engines/registry';
import { runDubbing, type DubResult } from '../domain/dubbing/pipeline/run-dubbing';
import { formatSrt } from '../domain/dubbing/pipeline/srt';
import { makeTestVideo, type TestVideo } from '../testing/test-video';
import { iterationChargeKey } from '../domain/dubbing/voiceover/deps';
import { seedDubbedTask } from '../testing/voiceover-test-task';
import { containerOf } from '../domain/storage/blob-store.port';
import { startTestServer, type TestServer } from '../testing/start-test-server';
import { createTestUsers } from '../testing/test-users';

const SCRIPT = [
  { text: 'good morning everyone', speaker: 0, source: 'buenos días a todos', translation: 'bonjour à tous' },
  { text: 'thank you for coming', speaker: 1, source: 'gracias por venir', translation: 'merci d’être venus' },
  { text: 'we start with the plan', speaker: 0, source: 'empezamos con el plan', translation: 'nous commençons par le plan' },
  { text: 'the design is ready', speaker: 1, source: 'el diseño está listo', translation: 'le design est prêt' },
];
const SECONDS = 20;

let dir: string;
let video: TestVideo;
let engines: Engines;
let dubbed: DubResult;
let server: TestServer;
type Who = 'alice' | 'bob' | 'carol';
const users = {} as Record<Who, { id: string; token: string }>;

async function api(method: 'GET' | 'POST', route: string, who: Who, body?: unknown, lang = 'en-US') {
  const response = await fetch(`${server.url}/prod-api${route}`, {
    method,
    headers: { authorization: `Bearer ${users[who].token}`, 'accept-language': lang, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await response.json()) as { code: number; msg: string; data: any };
}

const db = () => server.app.db;
const idle = () => server.app.services.jobs.whenIdle();

async function seed(who: Who) {
  const { db: database, services } = server.app;
  const seeded = await seedDubbedTask(
    { db: database, clock: systemClock, blobStore: services.blobStore },
    { userId: users[who].id, videoPath: video.path, result: dubbed, audioLanguage: 'es-ES', translationLanguage: 'fr-FR' },
  );
  // The first dub's charge, as transwrite makes it (full length, on the task's record).
  await services.entitlements.charge({ id: users[who].id, is_visitor: 0 }, { usage: 'dubbing', recordId: seeded.taskId, chargeKey: `test-first-dub:${seeded.taskId}`, seconds: SECONDS });
  return seeded;
}

const takes = (taskId: string, lang: string) =>
  db().selectFrom('dub_line_takes as t').innerJoin('record_segments as s', 's.id', 't.segment_id').selectAll('t').select('s.position').where('t.task_id', '=', taskId).where('t.lang', '=', lang).orderBy('s.position').execute();

const iterationCharges = (userId: string) =>
  db().selectFrom('ledger_entries').selectAll().where('user_id', '=', userId).where('source_key', 'like', 'dub-iteration:%').where('kind', '=', 'consumption').execute();

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'parley-dub-voiceover-'));
  video = await makeTestVideo(dir, SCRIPT, { durationMs: SECONDS * 1000, everyMs: 4500, leadMs: 1000 });
  engines = createEngines(loadEngineConfig({}));
  const srt = formatSrt(video.lines.map((l, i) => ({ startMs: l.startMs, endMs: l.endMs + 600, text: `${SCRIPT[i]!.source}\n${SCRIPT[i]!.translation}` })));
  dubbed = await runDubbing(
    { videoPath: video.path, workDir: path.join(dir, 'first'), form: { sourceLanguage: 'es-ES', targetLanguage: 'fr-FR', speakers: 2 }, srt: { bytes: srt, type: 3 } },
    { engines },
  );
  server = await startTestServer();
  Object.assign(users, await createTestUsers(server.app.db, ['alice', 'bob', 'carol'] as const));
  for (const [who, seconds] of [['alice', 3600], ['bob', 3600], ['carol', SECONDS + 5]] as const) {
    await server.app.services.entitlements.credit(users[who].id, { account: 'dubbing', kind: 'purchase', sourceKey: `test:${sortableId()}`, seconds });
  }
}, 180_000);
afterAll(async () => {
  await server?.close();
  await engines?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('dubbing iterations', () => {
  it('answers not found for another user’s task on every call', async () => {
    const { taskId } = await seed('alice');
    for (const [method, route, body] of [
      ['POST', '/speech/video/transcribe/createIteration', { id: taskId }],
      ['GET', `/speech/video/transcribe/getIteration?id=${taskId}`, undefined],
      ['POST', '/speech/video/transcribe/videoSynthesis', { id: taskId }],
      ['GET', `/speech/video/transcribe/getSynthesis?id=${taskId}`, undefined],
    ] as const) {
      const answer = await api(method, route, 'bob', body);
      expect(answer.code, route).toBe(404);
    }
    expect(await db().selectFrom('dub_iterations').select('id').where('task_id', '=', taskId).execute()).toHaveLength(1);
  });

  it('starts exactly one iteration of a parallel burst, charged once (the first re-dub is free), then the next at half the length', async () => {
    const { taskId } = await seed('alice');
    const answers = await Promise.all(Array.from({ length: 6 }, () => api('POST', '/speech/video/transcribe/createIteration', 'alice', { id: taskId })));
    const started = answers.filter((a) => a.code === 200);
    expect(started).toHaveLength(1);
    expect(started[0]!.data).toMatchObject({ taskId, lang: 'fr-FR', state: 'dubbing', chargedSeconds: 0 });
    for (const refused of answers.filter((a) => a.code !== 200)) expect(refused.msg).toBe('A voice-over of this task is already running; wait until it has finished');
    await idle();
    const charges = (await iterationCharges(users.alice.id)).filter((c) => c.record_id === taskId);
    expect(charges).toHaveLength(1);
    expect([charges[0]!.source_key, charges[0]!.seconds]).toEqual([iterationChargeKey(started[0]!.data.id), 0]);

    const list = await api('GET', `/speech/video/transcribe/getIteration?id=${taskId}`, 'alice');
    expect(list.data.map((i: { state: string }) => i.state)).toEqual(['dubbed', 'dubbed']);
    expect(new Date(list.data[0].createTime).getTime()).toBeGreaterThanOrEqual(new Date(list.data[1].createTime).getTime());

    // Nothing edited: the re-dub copied every line, so the voiced keys and placements are unchanged.
    const before = await takes(taskId, 'fr-FR');
    const second = await api('POST', '/speech/video/transcribe/createIteration', 'alice', { id: taskId, lang: 'fr-FR' });
    expect(second.data.chargedSeconds).toBe(SECONDS / 2);
    await idle();
    const after = await takes(taskId, 'fr-FR');
    expect(after.map((t) => [t.voiced_key, t.dub_start_ms])).toEqual(before.map((t) => [t.voiced_key, t.dub_start_ms]));
  }, 120_000);

  it('re-voices only the edited line, stores the outputs under the iteration and keeps them 7 days', async () => {
    const { taskId, segmentIds } = await seed('alice');
    const before = await takes(taskId, 'fr-FR');
    await db().updateTable('record_segments').set({ translation: 'on commence' }).where('id', '=', segmentIds[2]!).execute();
    const answer = await api('POST', '/speech/video/transcribe/createIteration', 'alice', { id: taskId });
    expect(answer.code).toBe(200);
    await idle();
    const after = await takes(taskId, 'fr-FR');
    const changed = after.filter((t, i) => t.voiced_key !== before[i]!.voiced_key).map((t) => t.position);
    expect(changed).toEqual([2]);
    const iteration = await db().selectFrom('dub_iterations').selectAll().where('task_id', '=', taskId).where('number', '=', 2).executeTakeFirstOrThrow();
    expect(iteration.state).toBe('dubbed');
    const outputs = JSON.parse(iteration.outputs!) as { video: string; perSpeaker: { blob: string }[] };
    expect(outputs.video).toBe(`dub/${taskId}/fr-FR/2/video.mp4`);
    const blobs = await server.app.services.blobStore.listBlobs(containerOf(users.alice.id));
    expect(blobs).toEqual(expect.arrayContaining([outputs.video, ...outputs.perSpeaker.map((p) => p.blob)]));
    const task = await db().selectFrom('dub_tasks').selectAll().where('id', '=', taskId).executeTakeFirstOrThrow();
    expect(task.state).toBe('dubbed');
    const keptDays = (new Date(task.expire_at!).getTime() - Date.now()) / 86_400_000;
    expect(keptDays).toBeGreaterThan(6.9);
    expect(keptDays).toBeLessThanOrEqual(7);
  }, 120_000);

  it('regenerates one unchanged line as a new take, copying every other line, and refuses a line of another task', async () => {
    const { taskId, segmentIds } = await seed('alice');
    const other = await seed('alice');
    const refused = await api('POST', '/speech/video/transcribe/createIteration', 'alice', { id: taskId, regenerate: [other.segmentIds[0]] });
    expect([refused.code, refused.msg]).toEqual([404, 'Line to voice again not found in this dubbing task']);
    expect(await db().selectFrom('dub_iterations').select('id').where('task_id', '=', taskId).execute()).toHaveLength(1);

    const synthesizer = server.app.services.engines.synthesizerFor('fr-FR');
    const spoken: string[] = [];
    const original = synthesizer.synthesize.bind(synthesizer);
    synthesizer.synthesize = (text, options) => {
      spoken.push(text);
      return original(text, options);
    };
    try {
      const before = await takes(taskId, 'fr-FR');
      const answer = await api('POST', '/speech/video/transcribe/createIteration', 'alice', { id: taskId, regenerate: [segmentIds[1]] });
      expect(answer.code).toBe(200);
      await idle();
      // Only line 2 reached the synthesiser (fitting may call it more than once for one line).
      expect(spoken.length).toBeGreaterThan(0);
      expect(new Set(spoken)).toEqual(new Set([SCRIPT[1]!.translation]));
      const after = await takes(taskId, 'fr-FR');
      expect(after.map((t) => t.voiced_key)).toEqual(before.map((t) => t.voiced_key));
    } finally {
      synthesizer.synthesize = original;
    }
  }, 120_000);

  it('dubs a new language by translating the lines first, and refuses a fifth language and an unsupported one', async () => {
    const { taskId } = await seed('alice');
    const english = await api('POST', '/speech/video/transcribe/createIteration', 'alice', { id: taskId, lang: 'en-US' });
    expect(english.code).toBe(200);
    await idle();
    const translated = await takes(taskId, 'en-US');
    expect(translated).toHaveLength(SCRIPT.length);
    expect(translated.every((t) => t.translation && t.voiced_key)).toBe(true);
    expect(translated.map((t) => t.translation!.toLowerCase()).join(' ')).toMatch(/good|morning|thank|plan|design/);

    const unsupported = await api('POST', '/speech/video/transcribe/createIteration', 'alice', { id: taskId, lang: 'xx-XX' }, 'zh-CN');
    expect(unsupported.msg).toBe('本服务器暂不支持配音为 xx-XX');
    // fr-FR and en-US are used; two more (as earlier runs) make four.
    const now = new Date().toISOString();
    for (const [number, lang] of [[10, 'de-DE'], [11, 'it-IT']] as const) {
      await db().insertInto('dub_iterations').values({ id: sortableId(), task_id: taskId, number, lang, state: 'dubbed', charged_seconds: 0, error_key: null, outputs: null, created_at: now, updated_at: now }).execute();
    }
    // A fifth language is refused before anything runs or is charged; the four in use still run.
    const fifth = await api('POST', '/speech/video/transcribe/createIteration', 'alice', { id: taskId, lang: 'pt-PT' });
    expect([fifth.code, fifth.msg]).toEqual([400, 'A task can be dubbed into at most 4 languages']);
    const again = await api('POST', '/speech/video/transcribe/createIteration', 'alice', { id: taskId, lang: 'en-US' });
    expect(again.code).toBe(200);
    await idle();
  }, 180_000);

  it('refuses a re-dub the balance does not cover with the catalogue code, leaving no iteration', async () => {
    const { taskId } = await seed('carol');
    const free = await api('POST', '/speech/video/transcribe/createIteration', 'carol', { id: taskId });
    expect(free.data.chargedSeconds).toBe(0);
    await idle();
    const refused = await api('POST', '/speech/video/transcribe/createIteration', 'carol', { id: taskId }, 'zh-CN');
    expect([92505000, 92505003]).toContain(refused.code);
    expect(refused.msg).toMatch(/[\u4e00-\u9fff]/);
    expect(await db().selectFrom('dub_iterations').select('number').where('task_id', '=', taskId).orderBy('number').execute()).toEqual([{ number: 1 }, { number: 2 }]);
  }, 120_000);
});

describe('a failed re-dub', () => {
  it('marks the iteration failed, refunds its charge and leaves the task on its earlier dub with the error', async () => {
    const { taskId } = await seed('alice');
    const free = await api('POST', '/speech/video/transcribe/createIteration', 'alice', { id: taskId });
    expect(free.code).toBe(200);
    await idle();
    // The source video is gone from storage: the next (paid) run cannot work.
    const file = await db().selectFrom('dub_tasks').innerJoin('dub_files', 'dub_files.id', 'dub_tasks.file_id').select(['dub_files.container', 'dub_files.blob_name']).where('dub_tasks.id', '=', taskId).executeTakeFirstOrThrow();
    await server.app.services.blobStore.delete(file.container, file.blob_name);
    const paid = await api('POST', '/speech/video/transcribe/createIteration', 'alice', { id: taskId });
    expect(paid.data.chargedSeconds).toBe(SECONDS / 2);
    await idle();
    const iteration = await db().selectFrom('dub_iterations').selectAll().where('id', '=', paid.data.id).executeTakeFirstOrThrow();
    expect(iteration.state).toBe('failed');
    const rows = await db().selectFrom('ledger_entries').select(['kind', 'seconds']).where('source_key', 'like', `%${iterationChargeKey(paid.data.id)}`).orderBy('kind').execute();
    expect(rows).toEqual([
      { kind: 'consumption', seconds: -(SECONDS / 2) },
      { kind: 'refund', seconds: SECONDS / 2 },
    ]);
    const task = await db().selectFrom('dub_tasks').selectAll().where('id', '=', taskId).executeTakeFirstOrThrow();
    expect([task.state, task.error_key]).toEqual(['dubbed', 'engines:dubStepFailed']);
    const list = await api('GET', `/speech/video/transcribe/getIteration?id=${taskId}`, 'alice');
    expect(list.data.map((i: { state: string }) => i.state)).toEqual(['failed', 'dubbed', 'dubbed']);
  }, 120_000);
});

describe('dubbing compositions', () => {
  it('composes with burnt-in subtitles without re-voicing an unchanged task, then re-voices after an edit', async () => {
    const { taskId, segmentIds } = await seed('bob');
    expect((await api('GET', `/speech/video/transcribe/getSynthesis?id=${taskId}`, 'bob')).data).toMatchObject({ state: 'none' });
    const settings = { id: taskId, exportSubtitleInVideo: true, subtitleFontSize: 20, subtitleMaxCharCountPerSegment: 20, subtitlePrimaryColor: '#ffff00', subtitleOutlineColor: '#000000' };
    const burst = await Promise.all(Array.from({ length: 4 }, () => api('POST', '/speech/video/transcribe/videoSynthesis', 'bob', settings)));
    expect(burst.filter((a) => a.code === 200)).toHaveLength(1);
    for (const refused of burst.filter((a) => a.code !== 200)) expect(refused.msg).toBe('This video is already being composed; wait until it has finished');
    await idle();
    const done = await api('GET', `/speech/video/transcribe/getSynthesis?id=${taskId}&lang=fr-FR`, 'bob');
    expect(done.data).toMatchObject({
      state: 'completed',
      videoUrl: `/prod-api/speech/video/transcribe/media?id=${taskId}&kind=dubbedVideo&lang=fr-FR`,
      audioUrl: `/prod-api/speech/video/transcribe/media?id=${taskId}&kind=dubbedAudio&lang=fr-FR`,
    });
    expect(new Date(done.data.expireTime).getTime()).toBeGreaterThan(Date.now() + 6.9 * 86_400_000);
    // Nothing had changed: no new voice-over, nothing charged.
    expect(await db().selectFrom('dub_iterations').select('number').where('task_id', '=', taskId).execute()).toHaveLength(1);
    const row = await db().selectFrom('dub_syntheses').selectAll().where('task_id', '=', taskId).executeTakeFirstOrThrow();
    expect(row.video_blob).toBe(`dub/${taskId}/fr-FR/1/subtitled-${row.id}.mp4`);
    expect(await server.app.services.blobStore.size(containerOf(users.bob.id), row.video_blob!)).toBeGreaterThan(1000);

    await db().updateTable('record_segments').set({ translation: 'bonsoir' }).where('id', '=', segmentIds[0]!).execute();
    const second = await api('POST', '/speech/video/transcribe/videoSynthesis', 'bob', { id: taskId });
    expect(second.data.state).toBe('composing');
    await idle();
    const iterations = await db().selectFrom('dub_iterations').select(['number', 'state', 'charged_seconds']).where('task_id', '=', taskId).orderBy('number').execute();
    expect(iterations).toEqual([
      { number: 1, state: 'dubbed', charged_seconds: SECONDS },
      { number: 2, state: 'dubbed', charged_seconds: 0 },
    ]);
    const composed = await db().selectFrom('dub_syntheses').selectAll().where('task_id', '=', taskId).executeTakeFirstOrThrow();
    // No burn-in asked this time: the composition is the re-voiced iteration's own video.
    expect([composed.state, composed.video_blob]).toEqual(['completed', `dub/${taskId}/fr-FR/2/video.mp4`]);
  }, 180_000);
});
