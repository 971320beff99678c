// refreshRecord: a record whose transcription or translation failed because its engine was down is
// queued again once the operator has fixed it (here: the configured ASR_URL and TRANSLATE_URL answer
// 503 at first; the server restarts pointing at a local stand-in that speaks the documented
// protocols), and completes. A language with no engine at all is refused before any record exists
// (engine-refusals.test.ts), so a failed job means an engine that was there and broke.
// Only the owner may retry; a record that did not fail is only re-read.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { ServerConfig } from '../config';
import { issueToken } from '../domain/session/tokens';
import { createUser } from '../domain/session/users';
import { createRecord } from '../domain/records/create-record';
import { speak, uploadWhole } from '../testing/upload-test-kit';
import { startFakeService, type FakeService } from '../engines/fake-service';
import { sqliteTestConfig } from '../testing/test-config';
import { call, ManualClock, uniqueEmail } from '../testing/inject';

const fixtures = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-refresh-'));
const speech = speak(path.join(fixtures, 'hello.wav'), 'hello there');
const clock = new ManualClock(Date.parse('2025-03-01T10:00:00.000Z'));
const config: ServerConfig = sqliteTestConfig();
let engine: FakeService;
let outage: FakeService;
let app: FastifyInstance;
let owner: { id: string; token: string };
let stranger: { token: string };

async function signUp(label: string) {
  const user = await createUser(app.db, clock, { kind: 'email', value: uniqueEmail(label) }, 'secret123');
  return { id: user.id, token: await issueToken(app.db, clock, user.id) };
}

const refresh = (token: string, id: string, lang = 'en-US') => call(app, 'POST', '/speech/audio/transcribe/refreshRecord', { token, body: { id }, lang });
const jobCount = async (recordId: string) => (await app.db.selectFrom('jobs').select('id').where('record_id', '=', recordId).execute()).length;

beforeAll(async () => {
  // Whisper-style verbose_json and LibreTranslate answers, as a configured service would give.
  engine = await startFakeService((request) =>
    request.path.endsWith('/audio/transcriptions')
      ? { json: { text: '你好。世界。', segments: [{ start: 0.1, end: 0.5, text: '你好。' }, { start: 0.6, end: 0.9, text: '世界。' }] } }
      : { json: { translatedText: (request.json<{ q: string[] }>().q).map((text) => `[ja] ${text}`) } },
  );
  outage = await startFakeService(() => ({ status: 503, json: { error: 'down for maintenance' } }));
  const down = { url: outage.url, apiKey: null, model: 'whisper-1' };
  app = await buildApp({ ...config, engines: { ...config.engines, asr: down, translate: { ...down, kind: 'libretranslate' } } }, { clock });
  owner = await signUp('owner');
  stranger = await signUp('stranger');
});
afterAll(async () => {
  await app.close();
  await engine.close();
  await outage.close();
  fs.rmSync(config.dataDir, { recursive: true, force: true });
  fs.rmSync(fixtures, { recursive: true, force: true });
});

/** The operator's fix: the same data directory, restarted with the remote engines configured. */
async function restartWithEngines() {
  await app.close();
  const service = { url: engine.url, apiKey: null, model: 'whisper-1' };
  app = await buildApp({ ...config, engines: { ...config.engines, asr: service, translate: { ...service, kind: 'libretranslate' } } }, { clock });
}

describe('refreshRecord retries what failed', () => {
  let transcriptionFailed: string;
  let translationFailed: string;
  let completed: string;

  it('records fail while their engine is down, and a retry before it is fixed fails the same way', async () => {
    const uploaded = await uploadWhole(app, owner.token, speech);
    transcriptionFailed = uploaded.data[0].id as string;
    await call(app, 'POST', '/speech/audio/transcribe/transwrite', { token: owner.token, body: { ids: [transcriptionFailed], showName: '你好', audioLanguage: 'zh-CN' } });

    const record = await createRecord(app.db, clock, { userId: owner.id, showName: 'later', languages: ['en-US'], segments: [{ startMs: 0, endMs: 900, speaker: null, text: 'good morning', translation: null }] });
    translationFailed = record.id;
    await call(app, 'POST', '/speech/audio/transcribe/addTranslation', { token: owner.token, body: { id: translationFailed, translationLanguage: 'ja-JP' } });
    completed = (await createRecord(app.db, clock, { userId: owner.id, showName: 'done', languages: ['en-US'] })).id;
    await app.services.jobs.whenIdle();

    expect((await refresh(owner.token, transcriptionFailed)).data).toMatchObject({ state: 'transcribing', errorMessage: null });
    await app.services.jobs.whenIdle();
    const again = (await refresh(owner.token, transcriptionFailed, 'zh-CN')).data;
    // The engine is still down: the retry fails again, now written in the language of the one who retried.
    expect(again.state).toBe('transcribing');
    await app.services.jobs.whenIdle();
    const reread = (await call(app, 'GET', `/speech/audio/transcribe/getTrans?id=${transcriptionFailed}`, { token: owner.token })).data;
    expect(reread).toMatchObject({ state: 'transcription_err' });
    expect(reread.errorMessage).toContain('HTTP 503');
    expect(reread.errorMessage).toContain('引擎出错'); // written in Chinese this time
    expect((await call(app, 'GET', `/speech/audio/transcribe/getTrans?id=${translationFailed}`, { token: owner.token })).data).toMatchObject({ state: 'translation_err' });
  }, 60_000);

  it('only the owner may retry; a record that did not fail is only re-read', async () => {
    const jobsBefore = await jobCount(transcriptionFailed);
    expect(await refresh(stranger.token, transcriptionFailed)).toMatchObject({ code: 404 });
    expect(await jobCount(transcriptionFailed)).toBe(jobsBefore);
    expect((await call(app, 'GET', `/speech/audio/transcribe/getTrans?id=${transcriptionFailed}`, { token: owner.token })).data.state).toBe('transcription_err');

    const done = await refresh(owner.token, completed);
    expect(done.data).toMatchObject({ id: completed, state: 'transcription_completed' });
    expect(await jobCount(completed)).toBe(0);
  });

  it('after the operator configures the engines, a retry completes transcription and translation', async () => {
    await restartWithEngines();
    const answer = await refresh(owner.token, transcriptionFailed);
    expect(answer.data).toMatchObject({ id: transcriptionFailed, state: 'transcribing', errorMessage: null });
    // A second click while it runs queues nothing more.
    const jobs = await jobCount(transcriptionFailed);
    await refresh(owner.token, transcriptionFailed);
    expect(await jobCount(transcriptionFailed)).toBe(jobs);

    expect((await refresh(owner.token, translationFailed)).data).toMatchObject({ state: 'translating' });
    await app.services.jobs.whenIdle();

    const transcribed = (await call(app, 'GET', `/speech/audio/transcribe/getTransResult?id=${transcriptionFailed}`, { token: owner.token })).data;
    expect(transcribed.record).toMatchObject({ state: 'transcription_completed', errorMessage: null });
    expect(transcribed.lines.map((l: { text: string }) => l.text)).toEqual(['你好。', '世界。']);
    const translated = (await call(app, 'GET', `/speech/audio/transcribe/getTransResult?id=${translationFailed}`, { token: owner.token })).data;
    expect(translated.record).toMatchObject({ state: 'translation_completed', targetLanguages: ['ja-JP'] });
    expect(translated.lines.map((l: { translation: string }) => l.translation)).toEqual(['[ja] good morning']);
  }, 60_000);
});
