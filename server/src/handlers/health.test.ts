// GET /health: public readiness of the database, queue, storage and every engine, with what each
// serves; a server without the Debian packages says what is missing (and the upload of a valid file
// then names the missing media tools, never a format error about the file).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { issueToken } from '../domain/session/tokens';
import { createUser } from '../domain/session/users';
import { makeToneWav, uploadWhole } from '../testing/upload-test-kit';
import { readinessLines } from '../domain/health/health-report';
import { loadEngineConfig } from '../engines/config';
import { call, ManualClock, uniqueEmail } from '../testing/inject';
import { sqliteTestConfig } from '../testing/test-config';

const clock = new ManualClock(Date.parse('2025-03-01T10:00:00.000Z'));
const fixtures = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-health-'));
const wav = makeToneWav(path.join(fixtures, 'tone.wav'), 2, 16_000, 1);
let app: FastifyInstance;
let remoteApp: FastifyInstance;

beforeAll(async () => {
  app = await buildApp(sqliteTestConfig(), { clock });
  const engines = loadEngineConfig({ ASR_URL: 'http://127.0.0.1:9/asr', ASR_API_KEY: 'sk-never-shown', TRANSLATE_URL: 'http://127.0.0.1:9/tr' });
  remoteApp = await buildApp(sqliteTestConfig({ engines }), { clock });
});
afterAll(async () => {
  await app.close();
  await remoteApp.close();
  fs.rmSync(fixtures, { recursive: true, force: true });
});

/** Runs `work` with a PATH that holds only the given programs (symlinked), as on a machine lacking the rest. */
async function withOnlyPrograms<T>(programs: string[], work: () => Promise<T>): Promise<T> {
  const bin = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-path-'));
  for (const program of programs) fs.symlinkSync(`/usr/bin/${program}`, path.join(bin, program));
  const saved = process.env.PATH;
  process.env.PATH = bin;
  try {
    return await work();
  } finally {
    process.env.PATH = saved;
    fs.rmSync(bin, { recursive: true, force: true });
  }
}

const engineOf = (data: any, kind: string) => data.engines.find((engine: any) => engine.kind === kind);

describe('GET /health', () => {
  it('answers without a token: every component ready with what each engine serves', async () => {
    const answer = await call(app, 'GET', '/health', { lang: 'en-US' });
    expect(answer).toMatchObject({ status: 200, code: 200 });
    expect(answer.data).toMatchObject({
      status: 'ready',
      database: { kind: 'sqlite', ready: true },
      queue: { kind: 'in-process', ready: true },
      storage: { kind: 'local-disk', ready: true },
      payments: { kind: 'sandbox', sandbox: true, notice: 'Sandbox — no money moves' },
    });
    const zh = await call(app, 'GET', '/health', { lang: 'zh-TW' });
    expect(zh.data.payments.notice).toBe('沙盒模式——不會實際扣款');
    expect(engineOf(answer.data, 'recognition')).toMatchObject({ engine: 'pocketsphinx', remote: false, ready: true, languages: ['en-US'], missing: [], setting: 'ASR_URL', reason: null });
    expect(engineOf(answer.data, 'translation').pairs).toEqual(expect.arrayContaining([{ from: 'en-US', to: 'es-ES' }, { from: 'es-ES', to: 'en-US' }]));
    expect(engineOf(answer.data, 'synthesis')).toMatchObject({ engine: 'espeak-ng', ready: true });
    expect(engineOf(answer.data, 'summary')).toMatchObject({ ready: true, setting: 'SUMMARY_URL' });
    expect(engineOf(answer.data, 'media')).toMatchObject({ engine: 'ffmpeg', ready: true, missing: [] });
  });

  it('shows remote engines as configured without their address or key', async () => {
    const answer = await call(remoteApp, 'GET', '/health');
    expect(engineOf(answer.data, 'recognition')).toMatchObject({ remote: true, ready: true, languages: ['*'] });
    expect(engineOf(answer.data, 'translation')).toMatchObject({ remote: true, ready: true, pairs: [{ from: '*', to: '*' }] });
    expect(answer.body).not.toContain('127.0.0.1');
    expect(answer.body).not.toContain('sk-never-shown');
    expect(answer.body).not.toContain(os.tmpdir());
  });

  it('reports what is missing on a machine without the Debian packages, in the caller’s language', async () => {
    const answer = await withOnlyPrograms(['espeak-ng'], () => call(app, 'GET', '/health', { lang: 'en-US' }));
    expect(answer.data.status).toBe('degraded');
    expect(engineOf(answer.data, 'media')).toMatchObject({
      ready: false,
      missing: ['ffprobe', 'ffmpeg'],
      reason: 'media tools are not installed on this server (ffmpeg / ffprobe); the administrator runs npm start as root or installs the Debian package ffmpeg',
    });
    expect(engineOf(answer.data, 'recognition')).toMatchObject({ ready: false, missing: ['pocketsphinx_continuous'] });
    expect(engineOf(answer.data, 'translation')).toMatchObject({ ready: false, pairs: [] });
    expect(engineOf(answer.data, 'synthesis')).toMatchObject({ ready: true });
    const zh = await withOnlyPrograms([], () => call(app, 'GET', '/health', { lang: 'zh-TW' }));
    expect(engineOf(zh.data, 'media').reason).toContain('此伺服器未安裝媒體工具');
  });
});

