// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Summary } from '../../api/meetings/meeting-types';
import { distinctSummary, instantSummaryLanguage, sentencesOf } from './instant-summary';

const summary = (content: string, keyPoints: string[], lang = 'en-US'): Summary => ({ transId: 't', state: 'completed', content, keyPoints, lang });

describe('instant summary language', () => {
  it('asks in the host’s interface language when the meeting has lines in it, never the first translation by default', () => {
    // The reported case: an English host, English speech translated into Spanish.
    expect(instantSummaryLanguage('en-US', ['en-US', 'es-ES'])).toBe('en-US');
    // A Chinese host of an English meeting translated into Chinese reads the Chinese translation.
    expect(instantSummaryLanguage('zh-CN', ['en-US', 'zh-CN', 'es-ES'])).toBe('zh-CN');
    expect(instantSummaryLanguage('en-GB', ['es-ES', 'en-US'])).toBe('en-US');
  });

  it('leaves the language to the record when the host’s language is not the meeting’s', () => {
    expect(instantSummaryLanguage('en-US', ['es-ES', 'fr-FR'])).toBeUndefined();
    // Traditional Chinese is not read from Simplified lines.
    expect(instantSummaryLanguage('zh-TW', ['zh-CN', 'en-US'])).toBeUndefined();
    expect(instantSummaryLanguage(null, ['en-US'])).toBeUndefined();
  });
});

describe('distinct summary', () => {
  it('shows a sentence repeated by the server once, and no key point that repeats the summary', () => {
    // What the host saw: one sentence three times as the summary and three times as key points.
    const seen = distinctSummary(summary('Vamos a revisar el presupuesto. Vamos a revisar el presupuesto. Vamos a revisar el presupuesto.', ['Vamos a revisar el presupuesto.', 'Vamos a revisar el presupuesto.', 'Vamos a revisar el presupuesto.'], 'es-ES'));
    expect(seen.content).toBe('Vamos a revisar el presupuesto.');
    expect(seen.keyPoints).toEqual([]);
  });

  it('keeps distinct sentences and key points in order, comparing words rather than case or punctuation', () => {
    const seen = distinctSummary(summary('We ship on Friday. Ann writes the notes! we ship on friday', ['Ann writes the notes', 'The budget covers two desks.', 'The budget covers two desks']));
    expect(seen.content).toBe('We ship on Friday. Ann writes the notes!');
    expect(seen.keyPoints).toEqual(['The budget covers two desks.']);
  });

  it('splits Chinese sentences and joins them without spaces', () => {
    expect(sentencesOf('我们周五发布。预算已经批准。', 'zh-CN')).toEqual(['我们周五发布。', '预算已经批准。']);
    expect(distinctSummary(summary('我们周五发布。我们周五发布。预算已经批准。', [], 'zh-CN')).content).toBe('我们周五发布。预算已经批准。');
  });
});
