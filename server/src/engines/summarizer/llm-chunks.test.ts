import { describe, expect, it } from 'vitest';
import { chunkTexts, estimateTokens, formatLine } from './llm-chunks';

describe('transcript chunks for map-reduce', () => {
  it('estimates about four characters a token, one a Han character', () => {
    expect(estimateTokens('a'.repeat(400))).toBe(100);
    expect(estimateTokens('预算已经批准了')).toBe(7);
  });

  it('cuts between lines within the token budget, and a line longer than a chunk by characters', () => {
    const chunks = chunkTexts(['a'.repeat(200), 'b'.repeat(200), 'c'.repeat(200)], 100);
    expect(chunks).toEqual(['a'.repeat(200) + '\n' + 'b'.repeat(200), 'c'.repeat(200)]);
    const cut = chunkTexts(['x'.repeat(1000)], 100);
    expect(cut.join('')).toBe('x'.repeat(1000));
    for (const chunk of cut) expect(estimateTokens(chunk)).toBeLessThanOrEqual(100);
  });

  it('formats a line with its time and speaker when known', () => {
    expect(formatLine({ text: ' Hi. ', speaker: 'Ann', startMs: 3_725_000 })).toBe('[01:02:05] Ann: Hi.');
    expect(formatLine({ text: 'Hi.' })).toBe('Hi.');
  });
});