describe('a server without the media tools', () => {
  it('refuses the upload of a valid WAV naming the missing tools, not the file', async () => {
    const user = await createUser(app.db, clock, { kind: 'email', value: uniqueEmail('nofftools') }, 'secret123');
    const token = await issueToken(app.db, clock, user.id);
    const answer = await withOnlyPrograms([], () => uploadWhole(app, token, wav));
    expect(answer.code).toBe(503);
    expect(answer.msg).toMatch(/^media tools are not installed on this server/);
    expect(answer.msg).not.toContain('Formatting Error');
    // With the tools back, the same file is accepted: the refusal was about the server.
    expect(await uploadWhole(app, token, wav)).toMatchObject({ code: 200 });
  });

  it('marks recognition and translation languages unavailable while their engines are not installed', async () => {
    const user = await createUser(app.db, clock, { kind: 'email', value: uniqueEmail('noengines') }, 'secret123');
    const token = await issueToken(app.db, clock, user.id);
    const lists = await withOnlyPrograms([], () => call(app, 'GET', '/speech/audio/LanguageInternation', { token, lang: 'en-US' }));
    const enUS = lists.data.transcribeLanguage.find((item: any) => item.code === 'en-US');
    expect(enUS).toMatchObject({
      available: false,
      setting: 'ASR_URL',
      unavailableReason: 'speech recognition for en-US is not installed on this server (pocketsphinx); install it or set ASR_URL',
    });
    expect(lists.data.translation.find((item: any) => item.code === 'es-ES')).toMatchObject({ available: false, setting: 'TRANSLATE_URL' });
  });
});

describe('the start-up lines', () => {
  it('say per engine what is ready and what it serves, or why not', async () => {
    const t = app.services.i18n.translatorFor('en-US');
    const ready = (await call(app, 'GET', '/health', { lang: 'en-US' })).data;
    const lines = readinessLines(ready, t);
    expect(lines).toContain('speech recognition: pocketsphinx ready — en-US');
    expect(lines).toContain('translation: apertium ready — en-US → es-ES, es-ES → en-US');
    expect(lines).toContain('media tools: ffmpeg ready');
    expect(lines).toContain('payments: Sandbox — no money moves (PAYMENT_PROVIDER=sandbox)');
    const off = readinessLines({ ...ready, payments: { kind: 'none', sandbox: false, notice: null } }, t);
    expect(off).toContain('payments: not configured — purchases are refused until PAYMENT_PROVIDER is set (vendors or sandbox)');
    const missing = (await withOnlyPrograms([], () => call(app, 'GET', '/health', { lang: 'en-US' }))).data;
    expect(readinessLines(missing, t)).toContain('speech recognition: pocketsphinx NOT ready — pocketsphinx (pocketsphinx_continuous) is not installed on this server');
  });
});
