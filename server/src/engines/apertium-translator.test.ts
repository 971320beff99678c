import { describe, expect, it } from 'vitest';
import { ApertiumTranslator } from './apertium-translator';

const translator = new ApertiumTranslator();

describe('apertium translator', () => {
  it('translates English sentences to Spanish, one output per input in order', async () => {
    const out = await translator.translate(['The cat is black.', '', 'I want some water.\nThank you.'], { from: 'en-US', to: 'es-ES' });
    expect(out).toHaveLength(3);
    expect(out[0]).toBe('El gato es negro.');
    expect(out[1]).toBe('');
    expect(out[2]).toMatch(/agua/);
    expect(out[2]).not.toContain('\n');
  });

  it('translates Spanish to English and accepts regional tags of the same languages', async () => {
    expect(await translator.translate(['El gato es negro.'], { from: 'es-ES', to: 'en-US' })).toEqual(['The cat is black.']);
    expect(await translator.translate(['The house is big.'], { from: 'en-GB', to: 'es-MX' })).toEqual(['La casa es grande.']);
  });

  it('keeps many segments apart in one run', async () => {
    const texts = Array.from({ length: 40 }, (_, i) => `The house number ${i} is big.`);
    const out = await translator.translate(texts, { from: 'en-US', to: 'es-ES' });
    expect(out).toHaveLength(40);
    out.forEach((text, i) => expect(text).toContain(String(i)));
  });

  it('refuses a pair it has not got, naming TRANSLATE_URL', async () => {
    await expect(translator.translate(['你好'], { from: 'zh-CN', to: 'en-US' })).rejects.toMatchObject({
      code: 'engine_unavailable',
      key: 'engines:noTranslation',
      params: { from: 'zh-CN', to: 'en-US', setting: 'TRANSLATE_URL' },
    });
  });
});
