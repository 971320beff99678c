// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { servedDefault, servedTarget, servingEngines, targetUnavailability, unavailabilityOf, type ServedLanguage } from './language-availability';

// What the embedded engines answer: en-US recognised; en-US ↔ es-ES translated.
const recognition: ServedLanguage[] = [
  { code: 'zh-CN', available: false, unavailableReason: 'no speech recognition engine for zh-CN; set ASR_URL', setting: 'ASR_URL' },
  { code: 'en-US', available: true },
  { code: 'es-ES', available: false, setting: 'ASR_URL' },
];
const translation: ServedLanguage[] = [
  { code: 'zh-CN', available: false, setting: 'TRANSLATE_URL', sources: [] },
  { code: 'en-US', available: true, sources: ['es-ES'] },
  { code: 'es-ES', available: true, sources: ['en-US'] },
];

describe('language availability', () => {
  it('reads the reason and setting of an unavailable language', () => {
    expect(unavailabilityOf(recognition[0])).toEqual({ reason: 'no speech recognition engine for zh-CN; set ASR_URL', setting: 'ASR_URL' });
    expect(unavailabilityOf(recognition[1])).toBeNull();
    expect(unavailabilityOf({ code: 'fr-FR' })).toBeNull();
  });

  it('keeps the spec default when served, else the first served language', () => {
    expect(servedDefault(recognition, 'zh-CN')).toBe('en-US');
    expect(servedDefault(recognition, 'en-US')).toBe('en-US');
    expect(servedDefault([{ code: 'zh-CN', available: true }, { code: 'en-US', available: true }], 'zh-CN')).toBe('zh-CN');
    // Nothing loaded (yet): the preferred language stays.
    expect(servedDefault([], 'zh-CN')).toBe('zh-CN');
  });

  it('judges a translation target by the spoken languages', () => {
    expect(targetUnavailability(translation[2]!, ['en-US'])).toBeNull();
    expect(targetUnavailability(translation[2]!, ['zh-CN'])).toEqual({ reason: null, setting: 'TRANSLATE_URL' });
    expect(targetUnavailability(translation[0]!, ['en-US'])).toMatchObject({ setting: 'TRANSLATE_URL' });
    // A target equal to a spoken language needs no engine for that one.
    expect(targetUnavailability(translation[2]!, ['en-US', 'es-ES'])).toBeNull();
  });

  it('picks a served translation target: en-US → es-ES on the embedded engines', () => {
    expect(servedTarget(translation, 'zh-CN', ['en-US'])).toBe('es-ES');
    expect(servedTarget(translation, 'es-ES', ['en-US'])).toBe('es-ES');
    expect(servedTarget(translation, 'zh-CN', ['zh-CN'])).toBeNull();
  });

  it('names the engines serving a language: its own, or per chosen source for a target, each once', () => {
    const llm = { id: 'openai-chat-translate', name: 'chat model API', remote: true };
    expect(servingEngines({ code: 'en-US', available: true, engine: { id: 'pocketsphinx', name: 'pocketsphinx', remote: false } })).toEqual([{ id: 'pocketsphinx', name: 'pocketsphinx', remote: false }]);
    const target: ServedLanguage = { code: 'zh-TW', available: true, sources: ['en-US', 'ja-JP'], sourceEngines: { 'en-US': llm, 'ja-JP': llm } };
    expect(servingEngines(target)).toEqual([llm]);
    expect(servingEngines(target, ['ja-jp'])).toEqual([llm]);
    expect(servingEngines(target, ['es-ES'])).toEqual([]);
    expect(servingEngines({ code: 'ar-SA', available: false, engine: llm })).toEqual([]);
  });
});
