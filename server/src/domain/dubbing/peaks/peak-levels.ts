// The zoom levels of the dub editor's waveform (issue 13 §1). The media is decoded once to mono
// 8 kHz and reduced to min/max pairs at three resolutions, each ten times finer than the one before:
//   10 points/s   — a 4-hour video in 144,000 points (the whole-video overview, ~288 KB)
//   100 points/s  — a 10 ms point: line-level work
//   1000 points/s — a 1 ms point, 8 samples each: at 25–30 fps a frame spans 33–40 points, enough to
//                   draw single-frame zoom without the browser ever decoding audio.
// 8 kHz keeps everything below 4 kHz (the voice band a waveform shows); what lies above is what a
// waveform at these scales cannot show anyway.
export const DECODE_RATE = 8000;
export const PEAK_LEVELS = [10, 100, 1000] as const;
export type PeakLevel = (typeof PEAK_LEVELS)[number];

/**
 * Points one answer carries at most: a window larger than this is cut at its end (the answer's toMs
 * says where), so the whole finest level of a long video is never sent at once. 150,000 lets the
 * overview of a 4-hour video come in one answer.
 */
export const MAX_POINTS_PER_ANSWER = 150_000;

/** The level nearest to what the client asks for, on a log scale (between 10 and 100 the midpoint is 31.6). */
export function nearestLevel(pointsPerSecond: number): PeakLevel {
  const wanted = Math.log10(Math.max(1, pointsPerSecond));
  let best: PeakLevel = PEAK_LEVELS[0];
  for (const level of PEAK_LEVELS) {
    if (Math.abs(Math.log10(level) - wanted) < Math.abs(Math.log10(best) - wanted)) best = level;
  }
  return best;
}

/** A 16-bit sample as the contract's signed 8-bit value, full scale 127. */
export function toInt8(sample: number): number {
  const scaled = Math.round((sample * 127) / 32767);
  return scaled > 127 ? 127 : scaled < -127 ? -127 : scaled;
}
