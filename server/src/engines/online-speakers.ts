// Speaker turns of a live meeting: each final utterance is labelled as it closes, by the same voice
// description and distance as the upload diarizer (speaker-features.ts: mean MFCC envelope in units
// of the frame spread), but clustered online — an utterance joins the nearest voice heard so far
// when it is nearer than the threshold, otherwise it opens a new speaker. Labels never change once
// sent (subtitles already on screen keep theirs), which is the price of deciding without the future.
// The spread is the running spread of every speech frame heard so far, so distances settle as the
// meeting goes on; a short utterance (too few frames to describe a voice) joins the nearest speaker.
import { CoefficientStats, euclidean, mfccFrames } from './speaker-features';

export interface OnlineSpeakersOptions {
  /** Distance (frame-spread units) under which an utterance is the same voice; see SpectralDiarizer. */
  threshold?: number;
  /** Fewer speech frames (10 ms each) than this never open a new speaker. */
  minFramesForNewSpeaker?: number;
  /** The most speakers one meeting gets; beyond it an utterance joins the nearest. */
  maxSpeakers?: number;
}

interface Voice {
  sum: Float64Array;
  count: number;
}

export class OnlineSpeakers {
  private readonly threshold: number;
  private readonly minFrames: number;
  private readonly maxSpeakers: number;
  private stats: CoefficientStats | null = null;
  private readonly voices: Voice[] = [];
  private last: number | null = null;

  constructor(options: OnlineSpeakersOptions = {}) {
    this.threshold = options.threshold ?? 1.3;
    this.minFrames = options.minFramesForNewSpeaker ?? 50;
    this.maxSpeakers = options.maxSpeakers ?? 10;
  }

  get count(): number {
    return this.voices.length;
  }

  /** The 0-based speaker of one utterance's samples; null before any voice was heard. */
  assign(samples: Int16Array, sampleRate = 16_000): number | null {
    return this.assignFrames(mfccFrames(samples, sampleRate).mfcc);
  }

  /** The same, from the utterance's speech frames already computed (see speaker-turns.ts). */
  assignFrames(frames: readonly Float64Array[]): number | null {
    // No speech frame at all (a click that cleared the VAD): it goes with the speaker before.
    if (frames.length === 0) return this.last;
    const dims = frames[0]!.length;
    this.stats ??= new CoefficientStats(dims);
    for (const frame of frames) this.stats.add(frame);
    const spread = this.stats.spread();
    const sum = new Float64Array(dims);
    for (const frame of frames) for (let d = 0; d < dims; d++) sum[d]! += frame[d]!;
    const scaled = (voice: Voice) => voice.sum.map((value, d) => value / voice.count / spread[d]!);
    const mean = scaled({ sum, count: frames.length });
    let nearest = -1;
    let distance = Infinity;
    this.voices.forEach((voice, index) => {
      const d = euclidean(mean, scaled(voice));
      if (d < distance) [nearest, distance] = [index, d];
    });
    const opensNew = nearest === -1 || (distance >= this.threshold && frames.length >= this.minFrames && this.voices.length < this.maxSpeakers);
    if (opensNew) {
      this.voices.push({ sum, count: frames.length });
      nearest = this.voices.length - 1;
    } else {
      const voice = this.voices[nearest]!;
      for (let d = 0; d < dims; d++) voice.sum[d]! += sum[d]!;
      voice.count += frames.length;
    }
    this.last = nearest;
    return nearest;
  }
}
