import { describe, expect, it } from 'vitest';
import { applyCorrections, findCorrections, PROPER_WORD_THRESHOLD, properWordKeys, soundDistance, soundDistanceWithin } from './phonetic-correction';
import { doubleMetaphone } from 'double-metaphone';

const keys = properWordKeys(['Datadog', 'Anthropic', 'Figma', '北京', 'X']);

describe('proper-word correction', () => {
  it('keys only Latin words of three letters or more (Double Metaphone is for English)', () => {
    expect(keys.map((k) => k.word)).toEqual(['Datadog', 'Anthropic', 'Figma']);
  });

  it('replaces runs of up to three recognised words that sound like a proper word', () => {
    const words = 'the answer optic team david og alert'.split(' ');
    const found = findCorrections(words, keys);
    expect(found.map((c) => [words.slice(c.start, c.start + c.count).join(' '), c.word])).toEqual([
      ['answer optic', 'Anthropic'],
      ['david og', 'Datadog'],
    ]);
  });

  it('leaves ordinary speech alone and fixes only the case of a proper word already right', () => {
    expect(findCorrections('the weather is good and the market is open'.split(' '), keys)).toEqual([]);
    expect(findCorrections(['datadog'], keys)).toEqual([{ start: 0, count: 1, word: 'Datadog', distance: 0 }]);
    expect(findCorrections('the data'.split(' '), keys)).toEqual([]);
  });

  it('keeps the punctuation after a replaced run', () => {
    const words = ['david', 'og,', 'again'].map((text) => ({ text }));
    expect(applyCorrections(words, findCorrections(words.map((w) => w.text), keys), (_run, text) => ({ text })).map((w) => w.text)).toEqual(['Datadog,', 'again']);
  });

  it('prunes without changing an answer: within the threshold the pruned and full distances agree', () => {
    const runs = ['davidog', 'answeroptic', 'thedata', 'figmo', 'dadadog', 'weather', 'anthropology', 'fig', 'dataset'];
    for (const key of keys) {
      for (const run of runs) {
        const codes = [...new Set(doubleMetaphone(run))];
        const full = soundDistance(key, run, codes);
        const pruned = soundDistanceWithin(key, run, codes, PROPER_WORD_THRESHOLD);
        if (full <= PROPER_WORD_THRESHOLD) expect(pruned).toBe(full);
        else expect(pruned).toSatisfy((d: number) => d > PROPER_WORD_THRESHOLD);
      }
    }
  });
});
