import { describe, expect, it } from 'vitest';
import type { SummaryLine } from '../types';
import { textKey } from './select';
import { hasSummarizableContent, keyPointCount, summarizeOffline, summaryBudgetWords } from './offline-summarizer';

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

// A small product meeting: the remote control's price, buttons and battery come back again and again;
// small talk does not.
const MEETING: SummaryLine[] = [
  ['Ann', 'Okay, so this is our first meeting about the new remote control project.'],
  ['Ann', 'Um, the remote control should sell for twenty five euros and make a profit of fifty million.'],
  ['Bob', 'Uh, I had a nice weekend, thanks.'],
  ['Cem', 'The buttons on current remote controls are too small and most people never use half of them.'],
  ['Bob', 'A remote control with fewer buttons and bigger buttons would be easier to use.'],
  ['Ann', 'We decided that the remote control will have large buttons and a rechargeable battery.'],
  ['Cem', 'The battery should last a month and the charger could be the stand of the remote control.'],
  ['Bob', 'Yeah.'],
  ['Ann', 'Bob needs to send the button layout to everyone by Friday.'],
  ['Cem', 'I will check the price of rechargeable batteries before the next meeting.'],
  ['Bob', 'Mm-hmm, okay.'],
  ['Ann', 'The design of the remote control has to look fashionable for young people too.'],
  ['Cem', 'A fashionable remote control with a rechargeable battery fits the price of twenty five euros.'],
].map(([speaker, text], i) => ({ speaker, text: text!, startMs: i * 5000 }));

describe('offline summariser', () => {
  it('picks central sentences, never small talk, never a sentence twice', () => {
    const result = summarizeOffline(MEETING, { language: 'en-US' });
    expect(result.engine).toBe('offline');
    expect(result.summary).toMatch(/remote control/);
    expect(result.summary).not.toMatch(/weekend/);
    const summarySentences = result.summary.match(/[^.!?]+[.!?]/g)!.map(textKey);
    const all = [...summarySentences, ...result.keyPoints.map(textKey)];
    expect(new Set(all).size).toBe(all.length);
    expect(result.keyPoints.length).toBeGreaterThan(0);
    for (const point of result.keyPoints) expect(result.summary).not.toContain(point.slice(0, -1));
  });

  it('finds decisions and action items with who stated them', () => {
    const result = summarizeOffline(MEETING, { language: 'en-US' });
    expect(result.decisions).toEqual([{ text: 'We decided that the remote control will have large buttons and a rechargeable battery.', speaker: 'Ann' }]);
    expect(result.actionItems).toContainEqual({ text: 'Bob needs to send the button layout to everyone by Friday.', speaker: 'Ann' });
    expect(result.actionItems).toContainEqual({ text: 'I will check the price of rechargeable batteries before the next meeting.', speaker: 'Cem' });
  });

  it('gives keywords without stop words or fillers, phrases kept whole', () => {
    const { keywords } = summarizeOffline(MEETING, { language: 'en-US' });
    expect(keywords.slice(0, 3)).toContain('remote control');
    expect(keywords).toContain('buttons');
    for (const word of ['the', 'um', 'uh', 'yeah', 'okay', 'remote']) expect(keywords).not.toContain(word);
  });

  it('grows the summary with the meeting, about 80 to 250 words', () => {
    expect(summaryBudgetWords(1_000)).toBeGreaterThanOrEqual(80);
    expect(summaryBudgetWords(6_000)).toBeGreaterThan(summaryBudgetWords(1_000));
    expect(summaryBudgetWords(40_000)).toBe(250);
    expect(summaryBudgetWords(30)).toBeLessThan(30);
    expect(keyPointCount(40_000)).toBe(7);
    // A long meeting of distinct topics fills most of its budget.
    const long: SummaryLine[] = Array.from({ length: 400 }, (_, i) => ({
      text: `Topic ${i % 40} covers the ${['budget', 'design', 'battery', 'buttons', 'price'][i % 5]} plan number ${i % 40} and its schedule item ${i}.`,
    }));
    const words = wordCount(summarizeOffline(long, { language: 'en-US' }).summary);
    expect(words).toBeGreaterThan(80);
    expect(words).toBeLessThanOrEqual(summaryBudgetWords(long.length * 14) + 20);
  });

  it('honours a sentence count and a character bound', () => {
    const two = summarizeOffline(MEETING, { language: 'en-US', sentences: 2 });
    expect(two.summary.match(/[.!?]/g)).toHaveLength(2);
    const short = summarizeOffline(MEETING, { language: 'en-US', maxChars: 30 });
    expect([...short.summary].length).toBeLessThanOrEqual(30);
    expect(short.summary.length).toBeGreaterThan(0);
  });

  it('handles bad input: empty, one line, fillers only, the same line repeated', () => {
    expect(summarizeOffline([], { language: 'en-US' }).summary).toBe('');
    expect(hasSummarizableContent([{ text: 'Um, uh, yeah. Okay. Mm-hmm.' }, { text: '{vocalsound}' }], 'en-US')).toBe(false);
    expect(hasSummarizableContent([{ text: '嗯嗯。啊。对吧。' }], 'zh-CN')).toBe(false);
    expect(summarizeOffline([{ text: 'Um, uh, yeah. Okay.' }], { language: 'en-US' }).summary).toBe('');
    const one = summarizeOffline([{ text: 'The launch moves to March.', speaker: 'Ann' }], { language: 'en-US' });
    expect(one.summary).toBe('The launch moves to March.');
    expect(one.keyPoints).toEqual([]);
    const repeated = summarizeOffline(
      Array.from({ length: 6 }, () => ({ text: 'The launch moves to March.' })),
      { language: 'en-US' },
    );
    expect(repeated.summary).toBe('The launch moves to March.');
    expect(repeated.keyPoints).toEqual([]);
  });

  it('summarises Chinese and Spanish with their own sentence and word splitting', () => {
    const chinese = summarizeOffline(
      [
        { speaker: '王', text: '大家好，嗯，今天讨论新产品的发布计划。' },
        { speaker: '李', text: '午饭在十二点。' },
        { speaker: '王', text: '我们决定新产品在五月发布。' },
        { speaker: '李', text: '新产品的发布计划需要市场部下周确认。' },
        { speaker: '王', text: '新产品的价格和发布渠道也要一起确认。' },
      ],
      { language: 'zh-CN' },
    );
    expect(chinese.summary).toContain('新产品');
    expect(chinese.summary).not.toContain('嗯');
    expect(chinese.summary).not.toContain(' ');
    expect(chinese.decisions).toEqual([{ text: '我们决定新产品在五月发布。', speaker: '王' }]);
    expect(chinese.actionItems.map((a) => a.text)).toContain('新产品的发布计划需要市场部下周确认。');
    expect(chinese.keywords).toContain('产品');

    const spanish = summarizeOffline(
      [
        { speaker: 'Ana', text: 'Eh, hoy hablamos del presupuesto de la nueva oficina.' },
        { speaker: 'Luis', text: 'Hemos decidido que el presupuesto de la oficina incluye los muebles.' },
        { speaker: 'Ana', text: 'Luis tiene que enviar el presupuesto de la oficina antes del viernes.' },
        { speaker: 'Luis', text: 'La comida fue buena.' },
      ],
      { language: 'es-ES' },
    );
    expect(spanish.summary).toContain('presupuesto');
    expect(spanish.decisions[0]).toEqual({ text: 'Hemos decidido que el presupuesto de la oficina incluye los muebles.', speaker: 'Luis' });
    expect(spanish.actionItems[0]?.speaker).toBe('Ana');
    expect(spanish.keywords).toContain('presupuesto');
  });
});

