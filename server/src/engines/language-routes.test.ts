// Per-language engine routing: a deployment keeps the embedded engines for English and names remote
// ones for Chinese; the registry, readiness report and language pickers all follow the same choice.
import { describe, expect, it } from 'vitest';
import { createServerI18n } from '../i18n';
import { recognitionLanguages, synthesisLanguages, translationLanguages } from '../domain/transcript/language-lists';
import { loadEngineConfig } from './config';
import { createEngines } from './registry';

const chineseRemote = loadEngineConfig({
  ASR_STREAM_URL_ZH_CN: 'ws://vosk-cn:2700',
  ASR_STREAM_PHRASE_LIST: '1',
  TRANSLATE_URL_ZH_CN_TO_EN_US: 'http://libretranslate:5000',
  TRANSLATE_URL_TO_ZH: 'http://llm:8080/v1',
  TRANSLATE_KIND_TO_ZH: 'openai',
  TRANSLATE_MODEL_TO_ZH: 'qwen2.5-7b-instruct',
  TTS_URL_ZH_CN: 'http://kokoro:8880',
  TTS_VOICES_ZH_CN: 'zf_xiaobei, zm_yunjian',
});

describe('per-language engine routing', () => {
  it('reads scoped settings, inheriting keys and models from the global ones', () => {
    const routes = chineseRemote.routes!;
    expect(routes.asrStream).toEqual({ ZH_CN: { url: 'ws://vosk-cn:2700', languages: ['zh-CN'], phraseList: true } });
    expect(routes.translate.TO_ZH).toEqual({ url: 'http://llm:8080/v1', apiKey: null, model: 'qwen2.5-7b-instruct', kind: 'openai' });
    expect(routes.translate.ZH_CN_TO_EN_US).toMatchObject({ kind: 'libretranslate' });
    expect(routes.tts.ZH_CN).toEqual({ url: 'http://kokoro:8880', apiKey: null, model: 'tts-1', voice: 'zf_xiaobei', voices: ['zf_xiaobei', 'zm_yunjian'] });
    expect(() => loadEngineConfig({ ASR_STREAM_URL_ZH_CN: 'http://vosk:2700' })).toThrow(/ASR_STREAM_URL_ZH_CN must be a ws\/wss URL/);
  });

  it('routes each language to its engine and leaves the others on the embedded ones', () => {
    const engines = createEngines(chineseRemote);
    expect(engines.recognizerFor('zh-CN').id).toBe('vosk-stream');
    expect(engines.recognizerFor('zh-CN').takesHints).toBe(true);
    expect(engines.recognizerFor('en-US').id).toBe('pocketsphinx');
    expect(() => engines.recognizerFor('ja-JP')).toThrow();
    expect(engines.translatorFor('zh-CN', 'en-US').id).toBe('libretranslate');
    expect(engines.translatorFor('en-US', 'zh-TW').id).toBe('openai-chat-translate');
    expect(engines.translatorFor('en-US', 'es-ES').id).toBe('apertium');
    expect(engines.synthesizerFor('zh-CN').voices('zh-CN').map((v) => v.id)).toEqual(['zf_xiaobei', 'zm_yunjian']);
    // English stays embedded: flite's voices beside espeak-ng's where flite is installed.
    expect(engines.synthesizerFor('en-US').id).toMatch(/^(flite\+)?espeak-ng$/);
  });

  it('`embedded` keeps a language on the embedded engine although a global service is set', () => {
    const engines = createEngines(loadEngineConfig({ ASR_URL: 'http://whisper:8000', ASR_URL_EN: 'embedded', ASR_STREAM_URL: 'ws://vosk:2700', ASR_STREAM_LANGUAGES: 'zh-CN,zh-TW' }));
    expect(engines.recognizerFor('en-GB').id).toBe('pocketsphinx');
    expect(engines.recognizerFor('zh-TW').id).toBe('vosk-stream');
    expect(engines.recognizerFor('ja-JP').id).toBe('openai-transcription');
  });

  it('the health report and the pickers show exactly what each language has', async () => {
    const engines = createEngines(chineseRemote);
    const readiness = engines.readiness();
    expect(readiness.filter((r) => r.remote)).toEqual(expect.arrayContaining([
      expect.objectContaining({ kind: 'recognition', engine: 'vosk-stream', languages: ['zh-CN'], setting: 'ASR_STREAM_URL' }),
      expect.objectContaining({ kind: 'translation', engine: 'libretranslate', pairs: [{ from: 'zh-CN', to: 'en-US' }] }),
      expect.objectContaining({ kind: 'translation', engine: 'openai-chat-translate', pairs: [{ from: '*', to: 'zh' }] }),
      expect.objectContaining({ kind: 'synthesis', engine: 'openai-speech', languages: ['zh-CN'] }),
    ]));
    expect(engines.describe().asr[0]).toBe('vosk-stream (zh-CN)');
    const i18n = await createServerI18n();
    const t = i18n.translatorFor('en-US');
    const asr = Object.fromEntries(recognitionLanguages(engines, 'en-US', t).map((item) => [item.code, item.available]));
    expect(asr).toMatchObject({ 'zh-CN': true, 'en-US': true, 'zh-TW': false, 'ja-JP': false });
    const into = Object.fromEntries(translationLanguages(engines, 'en-US', t).map((item) => [item.code, item.sources]));
    expect(into['en-US']).toContain('zh-CN');
    expect(into['en-US']).not.toContain('ja-JP');
    expect(into['zh-TW']).toContain('ja-JP');
    const voices = Object.fromEntries(synthesisLanguages(engines, 'en-US', t).map((item) => [item.code, item.voices]));
    expect(voices['zh-CN']).toEqual(['zf_xiaobei', 'zm_yunjian']);
  });

  it('each picker names the engine the routing picks: Vosk server for zh-CN, embedded pocketsphinx for English', async () => {
    const engines = createEngines(chineseRemote);
    const t = (await createServerI18n()).translatorFor('en-US');
    const asr = new Map(recognitionLanguages(engines, 'en-US', t).map((item) => [item.code, item]));
    expect(asr.get('zh-CN')?.engine).toEqual({ id: 'vosk-stream', name: 'Vosk', remote: true });
    expect(asr.get('en-US')?.engine).toEqual({ id: 'pocketsphinx', name: 'pocketsphinx', remote: false });
    expect(asr.get('ja-JP')).toMatchObject({ available: false, setting: 'ASR_URL' });
    expect(asr.get('ja-JP')?.engine).toBeUndefined();
    const into = new Map(translationLanguages(engines, 'en-US', t).map((item) => [item.code, item]));
    expect(into.get('en-US')?.sourceEngines?.['zh-CN']).toMatchObject({ id: 'libretranslate', remote: true });
    expect(into.get('es-ES')?.sourceEngines?.['en-US']).toMatchObject({ id: 'apertium', remote: false });
    expect(into.get('zh-TW')?.sourceEngines?.['ja-JP']).toMatchObject({ id: 'openai-chat-translate', remote: true });
    expect(Object.keys(into.get('en-US')?.sourceEngines ?? {})).toEqual(into.get('en-US')?.sources);
    const speech = new Map(synthesisLanguages(engines, 'en-US', t).map((item) => [item.code, item]));
    expect(speech.get('zh-CN')?.engine).toEqual({ id: 'openai-speech', name: 'speech API', remote: true });
    expect(speech.get('en-US')?.engine).toMatchObject({ remote: false });
    // Every language's named engine is the one the registry hands the jobs and meetings.
    for (const item of asr.values()) if (item.available) expect(item.engine?.id).toBe(engines.recognizerFor(item.code).id);
    for (const item of speech.values()) if (item.available) expect(item.engine?.id).toBe(engines.synthesizerFor(item.code).id);
  });
});
