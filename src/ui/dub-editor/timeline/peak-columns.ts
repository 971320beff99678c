// What one canvas of a lane draws: for each pixel column of a time span, the lowest and highest peak
// in it, from the finest window the lane has received that covers the column (LanePeaks lists the
// finest first). Columns no window covers stay empty (NaN), drawn as nothing rather than as silence.
import type { PeaksWindow } from '../../../streams/dub-peaks.types';
import { PEAK_FULL_SCALE } from './wave-surfer-peaks';

export interface PeakColumns {
  /** Per column, ±1 full scale; NaN where no window covers the column. */
  min: Float32Array;
  max: Float32Array;
}

function covering(windows: readonly PeaksWindow[], ms: number): PeaksWindow | null {
  for (const window of windows) {
    if (window.pairs.length >= 2 && ms >= window.fromMs && ms < window.toMs) return window;
  }
  return null;
}

export function peakColumns(windows: readonly PeaksWindow[], fromMs: number, toMs: number, columns: number): PeakColumns {
  const count = Math.max(0, Math.floor(columns));
  const min = new Float32Array(count).fill(Number.NaN);
  const max = new Float32Array(count).fill(Number.NaN);
  const columnMs = count > 0 ? (toMs - fromMs) / count : 0;
  for (let column = 0; column < count; column++) {
    const startMs = fromMs + column * columnMs;
    const window = covering(windows, startMs + columnMs / 2);
    if (!window) continue;
    const points = window.pairs.length / 2;
    const pointMs = (window.toMs - window.fromMs) / points;
    const first = Math.min(points - 1, Math.max(0, Math.floor((startMs - window.fromMs) / pointMs)));
    const last = Math.min(points, Math.max(first + 1, Math.ceil((startMs + columnMs - window.fromMs) / pointMs)));
    let low = PEAK_FULL_SCALE;
    let high = -PEAK_FULL_SCALE - 1;
    for (let point = first; point < last; point++) {
      low = Math.min(low, window.pairs[2 * point]!);
      high = Math.max(high, window.pairs[2 * point + 1]!);
    }
    min[column] = low / PEAK_FULL_SCALE;
    max[column] = high / PEAK_FULL_SCALE;
  }
  return { min, max };
}
