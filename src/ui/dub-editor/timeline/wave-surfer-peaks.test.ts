// The contract's peaks (signed 8-bit min/max pairs) as wavesurfer's two channels.
import { describe, expect, it } from 'vitest';
import type { PeaksWindow } from '../../../streams/dub-peaks.types';
import { toWaveSurferPeaks } from './wave-surfer-peaks';

/** A decoded window of these signed (min, max) pairs. */
const windowOf = (values: number[]): PeaksWindow => ({
  track: 'original', level: 2, fromMs: 0, toMs: 2000, durationMs: 2000, levels: [10, 100, 1000], pairs: new Int8Array(values),
});

describe('toWaveSurferPeaks', () => {
  it('gives wavesurfer two channels, maxima then minima, at ±1 full scale', () => {
    const [max, min] = toWaveSurferPeaks(windowOf([-127, 127, -64, 32]));
    expect([...max]).toEqual([1, 32 / 127].map(Math.fround));
    expect([...min]).toEqual([-1, -64 / 127].map(Math.fround));
  });
});
