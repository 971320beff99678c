import { describe, expect, it } from 'vitest';
import { cleanText, tidySentence } from './clean';
import { splitSentences } from './sentences';
import { contentTerms, wordsOf } from './terms';

describe('cleaning spoken text', () => {
  it('drops fillers, hedges, non-speech tags, stutters and tokenised spacing', () => {
    expect(cleanText('Um I mean, you know, we should uh go with the the yellow one {vocalsound} .', 'en-US')).toBe('we should go with the yellow one.');
    expect(cleanText('I I think the h hour is [laughter] fine', 'en-US')).toBe('the hour is fine');
    expect(cleanText('Eh, o sea, tenemos que terminar el informe', 'es-ES')).toBe('tenemos que terminar el informe');
    expect(cleanText('嗯，那个，我们 决定 决定下周发布。', 'zh-CN')).toBe('我们决定下周发布。');
  });

  it('tidies a sentence: leading markers off, capital first, final stop on', () => {
    expect(tidySentence('so, okay, we ship on Friday', 'en-US')).toBe('We ship on Friday.');
    expect(tidySentence('Okay.', 'en-US')).toBe('');
    expect(tidySentence('好的，我们下周发布', 'zh-CN')).toBe('我们下周发布。');
  });

  it('starts every sentence of a line with a capital and drops a stop left before a comma', () => {
    expect(tidySentence('this is our first meeting. and I have the agenda', 'en-US')).toBe('This is our first meeting. And I have the agenda.');
    expect(tidySentence('thank you., cool, I am the marketing expert', 'en-US')).toBe('Thank you. Cool, I am the marketing expert.');
  });

  it('splits sentences and words in every supported language', () => {
    expect(splitSentences('One thing. Two? Three!', 'en-US')).toEqual(['One thing.', 'Two?', 'Three!']);
    expect(splitSentences('今天开会。预算通过了！谁负责？', 'zh-CN')).toEqual(['今天开会。', '预算通过了！', '谁负责？']);
    // Chinese has no spaces: Intl.Segmenter finds the words, stop words drop out of the terms.
    expect(wordsOf('我们决定下周五之前完成产品设计', 'zh-CN')).toContain('产品');
    expect(contentTerms(wordsOf('我们决定下周五之前完成产品设计', 'zh-CN'), 'zh-CN')).not.toContain('我们');
    expect(contentTerms(wordsOf('The decisions about the remote controls', 'en-US'), 'en-US')).toEqual(['decision', 'remote', 'control']);
    expect(contentTerms(wordsOf('Las decisiones sobre los mandos', 'es-ES'), 'es-ES')).toEqual(['decision', 'mando']);
  });
});

describe('Spanish sentence openings', () => {
  it('drops discourse markers but keeps a demonstrative that opens the sentence', () => {
    expect(tidySentence('bueno, sí, vamos a revisar el presupuesto', 'es-ES')).toBe('Vamos a revisar el presupuesto.');
    expect(tidySentence('este proyecto termina en mayo', 'es-ES')).toBe('Este proyecto termina en mayo.');
  });
});

describe('false starts', () => {
  it('drops a cut-off word before the word it began, never a real short word or a contraction', () => {
    expect(cleanText('in San Diego th the tortillas are cooked', 'en-US')).toBe('in San Diego the tortillas are cooked');
    expect(cleanText("we were in information and it's so good", 'en-US')).toBe("we were in information and it's so good");
  });
});
