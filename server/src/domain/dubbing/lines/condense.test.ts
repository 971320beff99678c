// The shorter wordings transAdjust tries: tidying, asides, spelled-out numbers and hesitation words,
// never content words that only look like fillers, never an emptied line.
import { describe, expect, it } from 'vitest';
import { numbersAsDigits, tidy, withoutFillers, withoutParentheticals, wordings } from './condense';

describe('condense', () => {
  it('tidies spaces, ellipses and repeated punctuation', () => {
    expect(tidy('  Well ,  that is it...  right?? ')).toBe('Well, that is it right?');
    expect(tidy('好的，，我们开始……')).toBe('好的，我们开始');
  });

  it('drops asides in brackets and between dashes', () => {
    expect(withoutParentheticals('Empecemos (como dije antes) ahora.')).toBe('Empecemos ahora.');
    expect(withoutParentheticals('我们开始（笑）吧。')).toBe('我们开始吧。');
    expect(withoutParentheticals('We start — as you know — now.')).toBe('We start now.');
  });

  it('removes hesitation words but keeps words that can be content', () => {
    expect(withoutFillers('Um, we basically start now.', 'en-US')).toBe('We start now.');
    expect(withoutFillers('I like it, you know him.', 'en-US')).toBe('I like it, you know him.');
    expect(withoutFillers('Eh, o sea, empezamos.', 'es-ES')).toBe('Empezamos.');
    expect(withoutFillers('Es bueno.', 'es-ES')).toBe('Es bueno.');
    expect(withoutFillers('嗯，其实我们开始吧。', 'zh-CN')).toBe('我们开始吧。');
    expect(withoutFillers('Um.', 'en-US')).toBe('Um.');
    expect(withoutFillers('음식이 좋아요', 'ko-KR')).toBe('음식이 좋아요');
  });

  it('writes spelled-out numbers as digits, leaving "one" alone', () => {
    expect(numbersAsDigits('Twenty-five people and eighteen chairs for the one I saw', 'en-US')).toBe('25 people and 18 chairs for the one I saw');
    expect(numbersAsDigits('Tengo quince años y dos hermanos', 'es-ES')).toBe('Tengo 15 años y 2 hermanos');
  });

  it('lists translation variants least change first, and a condensed source only when it differs', () => {
    const result = wordings('Um, we start (as I said).', 'en-US', 'Empezamos (como dije), eh, a las veinte.', 'es-ES');
    expect(result.translationVariants).toEqual(['Empezamos, eh, a las veinte.', 'Empezamos, eh, a las 20.', 'Empezamos, a las 20.']);
    expect(result.condensedSource).toBe('We start.');
    expect(wordings('We start.', 'en-US', 'Empezamos.', 'es-ES')).toEqual({ translationVariants: [], condensedSource: null });
  });
});
