// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { DEFAULT_MEETING_CONFIG, recognitionEngines, setupProblems, toggleLanguage, toggleRecognition, toggleTranslation, translationEngines, type ServedLanguages } from './meetingSetup.rules';

const accepted = { ...DEFAULT_MEETING_CONFIG, termsAccepted: true };

describe('meeting setup rules', () => {
  it('accepts the defaults once the terms are accepted', () => {
    expect(setupProblems(DEFAULT_MEETING_CONFIG)).toEqual(['termsRequired']);
    expect(setupProblems(accepted)).toEqual([]);
  });

  it('keeps at least one translation language selected', () => {
    const config = toggleTranslation(accepted, 'zh-CN');
    expect(config.translationLanguages).toEqual(['zh-CN']);
  });

  it('allows at most 4 translation languages and 10 recognition languages', () => {
    let config = accepted;
    for (const code of ['es-ES', 'fr-FR', 'de-DE', 'ja-JP']) config = toggleTranslation(config, code);
    expect(config.translationLanguages).toEqual(['zh-CN', 'es-ES', 'fr-FR', 'de-DE']);
    for (let i = 0; i < 12; i += 1) config = toggleRecognition(config, `x${i}`);
    expect(config.recognitionLanguages).toHaveLength(10);
  });

  it('reports each problem of a hand-made config', () => {
    expect(setupProblems({ ...accepted, recognitionLanguages: [], translationLanguages: [] })).toEqual([
      'needRecognition',
      'needTranslation',
    ]);
    expect(setupProblems({ ...accepted, translationLanguages: ['a', 'b', 'c', 'd', 'e'] })).toEqual(['tooManyTranslation']);
  });

  it('toggles off when above the minimum', () => {
    expect(toggleLanguage(['a', 'b'], 'a', 1, 4)).toEqual(['b']);
    expect(toggleLanguage(['a'], 'a', 1, 4)).toEqual(['a']);
  });

  it('names the engine of each served language, and for a subtitle language the engines from the spoken ones', () => {
    const vosk = { id: 'vosk-stream', name: 'Vosk', remote: true };
    const apertium = { id: 'apertium', name: 'Apertium', remote: false };
    const libre = { id: 'libretranslate', name: 'LibreTranslate', remote: true };
    const served: ServedLanguages = {
      recognition: [
        { code: 'zh-CN', available: true, engine: vosk },
        { code: 'ja-JP', available: false, setting: 'ASR_URL' },
      ],
      translation: [
        { code: 'es-ES', available: true, sources: ['en-US', 'zh-CN'], sourceEngines: { 'en-US': apertium, 'zh-CN': libre } },
        { code: 'fr-FR', available: true, sources: ['zh-CN'], sourceEngines: { 'zh-CN': libre } },
      ],
    };
    expect(recognitionEngines(served)).toEqual({ 'zh-CN': [vosk] });
    expect(translationEngines(served, ['en-US'])).toEqual({ 'es-ES': [apertium] });
    expect(translationEngines(served, ['en-US', 'zh-CN'])).toEqual({ 'es-ES': [apertium, libre] });
    expect(translationEngines(undefined, ['en-US'])).toEqual({});
  });
});
