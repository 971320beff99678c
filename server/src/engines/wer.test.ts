import { describe, expect, it } from 'vitest';
import { tokenize, wordErrorRate } from './wer';

describe('word error rate', () => {
  it('is zero for the same words whatever case and punctuation', () => {
    expect(wordErrorRate('Open the door.', 'open the door')).toMatchObject({ rate: 0, referenceLength: 3 });
  });

  it('counts substitutions, deletions and insertions of the cheapest alignment', () => {
    expect(wordErrorRate('the cat is black', 'the cat is that')).toEqual({ rate: 0.25, substitutions: 1, deletions: 0, insertions: 0, referenceLength: 4 });
    expect(wordErrorRate('the cat is black', 'the cat black')).toEqual({ rate: 0.25, substitutions: 0, deletions: 1, insertions: 0, referenceLength: 4 });
    expect(wordErrorRate('the cat', 'oh the big cat')).toEqual({ rate: 1, substitutions: 0, deletions: 0, insertions: 2, referenceLength: 2 });
    expect(wordErrorRate('a b c d', '')).toMatchObject({ rate: 1, deletions: 4 });
  });

  it('can exceed 1 when the hypothesis is much longer', () => {
    expect(wordErrorRate('yes', 'no no no').rate).toBe(3);
  });

  it('handles empty references', () => {
    expect(wordErrorRate('', '').rate).toBe(0);
    expect(wordErrorRate('', 'hello').rate).toBe(1);
  });

  it('measures Chinese by character', () => {
    expect(tokenize('今天，天气好。', 'char')).toEqual(['今', '天', '天', '气', '好']);
    expect(wordErrorRate('今天天气很好', '今天天汽很好', 'char').rate).toBeCloseTo(1 / 6);
  });

  it('drops pronunciation-variant marks and keeps apostrophes inside words', () => {
    expect(tokenize("the(2) don't 'quoted'")).toEqual(['the', "don't", 'quoted']);
  });
});
