// Fundamental-frequency estimate of a speaker, to give their dub voice a matching register: the
// median over voiced 40 ms frames of the autocorrelation peak between 70 and 400 Hz (the range of
// adult speech). Autocorrelation is the textbook pitch tracker; the median ignores octave slips.
import type { TimeSpan } from '../../../engines/types';

const MIN_HZ = 70;
const MAX_HZ = 400;

export function estimatePitchHz(samples: Int16Array, sampleRate: number, spans: TimeSpan[]): number | null {
  const frame = Math.round(sampleRate * 0.04);
  const minLag = Math.floor(sampleRate / MAX_HZ);
  const maxLag = Math.ceil(sampleRate / MIN_HZ);
  const estimates: number[] = [];
  for (const span of spans) {
    const from = Math.max(0, Math.floor((span.startMs / 1000) * sampleRate));
    const to = Math.min(samples.length, Math.ceil((span.endMs / 1000) * sampleRate));
    // Every other frame is enough for a median and halves the work on long recordings.
    for (let start = from; start + frame + maxLag <= to; start += frame * 2) {
      let energy = 0;
      for (let i = 0; i < frame; i++) energy += samples[start + i]! ** 2;
      if (energy / frame < 300 ** 2) continue; // pauses and breath: no pitch
      const sums = new Float64Array(maxLag + 1);
      let best = 0;
      for (let lag = minLag; lag <= maxLag; lag++) {
        let sum = 0;
        for (let i = 0; i < frame; i++) sum += samples[start + i]! * samples[start + i + lag]!;
        sums[lag] = sum;
        best = Math.max(best, sum);
      }
      // Two or three periods correlate as well as one: the shortest lag near the best is the period,
      // otherwise a voice above 140 Hz may read an octave low.
      let bestLag = 0;
      for (let lag = minLag; lag <= maxLag && !bestLag; lag++) {
        if (sums[lag]! >= 0.9 * best && sums[lag]! >= (sums[lag - 1] ?? 0) && sums[lag]! >= (sums[lag + 1] ?? 0)) bestLag = lag;
      }
      // A peak under half the frame energy is noise or an unvoiced consonant.
      if (bestLag && sums[bestLag]! > 0.5 * energy) estimates.push(sampleRate / bestLag);
    }
  }
  if (estimates.length === 0) return null;
  estimates.sort((a, b) => a - b);
  return estimates[Math.floor(estimates.length / 2)]!;
}
