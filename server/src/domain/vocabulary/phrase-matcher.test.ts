import { describe, expect, it } from 'vitest';
import { foldCase, PhraseMatcher } from './phrase-matcher';

const matcher = (...phrases: string[]) => new PhraseMatcher(phrases.map((phrase) => ({ phrase, data: phrase })));

describe('PhraseMatcher', () => {
  it('finds Latin phrases only as whole words, ignoring case', () => {
    const m = matcher('ass', 'New York');
    expect(m.find('a class act in new york, NEW YORK!').map((h) => h.data)).toEqual(['New York', 'New York']);
    expect(m.find('assets')).toEqual([]);
    expect(m.find('ass.')).toEqual([{ start: 0, end: 3, data: 'ass' }]);
  });

  it('finds Chinese phrases anywhere (no spaces between words)', () => {
    const m = matcher('敏感', '北京');
    expect(m.replace('这是敏感词，来自北京市', (h) => `[${h.data}]`)).toBe('这是[敏感]词，来自[北京]市');
  });

  it('takes the leftmost, then the longest, never overlapping', () => {
    const m = matcher('new', 'new york', 'york city');
    expect(m.find('new york city').map((h) => h.data)).toEqual(['new york']);
    expect(m.replace('in new york city', (h) => h.data.toUpperCase())).toBe('in NEW YORK city');
  });

  it('keeps offsets of the original text when folding case', () => {
    expect(foldCase('İstanbul ABC').length).toBe('İstanbul ABC'.length);
    const m = matcher('abc');
    expect(m.replace('İstanbul ABC', () => 'x')).toBe('İstanbul x');
  });

  it('ignores empty phrases and answers nothing for an empty dictionary', () => {
    expect(matcher('', '  ').find('anything')).toEqual([]);
    expect(matcher().replace('same', () => 'x')).toBe('same');
  });
});
