// Language lists built from what the engines of this server serve: names in the caller's language,
// unavailable languages listed with the setting that would enable them, read-aloud as a real WAV.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { createUser } from '../domain/session/users';
import { issueToken } from '../domain/session/tokens';
import { grantToUserId } from '../domain/entitlements/grants';
import { SVIP } from '../domain/vouchers/package-types';
import { decodeWav } from '../engines/wav';
import { call, ManualClock, uniqueEmail } from '../testing/inject';
import { sqliteTestConfig } from '../testing/test-config';
import { loadEngineConfig } from '../engines/config';

let app: FastifyInstance;
let remoteApp: FastifyInstance;
let token: string;
let userId: string;
const clock = new ManualClock(Date.parse('2025-03-01T10:00:00.000Z'));

beforeAll(async () => {
  app = await buildApp(sqliteTestConfig(), { clock });
  // Remote engines only need to be configured for the lists; no request reaches these addresses.
  const engines = loadEngineConfig({ TRANSLATE_URL: 'http://127.0.0.1:9/', ASR_URL: 'http://127.0.0.1:9/' });
  remoteApp = await buildApp(sqliteTestConfig({ engines }), { clock });
  const user = await createUser(app.db, clock, { kind: 'email', value: uniqueEmail('lang') }, 'secret123');
  token = await issueToken(app.db, clock, user.id);
  userId = user.id;
});
afterAll(async () => {
  await app.close();
  await remoteApp.close();
});

const byCode = (items: any[]) => new Map(items.map((item) => [item.code, item]));

describe('language lists', () => {
  it('lists recognition and translation languages with names in the accept-language', async () => {
    const en = await call(app, 'GET', '/speech/audio/LanguageInternation', { token, lang: 'en-US' });
    expect(en.code).toBe(200);
    const recognition = byCode(en.data.transcribeLanguage);
    expect(recognition.get('en-US')).toMatchObject({ name: 'American English', available: true, setting: null });
    expect(recognition.get('zh-CN')).toMatchObject({
      available: false,
      setting: 'ASR_URL',
      unavailableReason: 'no speech recognition engine for zh-CN; set ASR_URL',
    });
    const translation = byCode(en.data.translation);
    expect(translation.get('es-ES')).toMatchObject({ available: true });
    expect(translation.get('es-ES').sources).toContain('en-US');
    expect(translation.get('ja-JP')).toMatchObject({ available: false, setting: 'TRANSLATE_URL', sources: [] });

    const zh = await call(app, 'GET', '/speech/audio/LanguageInternation', { token, lang: 'zh-CN' });
    expect(byCode(zh.data.transcribeLanguage).get('en-US').name).toBe('美国英语');
    const tw = await call(app, 'GET', '/speech/audio/selectLanguage', { token, lang: 'zh-TW' });
    expect(byCode(tw.data.translation).get('es-ES').name).toBe('西班牙文（西班牙）');
  });

  it('offers every language when the remote engines are configured', async () => {
    const lists = await call(remoteApp, 'GET', '/speech/audio/LanguageInternation', { lang: 'en-US', token: await tokenOn(remoteApp) });
    expect(lists.data.transcribeLanguage.every((l: any) => l.available)).toBe(true);
    expect(lists.data.translation.every((l: any) => l.available)).toBe(true);
    const targets = await call(remoteApp, 'GET', '/speech/textTrans/lang/languageList', { lang: 'en-US', token: await tokenOn(remoteApp) });
    expect(byCode(targets.data).get('ja-JP')).toMatchObject({ available: true });
  });

  it('names each language\'s engine as the per-language settings route it, in every picker\'s answer', async () => {
    // Routed as an operator's env file would: Chinese to a Vosk server and a speech API, English embedded.
    const routed = await buildApp(sqliteTestConfig({ engines: loadEngineConfig({ ASR_STREAM_URL_ZH_CN: 'ws://127.0.0.1:9', TTS_URL_ZH_CN: 'http://127.0.0.1:9/' }) }), { clock });
    try {
      const routedToken = await tokenOn(routed);
      const lists = await call(routed, 'GET', '/speech/audio/selectLanguage', { lang: 'en-US', token: routedToken });
      const recognition = byCode(lists.data.transcribeLanguage);
      expect(recognition.get('zh-CN')).toMatchObject({ available: true, engine: { id: 'vosk-stream', name: 'Vosk', remote: true } });
      expect(recognition.get('en-US')).toMatchObject({ available: true, engine: { id: 'pocketsphinx', remote: false } });
      expect(recognition.get('ja-JP')).toMatchObject({ available: false, setting: 'ASR_URL' });
      expect(recognition.get('ja-JP').engine).toBeUndefined();
      expect(byCode(lists.data.translation).get('es-ES').sourceEngines['en-US']).toMatchObject({ id: 'apertium', remote: false });
      const speech = byCode((await call(routed, 'GET', '/speech/audio/synthesisLanguage', { lang: 'en-US', token: routedToken })).data);
      expect(speech.get('zh-CN').engine).toMatchObject({ id: 'openai-speech', remote: true });
      const dubbing = byCode((await call(routed, 'GET', '/speech/video/transcribe/getLanguage', { lang: 'en-US', token: routedToken })).data);
      expect(dubbing.get('es-ES')).toMatchObject({ available: true, engine: { remote: false } });
    } finally {
      await routed.close();
    }
  });

  it('answers the languages a user may use and how many', async () => {
    const auth = await call(app, 'POST', '/expense/rightsAddAuth/queryAuthLanguageByUserId', { token, body: {} });
    expect(auth.code).toBe(200);
    expect(auth.data.recognitionLanguages.map((l: any) => l.code)).toContain('en-US');
    expect(auth.data.recognitionLanguages.every((l: any) => l.available)).toBe(true);
    expect(auth.data.recognitionLanguages.map((l: any) => l.code)).not.toContain('zh-CN');
    // The tier's counts (features §6): 2 and 2 with the trial, 10 and 4 with SVIP.
    expect(auth.data).toMatchObject({ recognitionCount: 2, translateCount: 2 });
    await grantToUserId(app.db, clock, userId, SVIP, 30);
    const svip = await call(app, 'POST', '/expense/rightsAddAuth/queryAuthLanguageByUserId', { token, body: {} });
    expect(svip.data).toMatchObject({ recognitionCount: 10, translateCount: 4 });
  });
});

