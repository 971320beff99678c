// The dub editor's waveform peaks (contract: dubbingPeaks → DubPeaks), decoded once where they arrive
// and read by the timeline. One definition here because three layers meet on it: the api call decodes
// the answer, the stream caches windows and the ui draws them, and the ui may not import the other two.
import type { components } from '../../api/schema';

export type DubPeaks = components['schemas']['DubPeaks'];
export type DubTrack = DubPeaks['track'];

/** Full scale of one peak value in the contract's signed 8-bit pairs. */
export const PEAK_FULL_SCALE = 127;

/** One decoded window of one level: `pairs` holds min, max, min, max, … one pair per point. */
export interface PeaksWindow {
  track: DubTrack;
  /** Points per second of this window (the level the server served). */
  level: number;
  fromMs: number;
  toMs: number;
  durationMs: number;
  /** Every level the server keeps, ascending. */
  levels: number[];
  pairs: Int8Array;
}

/** Everything a lane has received so far, finest level first (the order the drawing prefers). */
export interface LanePeaks {
  track: DubTrack;
  durationMs: number;
  windows: PeaksWindow[];
  /** The last request failed (no dubbed audio yet, or the server could not read the media). */
  failed: boolean;
}

/** What a lane shows: the time span on screen and how many CSS pixels one second takes. */
export interface PeaksView {
  fromMs: number;
  toMs: number;
  pxPerSec: number;
}

/**
 * How the timeline asks for peaks without importing the stream that fetches them: it opens one feed
 * per lane, tells it each view it shows and is called back with the lane's peaks as they arrive.
 */
export interface PeaksFeed {
  show(view: PeaksView): void;
  close(): void;
}
export type PeaksSource = (track: DubTrack, onPeaks: (peaks: LanePeaks) => void) => PeaksFeed;

/** Base64 to bytes without Buffer (the browser has none) and without a string per byte. */
function base64Bytes(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The contract's answer as a window: base64 → signed 8-bit (min, max) pairs, levels sorted. */
export function decodePeaks(answer: DubPeaks): PeaksWindow {
  const bytes = base64Bytes(answer.peaks);
  // An odd trailing byte would be half a pair: drop it rather than draw a point without its max.
  const pairs = new Int8Array(bytes.buffer, 0, bytes.length - (bytes.length % 2));
  return {
    track: answer.track,
    level: answer.pointsPerSecond,
    fromMs: answer.fromMs,
    toMs: answer.toMs,
    durationMs: answer.durationMs,
    levels: [...answer.levels].sort((a, b) => a - b),
    pairs,
  };
}

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

/**
 * The server level nearest to a zoom, nearest on a log scale (10 → 100 is as far as 100 → 1000):
 * about one point per CSS pixel, neither a blur of stretched points nor ten times the bytes needed.
 */
export function nearestLevel(levels: readonly number[], pxPerSec: number): number {
  if (levels.length === 0) throw new RangeError('nearestLevel needs at least one level');
  const want = Math.log(Math.max(pxPerSec, 1e-6));
  let best = levels[0]!;
  for (const level of levels) {
    if (Math.abs(Math.log(level) - want) < Math.abs(Math.log(best) - want)) best = level;
  }
  return best;
}
