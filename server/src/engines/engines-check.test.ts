// engines:check against local servers for each protocol: every configured engine is called once,
// a dead one is reported with its error, and the coverage names the engine of each language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEngineConfig } from './config';
import { checkEngines, formatEngineCheck } from './engines-check';
import { startFakeService, type FakeService } from './fake-service';
import { startFakeVoskServer, type FakeVoskServer } from './vosk-stream/fake-vosk-server';
import { encodeWav } from './wav';

let vosk: FakeVoskServer;
let libre: FakeService;
let tts: FakeService;

beforeAll(async () => {
  vosk = await startFakeVoskServer({ lexicon: ['你好'] });
  libre = await startFakeService((request) => ({ json: { translatedText: request.json<{ q: string[] }>().q.map((q) => `T:${q}`) } }));
  tts = await startFakeService(() => ({ body: encodeWav(new Int16Array(1600), 16_000), contentType: 'audio/wav' }));
});
afterAll(async () => {
  await vosk.close();
  await libre.close();
  await tts.close();
});

describe('engines:check', () => {
  it('calls each configured engine once and reports latency and per-language coverage', async () => {
    const config = loadEngineConfig({
      ASR_STREAM_URL_ZH: vosk.url,
      TRANSLATE_URL_TO_EN: libre.url,
      TRANSLATE_URL_TO_ZH_TW: 'http://127.0.0.1:9',
      TTS_URL_ZH_CN: tts.url,
      TTS_VOICES_ZH_CN: 'xiaobei,yunjian',
      ASR_URL_EN: 'embedded',
    });
    const report = await checkEngines(config, ['zh-CN', 'zh-TW', 'en-US']);
    const probe = (kind: string, engine: string) => report.probes.find((p) => p.kind === kind && p.engine === engine);
    expect(probe('recognition', 'vosk-stream')).toMatchObject({ ok: true, subject: 'zh-CN', detail: '0 segments' });
    expect(probe('synthesis', 'openai-speech')).toMatchObject({ ok: true, subject: 'zh-CN', detail: expect.stringContaining('2 voices') });
    expect(report.probes.find((p) => p.subject === 'zh-CN→en-US')).toMatchObject({ ok: true, engine: 'libretranslate', detail: 'T:会议现在开始' });
    expect(report.probes.find((p) => p.subject === 'zh-CN→zh-TW')).toMatchObject({ ok: false, engine: 'libretranslate' });
    expect(vosk.connections).toBe(1);
    expect(libre.requests).toHaveLength(1);
    expect(report.coverage.find((c) => c.language === 'zh-TW')).toMatchObject({ recognition: 'vosk-stream', translation: { 'en-US': 'libretranslate' } });
    expect(report.coverage.find((c) => c.language === 'en-US')).toMatchObject({ recognition: 'pocketsphinx', synthesis: expect.stringMatching(/^(flite\+)?espeak-ng$/) });
    const lines = formatEngineCheck(report);
    expect(lines.some((line) => line.startsWith('FAIL translation'))).toBe(true);
    expect(lines.find((line) => line.startsWith('zh-CN '))).toMatch(/vosk-stream\s+openai-speech/);
  }, 60_000);
});
