import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeService, type FakeService } from './fake-service';
import { compileVocabulary } from '../domain/vocabulary/compiled-vocabulary';
import { translateWithTerms } from '../domain/vocabulary/term-protection';
import { vocabularySet } from '../testing/test-vocabulary';
import { libreTranslateCode, LibreTranslateTranslator } from './libretranslate-translator';
import { warmTaiwanScript } from './taiwan-script';

let service: FakeService;

beforeAll(async () => {
  // OpenCC's dictionaries load for seconds of CPU; loaded mid-test they stall the fake server's keep-alive socket.
  warmTaiwanScript();
  service = await startFakeService((request) => {
    const body = request.json<{ q: string[]; source: string; target: string }>();
    if (body.target === 'xx') return { status: 400, json: { error: 'xx is not supported' } };
    return { json: { translatedText: body.q.map((q) => `[${body.target}] ${q}`) } };
  });
});
afterAll(() => service.close());

describe('LibreTranslate adapter', () => {
  it('posts q as an array with source, target, format text and api_key, and keeps the order', async () => {
    const translator = new LibreTranslateTranslator({ url: `${service.url}/`, apiKey: 'lt-key', model: 'unused' }, 5_000);
    const out = await translator.translate(['你好', '再见'], { from: 'zh-CN', to: 'en-US' });
    expect(out).toEqual(['[en] 你好', '[en] 再见']);
    const request = service.requests.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/translate');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers.authorization).toBeUndefined();
    expect(request.json()).toEqual({ q: ['你好', '再见'], source: 'zh-Hans', target: 'en', format: 'text', api_key: 'lt-key' });
  });

  it('gets translation terms as placeholders, and the fixed translation goes back in', async () => {
    const translator = new LibreTranslateTranslator({ url: service.url, apiKey: null, model: 'unused' }, 5_000);
    const vocabulary = compileVocabulary(
      vocabularySet({ terms: [{ original: 'Parley', translation: 'Parlamento Parley', originalLanguage: 'en-US', translationLanguage: 'es-ES' }] }),
    );
    const out = await translateWithTerms(translator, ['Welcome to Parley'], { from: 'en-US', to: 'es-ES' }, vocabulary);
    expect(service.requests.at(-1)!.json()).toMatchObject({ q: ['Welcome to Zqvterm0z'], source: 'en', target: 'es' });
    expect(out).toEqual(['[es] Welcome to Parlamento Parley']);
  });

  it('omits api_key when none is configured and maps Chinese scripts', async () => {
    const translator = new LibreTranslateTranslator({ url: service.url, apiKey: null, model: 'unused' }, 5_000);
    await translator.translate(['hello'], { from: 'en-US', to: 'zh-TW' });
    expect(service.requests.at(-1)!.json()).toEqual({ q: ['hello'], source: 'en', target: 'zh-Hant', format: 'text' });
    expect(libreTranslateCode('es-ES')).toBe('es');
  });

  it('turns a refused pair into engine_failed with the status', async () => {
    const translator = new LibreTranslateTranslator({ url: service.url, apiKey: null, model: 'unused' }, 5_000);
    await expect(translator.translate(['hello'], { from: 'en-US', to: 'xx' })).rejects.toMatchObject({
      code: 'engine_failed',
      params: { engine: 'libretranslate', status: 400 },
    });
  });

  it('times out a service that does not answer', async () => {
    const slow = await startFakeService(() => ({ json: { translatedText: ['late'] }, delayMs: 2_000 }));
    try {
      const translator = new LibreTranslateTranslator({ url: slow.url, apiKey: null, model: 'unused' }, 200);
      await expect(translator.translate(['hello'], { from: 'en-US', to: 'es-ES' })).rejects.toMatchObject({ code: 'engine_timeout' });
    } finally {
      await slow.close();
    }
  });
});
