// Terms kept exactly through the real embedded translator (apertium eng-spa, installed by
// scripts/ensure-system-packages.sh), and given as a glossary to one that takes it.
import { afterAll, describe, expect, it } from 'vitest';
import { ApertiumTranslator } from '../../engines/apertium-translator';
import type { Translator, TranslateRequest } from '../../engines/types';
import { compileVocabulary } from './compiled-vocabulary';
import { protectTerms, restoreTerms, translateWithTerms } from './term-protection';
import { vocabularySet } from '../../testing/test-vocabulary';

const vocabulary = compileVocabulary(
  vocabularySet({
    terms: [
      { original: 'budget', translation: 'Presupuesto Parley', originalLanguage: 'en-US', translationLanguage: 'es-ES' },
      { original: 'meeting room', translation: 'sala Ágora', originalLanguage: 'en-US', translationLanguage: 'es-ES' },
    ],
  }),
);
const apertium = new ApertiumTranslator(60_000, { streaming: false });
afterAll(() => apertium.close());

describe('term protection', () => {
  it('puts placeholders in and takes them out again', () => {
    const p = protectTerms('The budget is in the meeting room, budget!', vocabulary, 'en-US', 'es-ES');
    expect(p.text).toBe('The Zqvterm0z is in the Zqvterm1z, Zqvterm2z!');
    expect(restoreTerms('El zqvterm0z está en el Zqvterm1z, Zqvterm2z!', p.targets)).toBe('El Presupuesto Parley está en el sala Ágora, Presupuesto Parley!');
  });

  it('keeps a term’s fixed Spanish translation through real apertium', async () => {
    const texts = ['The budget for the next quarter is ready.', 'We met in the meeting room yesterday.', 'Nothing to protect here.'];
    const plain = await apertium.translate(texts, { from: 'en-US', to: 'es-ES' });
    expect(plain[0]).toMatch(/presupuesto/i);
    expect(plain[0]).not.toContain('Presupuesto Parley');
    const kept = await translateWithTerms(apertium, texts, { from: 'en-US', to: 'es-ES' }, vocabulary);
    expect(kept[0]).toContain('Presupuesto Parley');
    expect(kept[0]).toMatch(/próximo/);
    expect(kept[1]).toContain('sala Ágora');
    expect(kept[2]).toBe(plain[2]);
    expect(kept.join(' ')).not.toMatch(/zqvterm/i);
  }, 60_000);

  it('sends only the terms found as a glossary to a translator that takes one', async () => {
    const requests: TranslateRequest[] = [];
    const chat: Translator = {
      id: 'glossary-taker',
      takesGlossary: true,
      pairs: () => [{ from: '*', to: '*' }],
      translate: async (texts, request) => {
        requests.push(request);
        return texts.map((t) => `es:${t}`);
      },
    };
    const out = await translateWithTerms(chat, ['the budget'], { from: 'en-US', to: 'es-ES' }, vocabulary);
    expect(out).toEqual(['es:the budget']);
    expect(requests[0]!.glossary).toEqual([{ source: 'budget', target: 'Presupuesto Parley' }]);
  });

  it('leaves the request alone without a vocabulary', async () => {
    const seen: string[][] = [];
    const echo: Translator = { id: 'echo', pairs: () => [], translate: async (texts) => (seen.push(texts), texts) };
    expect(await translateWithTerms(echo, ['budget'], { from: 'en-US', to: 'es-ES' }, null)).toEqual(['budget']);
    expect(seen).toEqual([['budget']]);
  });
});
