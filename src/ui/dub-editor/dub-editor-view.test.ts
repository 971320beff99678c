// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatTime, lineIndexAt } from './dub-editor-view';

describe('formatTime', () => {
  it('writes SRT times', () => {
    expect(formatTime(0)).toBe('00:00:00,000');
    expect(formatTime(62_500)).toBe('00:01:02,500');
    expect(formatTime(4 * 3_600_000 - 1)).toBe('03:59:59,999');
    expect(formatTime(-5)).toBe('00:00:00,000');
  });
});

describe('lineIndexAt', () => {
  const lines = Array.from({ length: 5000 }, (_, index) => ({ startMs: index * 2000, endMs: index * 2000 + 1500 }));
  it('finds the line playing at a time, -1 in a gap or outside', () => {
    expect(lineIndexAt(lines, 0)).toBe(0);
    expect(lineIndexAt(lines, 1499)).toBe(0);
    expect(lineIndexAt(lines, 1500)).toBe(-1);
    expect(lineIndexAt(lines, 2000 * 4321 + 10)).toBe(4321);
    expect(lineIndexAt(lines, 2000 * 4999 + 1499)).toBe(4999);
    expect(lineIndexAt(lines, 1e9)).toBe(-1);
    expect(lineIndexAt([], 10)).toBe(-1);
  });
});