describe('short stated items in a long meeting', () => {
  it('takes no prediction, requirement or meeting steering for an action item', () => {
    const talk = [
      { speaker: 'Ann', text: 'One day they will come in pink and everyone will want a remote like that.' },
      { speaker: 'Ann', text: 'The remote control has to be original but it has to stay easy to use for new users.' },
      { speaker: 'Bob', text: "Let's see what is next in the PowerPoint presentation about the remote control." },
      { speaker: 'Cem', text: "I'll draw three sketches of the remote control for the next meeting." },
      { speaker: 'Bob', text: 'The remote control sells for twenty five Euros and we aim for a big profit.' },
      { speaker: 'Ann', text: 'There is no need to have buttons on the remote control to do that.' },
      { speaker: 'Bob', text: 'It could be one button for a menu if you really need to go and do that.' },
    ];
    expect(summarizeOffline(talk, { language: 'en-US' }).actionItems).toEqual([
      { text: "I'll draw three sketches of the remote control for the next meeting.", speaker: 'Cem' },
    ]);
  });

  it('finds a decision too short to be ranked for the summary', () => {
    const talk: SummaryLine[] = Array.from({ length: 30 }, (_, i) => ({
      speaker: 'Ann',
      text: `The ${['budget', 'design', 'battery'][i % 3]} review covers supplier costs, shipping delays and packaging options for region ${i}.`,
    }));
    talk.splice(15, 0, { speaker: 'Bob', text: 'We decided on yellow cases.' });
    expect(summarizeOffline(talk, { language: 'en-US' }).decisions).toEqual([{ text: 'We decided on yellow cases.', speaker: 'Bob' }]);
  });
});

describe('Traditional Chinese', () => {
  it('splits, ranks and finds decisions in zh-TW text', () => {
    const result = summarizeOffline(
      [
        { speaker: '陳', text: '嗯，今天討論新產品的發表計畫。' },
        { speaker: '林', text: '我們決定新產品在五月發表。' },
        { speaker: '陳', text: '新產品的發表計畫需要行銷部下週確認。' },
      ],
      { language: 'zh-TW' },
    );
    expect(result.summary).toContain('產品');
    expect(result.summary).not.toContain('嗯');
    expect(result.decisions).toEqual([{ text: '我們決定新產品在五月發表。', speaker: '林' }]);
    expect(result.actionItems.map((a) => a.text)).toContain('新產品的發表計畫需要行銷部下週確認。');
  });
});
