import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../src/shared/contract/limits';
import { createServerI18n } from '../i18n';
import { loadEngineConfig } from './config';
import { EngineUnavailableError } from './engine-errors';
import { createEngines } from './registry';

const offline = loadEngineConfig({});
const remote = loadEngineConfig({
  ASR_URL: 'http://127.0.0.1:9001',
  TRANSLATE_URL: 'http://127.0.0.1:9002',
  TTS_URL: 'http://127.0.0.1:9003',
  SUMMARY_URL: 'http://127.0.0.1:9004',
});

function catchError(work: () => unknown): EngineUnavailableError {
  try {
    work();
  } catch (error) {
    if (error instanceof EngineUnavailableError) return error;
    throw error;
  }
  throw new Error('expected EngineUnavailableError');
}

describe('engine registry', () => {
  it('uses the embedded engines that serve a language or pair when nothing is configured', () => {
    const engines = createEngines(offline);
    expect(engines.recognizerFor('en-US').id).toBe('pocketsphinx');
    expect(engines.recognizerFor('en-GB').id).toBe('pocketsphinx');
    expect(engines.translatorFor('en-US', 'es-ES').id).toBe('apertium');
    expect(engines.translatorFor('es-ES', 'en-US').id).toBe('apertium');
    expect(engines.synthesizerFor('zh-CN').id).toBe('espeak-ng');
    expect(engines.summarizer.id).toBe('extractive');
    expect(engines.diarizer.id).toBe('spectral-mfcc');
    expect(engines.vad.create().speaking).toBe(false);
    expect(typeof engines.media.probe).toBe('function');
  });

  it('prefers the configured remote services for every language', () => {
    const engines = createEngines(remote);
    expect(engines.recognizerFor('en-US').id).toBe('openai-transcription');
    expect(engines.recognizerFor('zh-CN').id).toBe('openai-transcription');
    expect(engines.translatorFor('zh-CN', 'en-US').id).toBe('libretranslate');
    expect(createEngines(loadEngineConfig({ TRANSLATE_URL: 'http://x', TRANSLATE_KIND: 'openai' })).translatorFor('zh-CN', 'en-US').id).toBe('openai-chat-translate');
    expect(engines.synthesizerFor('ja-JP').id).toBe('openai-speech');
    expect(engines.summarizer.id).toBe('openai-chat-summary');
  });

  it('answers an identity translator for the same language', async () => {
    const translator = createEngines(offline).translatorFor('zh-CN', 'zh-CN');
    expect(await translator.translate(['你好'], { from: 'zh-CN', to: 'zh-CN' })).toEqual(['你好']);
  });

  it('fails a language without an engine with a translated message naming the setting', async () => {
    const engines = createEngines(offline);
    const i18n = await createServerI18n();
    const noTranslation = catchError(() => engines.translatorFor('zh-CN', 'en-US'));
    expect(noTranslation).toMatchObject({ code: 'engine_unavailable', key: 'engines:noTranslation', params: { from: 'zh-CN', to: 'en-US', setting: 'TRANSLATE_URL' } });
    expect(i18n.translatorFor('en-US')(noTranslation.key, noTranslation.params)).toBe('no translation engine for zh-CN → en-US; set TRANSLATE_URL');
    expect(i18n.translatorFor('zh-CN')(noTranslation.key, noTranslation.params)).toBe('没有可用于 zh-CN → en-US 的翻译引擎；请设置 TRANSLATE_URL');
    expect(i18n.translatorFor('zh-TW')(noTranslation.key, noTranslation.params)).toBe('沒有可用於 zh-CN → en-US 的翻譯引擎；請設定 TRANSLATE_URL');

    const noAsr = catchError(() => engines.recognizerFor('zh-CN'));
    expect(i18n.translatorFor('en-US')(noAsr.key, noAsr.params)).toBe('no speech recognition engine for zh-CN; set ASR_URL');
    const noTts = catchError(() => engines.synthesizerFor('xx-XX'));
    expect(i18n.translatorFor('en-US')(noTts.key, noTts.params)).toBe('no speech synthesis engine for xx-XX; set TTS_URL');
  });

  it('has every engines message in zh-CN, zh-TW and en-US with the same placeholders', () => {
    const load = (locale: string) =>
      JSON.parse(fs.readFileSync(new URL(`../../../src/i18n/locales/${locale}/engines.json`, import.meta.url), 'utf8')) as Record<string, string>;
    const reference = load('en-US');
    const placeholders = (text: string) => [...text.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();
    for (const locale of LOCALES) {
      const messages = load(locale);
      expect(Object.keys(messages).sort(), locale).toEqual(Object.keys(reference).sort());
      for (const [key, text] of Object.entries(messages)) {
        expect(text, `${locale} ${key}`).not.toBe('');
        expect(placeholders(text), `${locale} ${key}`).toEqual(placeholders(reference[key]!));
      }
    }
  });
});

describe('engine configuration', () => {
  it('reads remote services, keys, models and kinds from the environment', () => {
    expect(offline).toMatchObject({ asr: null, translate: null, tts: null, summary: null, separation: null });
    const config = loadEngineConfig({
      ASR_URL: 'http://whisper:8000',
      ASR_API_KEY: 'k1',
      ASR_MODEL: 'large-v3',
      TRANSLATE_URL: 'http://llm:8080/v1',
      TRANSLATE_KIND: 'OpenAI',
      TTS_URL: 'http://tts',
      TTS_VOICE: 'echo',
      SEPARATION_URL: 'http://demucs:9000/separate',
      SEPARATION_API_KEY: 'k2',
    });
    expect(config.asr).toEqual({ url: 'http://whisper:8000', apiKey: 'k1', model: 'large-v3' });
    expect(config.translate).toEqual({ url: 'http://llm:8080/v1', apiKey: null, model: 'gpt-4o-mini', kind: 'openai' });
    expect(config.tts).toEqual({ url: 'http://tts', apiKey: null, model: 'tts-1', voice: 'echo' });
    expect(config.separation).toEqual({ url: 'http://demucs:9000/separate', apiKey: 'k2', model: '' });
    expect(createEngines(config).separator?.id).toBe('remote-separation');
    expect(createEngines(offline).separator).toBeNull();
  });

  it('rejects settings that cannot work', () => {
    expect(() => loadEngineConfig({ ASR_URL: 'whisper:8000/x y' })).toThrow(/ASR_URL/);
    expect(() => loadEngineConfig({ TRANSLATE_URL: 'http://x', TRANSLATE_KIND: 'deepl' })).toThrow(/TRANSLATE_KIND/);
    expect(() => loadEngineConfig({ ENGINE_PROCESS_TIMEOUT_MS: '-1' })).toThrow(/ENGINE_PROCESS_TIMEOUT_MS/);
    expect(() => loadEngineConfig({ SEPARATION_URL: 'ftp://x' })).toThrow(/SEPARATION_URL/);
  });
});
