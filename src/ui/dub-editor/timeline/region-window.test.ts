// Regions exist only in and near the view, never more than the budget, the selected line always.
import { describe, expect, it } from 'vitest';
import { MAX_REGIONS, regionChanges, regionWindow, windowServes } from './region-window';

/** 5,000 lines of 2 s every 2.88 s: 4 hours. */
const lines = Array.from({ length: 5000 }, (_, i) => ({ startMs: i * 2880, endMs: i * 2880 + 2000 }));

describe('regionWindow', () => {
  it('takes the lines in the view and half a view either side', () => {
    const window = regionWindow(lines, { startMs: 28_800, endMs: 57_600 });
    // View of 10 lines (10..19), margin 14.4 s each side: starts from 14,400 ms up to 72,000 ms.
    expect(window.indexes[0]).toBe(5); // 5 × 2,880 = 14,400
    expect(window.indexes.at(-1)).toBe(24); // 24 × 2,880 = 69,120 < 72,000
    expect(window).toMatchObject({ fromMs: 14_400, toMs: 72_000 });
  });

  it('includes a line that started before the window and runs into it', () => {
    const window = regionWindow(lines, { startMs: 30_000, endMs: 30_500 }, -1, MAX_REGIONS, 0);
    // Line 10 is 28,800–30,800.
    expect(window.indexes).toEqual([10]);
  });

  it('keeps to the budget around the middle of the view when the whole video is in view', () => {
    const window = regionWindow(lines, { startMs: 0, endMs: 14_400_000 });
    expect(window.indexes).toHaveLength(MAX_REGIONS);
    const middle = 2500;
    expect(window.indexes[0]).toBeLessThanOrEqual(middle);
    expect(window.indexes.at(-1)).toBeGreaterThanOrEqual(middle);
    // The window shrinks to what it serves, so a scroll rebuilds it.
    expect(window.fromMs).toBe(lines[window.indexes[0]!]!.startMs);
  });

  it('centres the budget on the playhead when it is in view', () => {
    const window = regionWindow(lines, { startMs: 0, endMs: 14_400_000 }, -1, MAX_REGIONS, 0.5, 1_000_000);
    const playing = Math.floor(1_000_000 / 2880);
    expect(window.indexes[0]).toBeLessThanOrEqual(playing);
    expect(window.indexes.at(-1)).toBeGreaterThanOrEqual(playing);
    // A playhead off screen does not pull the regions away from what is shown.
    const elsewhere = regionWindow(lines, { startMs: 0, endMs: 1_000_000 }, -1, 10, 0.5, 9_000_000);
    expect(lines[elsewhere.indexes[0]!]!.startMs).toBeLessThan(1_000_000);
  });

  it('stays within the lines at either end of the media', () => {
    expect(regionWindow(lines, { startMs: 0, endMs: 14_400_000 }, -1, 10).indexes).toHaveLength(10);
    const end = regionWindow(lines, { startMs: 14_390_000, endMs: 14_400_000 });
    expect(end.indexes.at(-1)).toBe(4999);
    expect(regionWindow([], { startMs: 0, endMs: 1000 }).indexes).toEqual([]);
  });

  it('adds the selected line wherever it is, in order', () => {
    expect(regionWindow(lines, { startMs: 28_800, endMs: 57_600 }, 4000).indexes.at(-1)).toBe(4000);
    expect(regionWindow(lines, { startMs: 28_800, endMs: 57_600 }, 1).indexes[0]).toBe(1);
    expect(regionWindow(lines, { startMs: 28_800, endMs: 57_600 }, 12).indexes.filter((i) => i === 12)).toHaveLength(1);
  });
});

describe('windowServes', () => {
  it('holds while the view stays inside the window, so small scrolls rebuild nothing', () => {
    const window = regionWindow(lines, { startMs: 28_800, endMs: 57_600 });
    expect(windowServes(window, { startMs: 30_000, endMs: 58_800 })).toBe(true);
    expect(windowServes(window, { startMs: 50_000, endMs: 78_800 })).toBe(false);
    expect(windowServes(null, { startMs: 0, endMs: 1 })).toBe(false);
  });
});

describe('regionChanges', () => {
  it('adds the wanted ones not shown and removes the shown ones not wanted', () => {
    expect(regionChanges(new Set(['a', 'b', 'c']), ['b', 'c', 'd'])).toEqual({ add: ['d'], remove: ['a'] });
    expect(regionChanges(new Set(), [])).toEqual({ add: [], remove: [] });
  });
});
