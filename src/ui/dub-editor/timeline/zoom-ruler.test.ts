// @vitest-environment node
// Zoom steps from the whole video to single frames, and the ruler's ticks for the visible span.
import { describe, expect, it } from 'vitest';
import { rulerLabel, rulerScale, rulerTicks } from './ruler';
import { effectiveZoom, FIT, fitPxPerSec, MAX_LAYOUT_PX, MAX_PX_PER_SEC, maxPxPerSec, stepZoom, ZOOM_STEP } from './zoom';

const FOUR_HOURS = 4 * 3600 * 1000;

describe('zoom', () => {
  it('fits the media to the width', () => {
    expect(fitPxPerSec(FOUR_HOURS, 1440)).toBeCloseTo(0.1);
    expect(effectiveZoom(FIT, FOUR_HOURS, 1440)).toBeCloseTo(0.1);
  });

  it('reaches single frames and no wider than a browser lays out', () => {
    expect(maxPxPerSec(60_000)).toBe(MAX_PX_PER_SEC);
    expect(MAX_PX_PER_SEC * 0.04).toBeGreaterThanOrEqual(40); // a 25 fps frame is at least 40 px wide
    expect(maxPxPerSec(24 * 3600 * 1000) * 24 * 3600).toBeLessThanOrEqual(MAX_LAYOUT_PX + 1);
    expect(effectiveZoom(1e9, 60_000, 1000)).toBe(MAX_PX_PER_SEC);
  });

  it('steps in from fit, out back to fit, and stops at the deepest zoom', () => {
    const inOnce = stepZoom(FIT, 'in', FOUR_HOURS, 1440);
    expect(inOnce).toBeCloseTo(0.1 * ZOOM_STEP);
    expect(stepZoom(inOnce, 'out', FOUR_HOURS, 1440)).toBe(FIT);
    expect(stepZoom(FIT, 'out', FOUR_HOURS, 1440)).toBe(FIT);
    expect(stepZoom(MAX_PX_PER_SEC, 'in', FOUR_HOURS, 1440)).toBe(MAX_PX_PER_SEC);
    let zoom = FIT;
    let steps = 0;
    while (zoom < MAX_PX_PER_SEC && steps < 100) {
      zoom = stepZoom(zoom, 'in', FOUR_HOURS, 1440);
      steps++;
    }
    expect(steps).toBeLessThan(30); // whole 4 h to frames in a few dozen key presses at most
  });
});

describe('ruler', () => {
  it('ticks at frames when zoomed to frames and at minutes for hours of video', () => {
    expect(rulerScale(2000).tickMs).toBe(40);
    expect(rulerScale(2000).labelMs).toBe(200);
    expect(rulerScale(0.1).tickMs).toBe(120_000);
    expect(rulerScale(0.1).labelMs).toBe(1_800_000); // 15 min is 90 px but not a multiple of the 2 min tick
  });

  it('labels fall on ticks', () => {
    for (const pxPerSec of [0.05, 0.1, 1, 7, 25, 100, 333, 1000, 2000]) {
      const scale = rulerScale(pxPerSec);
      expect(scale.labelMs % scale.tickMs).toBe(0);
    }
  });

  it('lists only the ticks of the visible span', () => {
    const ticks = rulerTicks(950, 2050, { tickMs: 500, labelMs: 1000 });
    expect(ticks).toEqual([
      { ms: 1000, labelled: true },
      { ms: 1500, labelled: false },
      { ms: 2000, labelled: true },
    ]);
    expect(rulerTicks(0, FOUR_HOURS, rulerScale(0.1)).length).toBeLessThan(200);
  });

  it('writes h:mm:ss, with milliseconds below a second', () => {
    expect(rulerLabel(3_723_000, 1000)).toBe('1:02:03');
    expect(rulerLabel(63_000, 1000)).toBe('1:03');
    expect(rulerLabel(63_040, 200)).toBe('1:03.040');
  });
});
