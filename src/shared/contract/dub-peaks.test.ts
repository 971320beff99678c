// The contract's peaks (base64 of signed 8-bit min/max pairs) decoded for the timeline.
import { describe, expect, it } from 'vitest';
import { decodePeaks, nearestLevel, toWaveSurferPeaks, type DubPeaks } from './dub-peaks';

/** Base64 of signed bytes, as the server writes them. */
function base64Of(values: number[]): string {
  return btoa(String.fromCharCode(...values.map((value) => value & 0xff)));
}

const answer = (values: number[]): DubPeaks => ({
  durationMs: 2000,
  track: 'original',
  pointsPerSecond: 2,
  levels: [1000, 10, 100],
  fromMs: 0,
  toMs: 2000,
  peaks: base64Of(values),
});

describe('decodePeaks', () => {
  it('turns base64 into signed (min, max) pairs with the window and sorted levels', () => {
    const window = decodePeaks(answer([-127, 127, -64, 32, 0, 0, -1, 1]));
    expect([...window.pairs]).toEqual([-127, 127, -64, 32, 0, 0, -1, 1]);
    expect(window).toMatchObject({ track: 'original', level: 2, fromMs: 0, toMs: 2000, durationMs: 2000, levels: [10, 100, 1000] });
  });

  it('drops an odd trailing byte rather than draw half a pair', () => {
    expect([...decodePeaks(answer([-5, 5, -9])).pairs]).toEqual([-5, 5]);
  });

  it('decodes an empty window', () => {
    expect(decodePeaks(answer([])).pairs).toHaveLength(0);
  });
});

describe('toWaveSurferPeaks', () => {
  it('gives wavesurfer two channels, maxima then minima, at ±1 full scale', () => {
    const [max, min] = toWaveSurferPeaks(decodePeaks(answer([-127, 127, -64, 32])));
    expect([...max]).toEqual([1, 32 / 127].map(Math.fround));
    expect([...min]).toEqual([-1, -64 / 127].map(Math.fround));
  });
});

describe('nearestLevel', () => {
  const levels = [10, 100, 1000];
  it('picks the level nearest on a log scale', () => {
    expect(nearestLevel(levels, 0.05)).toBe(10); // a 4-hour video fitted to a screen
    expect(nearestLevel(levels, 30)).toBe(10);
    expect(nearestLevel(levels, 35)).toBe(100);
    expect(nearestLevel(levels, 300)).toBe(100);
    expect(nearestLevel(levels, 350)).toBe(1000);
    expect(nearestLevel(levels, 2000)).toBe(1000); // frame zoom
  });
  it('refuses an empty level list', () => {
    expect(() => nearestLevel([], 10)).toThrow(RangeError);
  });
});
