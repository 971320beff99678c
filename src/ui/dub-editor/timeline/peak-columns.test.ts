// A canvas's columns from the finest window that covers each of them.
import { describe, expect, it } from 'vitest';
import type { PeaksWindow } from '../../../streams/dub-peaks.types';
import { peakColumns } from './peak-columns';

function window(level: number, fromMs: number, pairs: number[]): PeaksWindow {
  const points = pairs.length / 2;
  return { track: 'original', level, fromMs, toMs: fromMs + (points * 1000) / level, durationMs: 10_000, levels: [10, 100], pairs: Int8Array.from(pairs) };
}

describe('peakColumns', () => {
  // Overview: 10 points per second over 1 s, quiet then loud.
  const overview = window(10, 0, [-10, 10, -10, 10, -10, 10, -10, 10, -10, 10, -127, 127, -127, 127, -127, 127, -127, 127, -127, 127]);

  it('takes the min and max of the points under each column', () => {
    const { min, max } = peakColumns([overview], 0, 1000, 2);
    expect([...max]).toEqual([10 / 127, 1].map(Math.fround));
    expect([...min]).toEqual([-10 / 127, -1].map(Math.fround));
  });

  it('stretches a point over several columns when zoomed past the level', () => {
    const { max } = peakColumns([overview], 0, 200, 4);
    expect([...max]).toEqual(Array(4).fill(Math.fround(10 / 127)));
  });

  it('prefers the finer window where it covers, the overview elsewhere', () => {
    // 100 points per second over 500–600 ms, silent.
    const detail = window(100, 500, Array(20).fill(0));
    const { max } = peakColumns([detail, overview], 400, 700, 3);
    expect([...max]).toEqual([10 / 127, 0, 1].map(Math.fround));
  });

  it('leaves columns no window covers empty (NaN), not silent', () => {
    const { min, max } = peakColumns([overview], 900, 1100, 2);
    expect(max[0]).toBeCloseTo(1);
    expect(Number.isNaN(max[1]!)).toBe(true);
    expect(Number.isNaN(min[1]!)).toBe(true);
  });

  it('draws nothing for no columns', () => {
    expect(peakColumns([overview], 0, 1000, 0).max).toHaveLength(0);
  });
});
