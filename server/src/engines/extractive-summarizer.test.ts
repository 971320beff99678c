import { describe, expect, it } from 'vitest';
import { ExtractiveSummarizer, scoreSentences, splitSentences } from './extractive-summarizer';

const summarizer = new ExtractiveSummarizer();

const ENGLISH = [
  'Good morning everyone.',
  'The budget for the new office was approved by the board.',
  'Lunch will be at noon.',
  'The office move starts in March and the budget covers the new desks.',
  'Thanks.',
  'Please send questions about the office budget to Anna.',
].join(' ');

describe('extractive summariser', () => {
  it('splits English and Chinese sentences', () => {
    expect(splitSentences('One. Two?  Three!', 'en-US')).toEqual(['One.', 'Two?', 'Three!']);
    expect(splitSentences('今天开会。预算通过了！谁负责？', 'zh-CN')).toEqual(['今天开会。', '预算通过了！', '谁负责？']);
  });

  it('scores sentences that repeat the main terms highest, ignoring stop words', () => {
    const scored = scoreSentences(ENGLISH, 'en-US');
    const ranking = [...scored].sort((a, b) => b.score - a.score).map((s) => s.index);
    // Sentences 1, 3 and 5 carry "office" and "budget"; greetings and lunch do not.
    expect(ranking.slice(0, 3).sort()).toEqual([1, 3, 5]);
    expect(scored[4]!.score).toBe(0);
  });

  it('answers the top sentences in their original order', async () => {
    const summary = await summarizer.summarize(ENGLISH, { language: 'en-US', sentences: 2 });
    const scored = scoreSentences(ENGLISH, 'en-US');
    const top2 = [...scored].sort((a, b) => b.score - a.score || a.index - b.index).slice(0, 2).sort((a, b) => a.index - b.index);
    expect(summary).toBe(top2.map((s) => s.text).join(' '));
    expect(summary.indexOf(top2[0]!.text)).toBe(0);
  });

  it('respects a character budget and is deterministic', async () => {
    const first = await summarizer.summarize(ENGLISH, { language: 'en-US', sentences: 5, maxChars: 80 });
    expect(first.length).toBeLessThanOrEqual(80);
    expect(first.length).toBeGreaterThan(0);
    expect(await summarizer.summarize(ENGLISH, { language: 'en-US', sentences: 5, maxChars: 80 })).toBe(first);
    const cut = await summarizer.summarize(ENGLISH, { language: 'en-US', maxChars: 10 });
    expect([...cut].length).toBeLessThanOrEqual(10);
  });

  it('ranks Chinese sentences by character bigrams', async () => {
    const text = '大家早上好。今天讨论新产品的发布计划。午饭在十二点。新产品的发布计划需要市场部确认。谢谢。';
    const summary = await summarizer.summarize(text, { language: 'zh-CN', sentences: 2 });
    expect(summary).toBe('今天讨论新产品的发布计划。新产品的发布计划需要市场部确认。');
  });

  it('answers an empty summary for empty text', async () => {
    expect(await summarizer.summarize('   ', { language: 'en-US' })).toBe('');
  });
});