describe('read-aloud', () => {
  it('lists synthesis languages with their voices', async () => {
    const list = await call(app, 'GET', '/speech/audio/synthesisLanguage', { token, lang: 'en-US' });
    const items = byCode(list.data);
    expect(items.get('en-US').available).toBe(true);
    expect(items.get('en-US').voices.length).toBeGreaterThan(0);
    expect(items.get('ar-SA')).toMatchObject({ available: false, setting: 'TTS_URL' });
  });

  it('speaks a text as a valid WAV of plausible length', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/prod-api/speech/audio/synthesis',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'Good morning. This is a test of the read aloud feature.', lang: 'en-US' }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('audio/wav');
    const audio = decodeWav(response.rawPayload);
    const seconds = audio.samples.length / audio.channels / audio.sampleRate;
    // About 11 words at espeak-ng's default 175 words a minute: a few seconds, certainly not silence.
    expect(seconds).toBeGreaterThan(1.5);
    expect(seconds).toBeLessThan(10);
    const peak = audio.samples.reduce((max, s) => Math.max(max, Math.abs(s)), 0);
    expect(peak).toBeGreaterThan(1000);
  });

  it('answers an envelope naming TTS_URL for a language no engine speaks', async () => {
    const answer = await call(app, 'POST', '/speech/audio/synthesis', { token, body: { text: 'مرحبا', lang: 'ar-SA' } });
    expect(answer).toMatchObject({ code: 503, msg: 'no speech synthesis engine for ar-SA; set TTS_URL' });
  });
});

async function tokenOn(target: FastifyInstance): Promise<string> {
  const user = await createUser(target.db, clock, { kind: 'email', value: uniqueEmail('remote') }, 'secret123');
  return issueToken(target.db, clock, user.id);
}
