import { describe, expect, it } from 'vitest';
import { compileVocabulary } from './compiled-vocabulary';
import { vocabularySet } from '../../testing/test-vocabulary';
import { applyVocabularyToTranscript, replaceInWords } from './transcript-vocabulary';

const timed = (...texts: string[]) => texts.map((text, i) => ({ text, startMs: i * 100, endMs: i * 100 + 80 }));

describe('vocabulary on recognised words', () => {
  const vocabulary = compileVocabulary(
    vocabularySet({
      properWords: ['Datadog'],
      replacements: [
        { before: 'new york', after: 'New York City' },
        { before: 'um', after: ' ' },
        { before: '北京', after: '北京市' },
      ],
    }),
  );

  it('replaces across words, keeps punctuation, times the merged word from first to last', () => {
    expect(replaceInWords(timed('in', 'new', 'york,', 'today'), vocabulary)).toEqual([
      { text: 'in', startMs: 0, endMs: 80 },
      { text: 'New York City,', startMs: 100, endMs: 280 },
      { text: 'today', startMs: 300, endMs: 380 },
    ]);
    expect(replaceInWords(timed('so', 'um', 'yes'), vocabulary).map((w) => w.text)).toEqual(['so', 'yes']);
    expect(replaceInWords(timed('我', '在', '北京'), vocabulary).map((w) => w.text)).toEqual(['我', '在', '北京市']);
  });

  it('corrects then replaces a transcript when the engine took no hints, and only replaces when it did', () => {
    const segment = { startMs: 0, endMs: 600, text: 'david og in new york', words: timed('david', 'og', 'in', 'new', 'york') };
    const corrected = applyVocabularyToTranscript({ segments: [segment], words: segment.words }, vocabulary, { correct: true });
    expect(corrected.segments[0]!.text).toBe('Datadog in New York City');
    expect(corrected.words.map((w) => w.text)).toEqual(['Datadog', 'in', 'New York City']);
    const hinted = applyVocabularyToTranscript({ segments: [segment], words: segment.words }, vocabulary, { correct: false });
    expect(hinted.segments[0]!.text).toBe('david og in New York City');
  });
});
