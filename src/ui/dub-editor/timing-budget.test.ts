// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { lineBudget, slotShare, spokenText, TIGHT_CPS_CJK, TIGHT_CPS_LATIN } from './timing-budget';

const line = (over: Partial<Parameters<typeof lineBudget>[0]> = {}) => ({ startMs: 0, endMs: 2000, text: 'hola', translation: 'hello there', overrunMs: 0, ...over });

describe('lineBudget', () => {
  it('counts the translation (what is dubbed) without spaces, per second of the slot', () => {
    const budget = lineBudget(line());
    expect(budget.characters).toBe(10);
    expect(budget.charsPerSecond).toBe(5);
    expect(budget.tone).toBe('fits');
    expect(budget.tightCps).toBe(TIGHT_CPS_LATIN);
  });

  it('falls back to the original when there is no translation', () => {
    expect(spokenText({ text: 'abc', translation: null })).toBe('abc');
    expect(spokenText({ text: 'abc', translation: '  ' })).toBe('abc');
    expect(lineBudget(line({ translation: null })).characters).toBe(4);
  });

  it('turns red (over) when the voiced take overruns its slot', () => {
    const budget = lineBudget(line({ overrunMs: 350 }));
    expect(budget.tone).toBe('over');
    expect(budget.overrunMs).toBe(350);
    expect(slotShare(line({ overrunMs: 500 }))).toBeCloseTo(0.8);
  });

  it('is tight when the text is faster to say than the script allows, even if it was fitted', () => {
    expect(lineBudget(line({ translation: 'x'.repeat(40) })).tone).toBe('tight');
    const chinese = lineBudget(line({ translation: '这是一个很长很长的中文句子啊', endMs: 1000 }));
    expect(chinese.tightCps).toBe(TIGHT_CPS_CJK);
    expect(chinese.tone).toBe('tight');
  });

  it('is unvoiced before the pipeline voiced the line, and draws no fill', () => {
    const budget = lineBudget(line({ overrunMs: null }));
    expect(budget.tone).toBe('unvoiced');
    expect(budget.fill).toBe(0);
    expect(slotShare(line({ overrunMs: null }))).toBe(1);
  });

  it('handles an empty slot without dividing by zero', () => {
    expect(lineBudget(line({ endMs: 0 })).charsPerSecond).toBe(Number.POSITIVE_INFINITY);
    expect(lineBudget(line({ endMs: 0, translation: '', text: '' })).charsPerSecond).toBe(0);
  });
});
