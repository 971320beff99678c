import { describe, expect, it } from 'vitest';
import { CJK_LIMITS, cutSpans, cutWords, joinWords, LATIN_LIMITS, limitsFor, rowsNeeded, shareTranslation, spreadWords, type TimedWord } from './line-segmenter';

/** Words spoken back to back from `startMs`, each `wordMs` long with `gapMs` between them. */
function spoken(text: string, { startMs = 0, wordMs = 300, gapMs = 50, separator = /\s+/ as RegExp | '' } = {}): TimedWord[] {
  const tokens = separator === '' ? [...text] : text.split(separator);
  return tokens.map((token, index) => ({ text: token, startMs: startMs + index * (wordMs + gapMs), endMs: startMs + index * (wordMs + gapMs) + wordMs }));
}

function expectWithinLimits(lines: ReturnType<typeof cutWords>, limits = LATIN_LIMITS) {
  for (const line of lines) {
    if (line.words.length > 1) {
      expect(line.endMs - line.startMs).toBeLessThanOrEqual(limits.maxDurationMs);
      expect(rowsNeeded(line.words, limits.charsPerRow)).toBeLessThanOrEqual(limits.rows);
    }
  }
}

describe('line segmenter', () => {
  it.each([
    ['en-US', LATIN_LIMITS],
    ['es-ES', LATIN_LIMITS],
    ['zh-CN', CJK_LIMITS],
    ['zh-TW', CJK_LIMITS],
    ['ja-JP', CJK_LIMITS],
    ['ko-KR', CJK_LIMITS],
  ])('limits for %s', (language, limits) => {
    expect(limitsFor(language)).toEqual(limits);
  });

  it.each([
    [[{ text: 'hello' }, { text: 'world' }], 'hello world'],
    [[{ text: '你好' }, { text: '世界' }], '你好世界'],
    [[{ text: '我用' }, { text: 'Parley' }, { text: '翻译' }], '我用 Parley 翻译'],
    [[{ text: ' a ' }, { text: '' }, { text: 'b' }], 'a b'],
  ])('joins %j as %s', (words, text) => {
    expect(joinWords(words)).toBe(text);
  });

  it('ends a line at a pause and keeps short phrases whole', () => {
    const words = [...spoken('open the door'), ...spoken('the cat is black', { startMs: 2500 })];
    const lines = cutWords(words, LATIN_LIMITS);
    expect(lines.map((l) => l.text)).toEqual(['open the door', 'the cat is black']);
    expect(lines[1]!.startMs).toBe(2500);
    expect(lines[0]!.words.map((w) => w.text)).toEqual(['open', 'the', 'door']);
  });

  it('a pause just under the threshold does not cut', () => {
    const words = [...spoken('open the door'), ...spoken('now', { startMs: 1000 + LATIN_LIMITS.pauseMs - 1 - 0 })];
    words[3] = { ...words[3]!, startMs: words[2]!.endMs + LATIN_LIMITS.pauseMs - 1, endMs: words[2]!.endMs + LATIN_LIMITS.pauseMs + 200 };
    expect(cutWords(words, LATIN_LIMITS).map((l) => l.text)).toEqual(['open the door now']);
  });

  it('cuts a long monologue without pauses into lines of at most 7 s and two rows of 42', () => {
    // 120 short words spoken without a pause: 42 s, far over one subtitle.
    const text = Array.from({ length: 120 }, (_, i) => ['we', 'can', 'talk', 'about', 'it'][i % 5]).join(' ');
    const words = spoken(text, { wordMs: 300, gapMs: 50 });
    const lines = cutWords(words, LATIN_LIMITS);
    expect(lines.length).toBeGreaterThanOrEqual(6);
    expectWithinLimits(lines);
    // Nothing lost, nothing doubled, order kept.
    expect(lines.flatMap((l) => l.words)).toEqual(words);
    expect(joinWords(lines.map((l) => ({ text: l.text })))).toBe(text);
  });

  it('cuts on characters: a fast talker fills two rows before 7 s', () => {
    const words = spoken('international cooperation requires considerable understanding between representatives of different organisations', {
      wordMs: 200,
      gapMs: 10,
    });
    const lines = cutWords(words, LATIN_LIMITS);
    expect(lines.length).toBe(2);
    expectWithinLimits(lines);
    expect(lines[0]!.endMs - lines[0]!.startMs).toBeLessThan(3000);
  });

  it('cuts Chinese at 2 × 16 characters, between characters, without spaces', () => {
    const sentence = '今天我们讨论一下明年的预算安排以及每个部门需要准备的材料和时间表还有会议的地点';
    const words = spoken(sentence, { wordMs: 150, gapMs: 0, separator: '' });
    const lines = cutWords(words, CJK_LIMITS);
    expect(lines.length).toBe(2);
    for (const line of lines) expect([...line.text].length).toBeLessThanOrEqual(32);
    expect(lines.map((l) => l.text).join('')).toBe(sentence);
    expect(lines[0]!.text).not.toContain(' ');
  });

  it('leaves a word longer than the limit whole, on a line of its own', () => {
    const long = 'x'.repeat(100);
    const words = spoken(`say ${long} now`);
    const lines = cutWords(words, LATIN_LIMITS);
    expect(lines.map((l) => l.text)).toEqual(['say', long, 'now']);
  });

  it('a single word spoken longer than 7 s stays one line', () => {
    const words = [{ text: 'hmmmm', startMs: 0, endMs: 9000 }];
    expect(cutWords(words, LATIN_LIMITS)).toEqual([{ startMs: 0, endMs: 9000, text: 'hmmmm', words }]);
  });

  it('prefers a sentence end, then a clause mark, over the last word that fits', () => {
    const sentence = spoken('we met with the whole team on monday. the budget is late, and the plan needs another review before friday');
    const lines = cutWords(sentence, LATIN_LIMITS);
    expect(lines[0]!.text).toBe('we met with the whole team on monday.');
    const clause = spoken('the budget for the whole year is late, and the plan needs another careful review before friday');
    expect(cutWords(clause, LATIN_LIMITS)[0]!.text).toBe('the budget for the whole year is late,');
  });

  it('does not cut after a punctuation mark that would leave a stub line', () => {
    const words = spoken('so, the budget for the whole year is late and the plan needs another careful review before friday');
    const lines = cutWords(words, LATIN_LIMITS);
    expect(lines[0]!.text).not.toBe('so,');
    expectWithinLimits(lines);
  });

  it('spreads estimated timings over a span without words and stores none', () => {
    expect(spreadWords({ startMs: 1000, endMs: 2000, text: 'ab cd' })).toEqual([
      { text: 'ab', startMs: 1000, endMs: 1500 },
      { text: 'cd', startMs: 1500, endMs: 2000 },
    ]);
    const long = Array.from({ length: 40 }, () => 'word').join(' ');
    const lines = cutSpans([{ startMs: 0, endMs: 30_000, text: long }], 'en-US');
    expect(lines.length).toBeGreaterThanOrEqual(5);
    for (const line of lines) {
      expect(line.words).toEqual([]);
      expect(line.endMs - line.startMs).toBeLessThanOrEqual(7000);
    }
    expect(lines[0]!.startMs).toBe(0);
    expect(lines.at(-1)!.endMs).toBe(30_000);
  });

  it('keeps the recogniser segment boundaries as cuts', () => {
    const lines = cutSpans(
      [
        { startMs: 0, endMs: 650, text: 'hello there', words: spoken('hello there') },
        { startMs: 700, endMs: 1350, text: 'general kenobi', words: spoken('general kenobi', { startMs: 700 }) },
      ],
      'en-US',
    );
    expect(lines.map((l) => l.text)).toEqual(['hello there', 'general kenobi']);
  });
});

describe('sharing an utterance translation among its lines', () => {
  it('splits at word boundaries in proportion to the original lines', () => {
    const parts = shareTranslation('abre la puerta y cierra la ventana', ['open the door', 'and close the window']);
    expect(parts).toHaveLength(2);
    expect(parts.join(' ')).toBe('abre la puerta y cierra la ventana');
    expect(parts[0]).toBe('abre la puerta');
  });

  it('splits Chinese between characters and keeps one line whole', () => {
    const parts = shareTranslation('打开门然后关上窗户', ['open the door', 'then close the window']);
    expect(parts.join('')).toBe('打开门然后关上窗户');
    expect(parts.every((p) => p.length > 0)).toBe(true);
    expect(shareTranslation(' una ', ['one'])).toEqual(['una']);
  });
});
