// Per-frame MFCCs (mel-frequency cepstral coefficients): the classic compact description of the
// spectral envelope, i.e. of the vocal tract and voice quality that differ between speakers.
// 25 ms Hamming frames every 10 ms, 512-point FFT, 24 mel bands 100–7600 Hz, log, DCT-II, c1..c12
// (c0 is loudness, which says more about microphone distance than about who speaks).
import { powerSpectrum } from './fft';

export const FRAME_HOP_MS = 10;
const FFT_SIZE = 512;
const MEL_BANDS = 24;
const CEPSTRA = 12;

export interface FrameFeatures {
  /** One vector of CEPSTRA values per kept frame. */
  mfcc: Float64Array[];
  /** Centre time of each kept frame. */
  timesMs: number[];
}

const hz2mel = (hz: number) => 2595 * Math.log10(1 + hz / 700);
const mel2hz = (mel: number) => 700 * (10 ** (mel / 2595) - 1);

function melFilterbank(sampleRate: number): { start: number; weights: Float64Array }[] {
  const low = hz2mel(100);
  const high = hz2mel(Math.min(7600, sampleRate / 2));
  const edges = Array.from({ length: MEL_BANDS + 2 }, (_, i) => mel2hz(low + ((high - low) * i) / (MEL_BANDS + 1)));
  const bin = (hz: number) => (hz * FFT_SIZE) / sampleRate;
  return Array.from({ length: MEL_BANDS }, (_, m) => {
    const [left, centre, right] = [bin(edges[m]!), bin(edges[m + 1]!), bin(edges[m + 2]!)];
    const start = Math.ceil(left);
    const end = Math.floor(right);
    const weights = new Float64Array(Math.max(0, end - start + 1));
    for (let k = start; k <= end; k++) weights[k - start] = k <= centre ? (k - left) / (centre - left) : (right - k) / (right - centre);
    return { start, weights };
  });
}

const filterbanks = new Map<number, ReturnType<typeof melFilterbank>>();
const dctMatrix = Array.from({ length: CEPSTRA }, (_, c) =>
  Float64Array.from({ length: MEL_BANDS }, (_, m) => Math.cos((Math.PI * (c + 1) * (m + 0.5)) / MEL_BANDS) * Math.sqrt(2 / MEL_BANDS)),
);

/**
 * MFCCs of the speech frames in samples[from, to): frames more than 35 dB below the loudest frame
 * of the span, or below -55 dBFS, are pauses and would describe the room rather than the voice.
 */
export function mfccFrames(samples: Int16Array, sampleRate: number, from = 0, to = samples.length): FrameFeatures {
  return speechFrames(frameCandidates(samples, sampleRate, from, to));
}

/** One frame's MFCCs, its centre time (ms from samples[0]) and its level. */
export interface FrameCandidate {
  mfcc: Float64Array;
  timeMs: number;
  levelDb: number;
}

export const frameLengthOf = (sampleRate: number) => Math.round(sampleRate * 0.025);
export const frameHopOf = (sampleRate: number) => Math.round((sampleRate * FRAME_HOP_MS) / 1000);

/**
 * Every frame starting at from, from + hop, … that fits in samples[from, to), below -55 dBFS left
 * out. Live speaker turns (speaker-turns.ts) compute these as the audio comes, so labelling an
 * utterance at its end is only speechFrames and the nearest voice.
 */
export function frameCandidates(samples: Int16Array, sampleRate: number, from = 0, to = samples.length): FrameCandidate[] {
  const frameLength = frameLengthOf(sampleRate);
  const hop = frameHopOf(sampleRate);
  let bank = filterbanks.get(sampleRate);
  if (!bank) filterbanks.set(sampleRate, (bank = melFilterbank(sampleRate)));
  const window = Float64Array.from({ length: frameLength }, (_, i) => 0.54 - 0.46 * Math.cos((2 * Math.PI * i) / (frameLength - 1)));
  const candidates: FrameCandidate[] = [];
  const frame = new Float64Array(frameLength);
  for (let start = Math.max(0, from); start + frameLength <= Math.min(to, samples.length); start += hop) {
    let energy = 0;
    let previous = start > 0 ? samples[start - 1]! / 32768 : 0;
    for (let i = 0; i < frameLength; i++) {
      const value = samples[start + i]! / 32768;
      energy += value * value;
      // Pre-emphasis flattens speech's spectral tilt so high bands are not drowned by low ones.
      frame[i] = (value - 0.97 * previous) * window[i]!;
      previous = value;
    }
    const levelDb = 10 * Math.log10(energy / frameLength + 1e-12);
    if (levelDb < -55) continue;
    const power = powerSpectrum(frame, FFT_SIZE);
    const logMel = bank.map(({ start: first, weights }) => {
      let sum = 0;
      for (let k = 0; k < weights.length; k++) sum += weights[k]! * (power[first + k] ?? 0);
      return Math.log(sum + 1e-10);
    });
    const mfcc = new Float64Array(CEPSTRA);
    for (let c = 0; c < CEPSTRA; c++) {
      let sum = 0;
      for (let m = 0; m < MEL_BANDS; m++) sum += dctMatrix[c]![m]! * logMel[m]!;
      mfcc[c] = sum;
    }
    candidates.push({ mfcc, timeMs: ((start + frameLength / 2) / sampleRate) * 1000, levelDb });
  }
  return candidates;
}

/** The span's speech frames: those within 35 dB of its loudest. */
export function speechFrames(candidates: readonly FrameCandidate[]): FrameFeatures {
  const loudest = candidates.reduce((max, c) => Math.max(max, c.levelDb), -Infinity);
  const kept = candidates.filter((c) => c.levelDb >= loudest - 35);
  return { mfcc: kept.map((c) => c.mfcc), timesMs: kept.map((c) => c.timeMs) };
}

// Shared by the upload diarizer (spectral-diarizer.ts) and the live one (online-speakers.ts): a
// voice is the mean of its MFCC frames, compared in units of each coefficient's frame-level spread.

/** Standard deviation of each coefficient over the frames (the unit distances are measured in). */
export function frameSpread(frames: Float64Array[], dims: number): Float64Array {
  const stats = new CoefficientStats(dims);
  for (const frame of frames) stats.add(frame);
  return stats.spread();
}

/** Running sums of each coefficient and its square, so the spread can grow frame by frame. */
export class CoefficientStats {
  readonly sum: Float64Array;
  readonly square: Float64Array;
  count = 0;

  constructor(readonly dims: number) {
    this.sum = new Float64Array(dims);
    this.square = new Float64Array(dims);
  }

  add(frame: Float64Array): void {
    for (let d = 0; d < this.dims; d++) {
      this.sum[d]! += frame[d]!;
      this.square[d]! += frame[d]! * frame[d]!;
    }
    this.count += 1;
  }

  spread(): Float64Array {
    return this.sum.map((sum, d) => {
      const m = sum / Math.max(1, this.count);
      return Math.sqrt(Math.max(this.square[d]! / Math.max(1, this.count) - m * m, 1e-9));
    });
  }
}

/** The frames' mean, each coefficient divided by its spread. */
export function scaledMean(frames: Float64Array[], spread: Float64Array): Float64Array {
  const mean = new Float64Array(spread.length);
  for (const frame of frames) for (let d = 0; d < spread.length; d++) mean[d]! += frame[d]!;
  return mean.map((sum, d) => sum / frames.length / spread[d]!);
}

export function euclidean(a: Float64Array, b: Float64Array): number {
  let sum = 0;
  for (let d = 0; d < a.length; d++) sum += (a[d]! - b[d]!) ** 2;
  return Math.sqrt(sum);
}
