import { describe, expect, it } from 'vitest';
import { compileVocabulary, MASK_CHAR } from './compiled-vocabulary';
import { vocabularySet } from '../../testing/test-vocabulary';

describe('CompiledVocabulary', () => {
  const set = vocabularySet({
    properWords: ['Datadog', 'Anthropic'],
    sensitiveWords: ['damn', '傻瓜'],
    replacements: [{ before: 'k8s', after: 'Kubernetes' }, { before: 'gonna', after: 'going to' }],
    terms: [{ original: 'budget', translation: 'presupuesto fijo', originalLanguage: 'en-US', translationLanguage: 'es-ES' }],
  });
  const vocabulary = compileVocabulary(set);

  it('is compiled once per set', () => {
    expect(compileVocabulary(set)).toBe(vocabulary);
  });

  it('masks sensitive words with one star per character, in Latin and Chinese text', () => {
    expect(vocabulary.mask('Damn, that is damnation, 你这个傻瓜')).toBe(`${MASK_CHAR.repeat(4)}, that is damnation, 你这个${MASK_CHAR.repeat(2)}`);
  });

  it('replaces before → after', () => {
    expect(vocabulary.replace("we're gonna move k8s")).toBe("we're going to move Kubernetes");
  });

  it('corrects recognised runs that sound like a proper word, merging their timings', () => {
    const words = ['david', 'og', 'a', 'while'].map((text, i) => ({ text, startMs: i * 100, endMs: i * 100 + 90 }));
    expect(vocabulary.correctWords(words)).toEqual([
      { text: 'Datadog', startMs: 0, endMs: 190 },
      { text: 'a', startMs: 200, endMs: 290 },
      { text: 'while', startMs: 300, endMs: 390 },
    ]);
    const plain = ['the', 'weather', 'is', 'good'].map((text, i) => ({ text, startMs: i, endMs: i + 1 }));
    expect(vocabulary.correctWords(plain)).toEqual(plain);
  });

  it('orients terms by the translation direction', () => {
    expect(vocabulary.glossary('en-US', 'es-ES').entries).toEqual([{ source: 'budget', target: 'presupuesto fijo' }]);
    expect(vocabulary.glossary('es', 'en').entries).toEqual([{ source: 'presupuesto fijo', target: 'budget' }]);
    expect(vocabulary.glossary('en-US', 'zh-CN').entries).toEqual([]);
  });
});
