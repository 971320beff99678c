// The contract's signed 8-bit peaks as wavesurfer draws them.
import type { PeaksWindow } from '../../../streams/dub-peaks.types';

/** Full scale of one peak value in the contract's signed 8-bit pairs. */
export const PEAK_FULL_SCALE = 127;

/**
 * wavesurfer's `peaks` option for a window: two channels, maxima then minima, scaled to ±1. With two
 * channels and no splitChannels wavesurfer draws the first above the axis and the second below it,
 * which is exactly a min/max envelope.
 */
export function toWaveSurferPeaks(window: PeaksWindow): [Float32Array, Float32Array] {
  const points = window.pairs.length / 2;
  const max = new Float32Array(points);
  const min = new Float32Array(points);
  for (let i = 0; i < points; i++) {
    min[i] = window.pairs[2 * i]! / PEAK_FULL_SCALE;
    max[i] = window.pairs[2 * i + 1]! / PEAK_FULL_SCALE;
  }
  return [max, min];
}
