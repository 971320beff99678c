// Energy voice-activity detection. The live hub uses it as the gate that keeps silence from
// reaching a recogniser (a recogniser fed silence or hum hallucinates words), and the utterance
// stream uses it to cut speech into utterances for recognisers that only work on whole files.
// Frame RMS against a threshold is crude but deterministic, cheap enough to run per connection,
// and robust for close-talk microphones; an adaptive noise floor keeps a steady fan or hiss from
// counting as speech, and the hangover keeps short pauses between words inside one utterance.
import type { TimeSpan } from './types';

export interface VadOptions {
  sampleRate: number;
  frameMs: number;
  /** A frame below this level (dBFS) is never speech, whatever the noise floor. */
  thresholdDb: number;
  /** A frame must also be this far above the noise floor. */
  noiseMarginDb: number;
  /** How far back the noise floor looks for the quietest frame. */
  floorWindowMs: number;
  /** Consecutive loud frames needed to open an utterance (rejects clicks). */
  minSpeechMs: number;
  /** Quiet time that closes an utterance (keeps pauses between words inside it). */
  hangoverMs: number;
  /** Audio kept from before the opening frames, so the first consonant is not clipped. */
  preRollMs: number;
  /** A monologue is cut here so finals keep coming while someone talks without pause. */
  maxUtteranceMs: number;
}

export const DEFAULT_VAD_OPTIONS: VadOptions = {
  sampleRate: 16_000,
  frameMs: 30,
  thresholdDb: -45,
  noiseMarginDb: 10,
  floorWindowMs: 1500,
  minSpeechMs: 90,
  hangoverMs: 450,
  preRollMs: 210,
  maxUtteranceMs: 15_000,
};

export type VadEvent =
  | { type: 'speechStart'; startMs: number }
  | { type: 'speechEnd'; startMs: number; endMs: number; samples: Int16Array };

/** Root-mean-square level of a frame in dBFS; digital silence is -Infinity. */
export function frameLevelDb(frame: Int16Array): number {
  if (frame.length === 0) return -Infinity;
  let sum = 0;
  for (let i = 0; i < frame.length; i++) {
    const v = frame[i]! / 32768;
    sum += v * v;
  }
  return 10 * Math.log10(sum / frame.length);
}

export class EnergyVad {
  readonly options: VadOptions;
  private readonly frameSamples: number;
  private remainder = new Int16Array(0);
  private frameIndex = 0;
  /** Levels of the last floorWindowMs of frames, a ring. */
  private readonly recentLevels: Float64Array;
  private recentIndex = 0;
  /** Frames before an utterance opens: the pre-roll ring plus the loud run being counted. */
  private pending: Int16Array[] = [];
  private loudRun = 0;
  private utterance: Int16Array[] | null = null;
  private utteranceStartFrame = 0;
  private lastLoudFrame = 0;
  private quietRun = 0;

  constructor(options: Partial<VadOptions> = {}) {
    this.options = { ...DEFAULT_VAD_OPTIONS, ...options };
    this.frameSamples = Math.round((this.options.sampleRate * this.options.frameMs) / 1000);
    const windowFrames = Math.max(1, Math.round(this.options.floorWindowMs / this.options.frameMs));
    this.recentLevels = new Float64Array(windowFrames).fill(this.options.thresholdDb - this.options.noiseMarginDb);
  }

  get speaking(): boolean {
    return this.utterance !== null;
  }

  /** Milliseconds of audio consumed so far (whole frames). */
  get positionMs(): number {
    return this.frameIndex * this.options.frameMs;
  }

  /** The utterance in progress, for partial results. */
  currentUtterance(): { startMs: number; samples: Int16Array } | null {
    if (!this.utterance) return null;
    return { startMs: this.utteranceStartFrame * this.options.frameMs, samples: concat(this.utterance) };
  }

  /**
   * Frames of the utterance in progress from frame `from` on: a streaming decoder is handed only the
   * audio it has not had, so the cost per write stays constant however long the utterance runs.
   */
  utteranceFramesFrom(from: number): Int16Array[] {
    return this.utterance ? this.utterance.slice(from) : [];
  }

  get noiseFloorDb(): number {
    let floor = Infinity;
    for (const level of this.recentLevels) floor = Math.min(floor, level);
    return floor;
  }

  /** Whether a frame counts as speech, judged against the floor of the frames before it. */
  isSpeechFrame(frame: Int16Array): boolean {
    const level = frameLevelDb(frame);
    const loud = level > this.options.thresholdDb && level > this.noiseFloorDb + this.options.noiseMarginDb;
    this.recentLevels[this.recentIndex] = Math.max(level, -100);
    this.recentIndex = (this.recentIndex + 1) % this.recentLevels.length;
    return loud;
  }

  push(samples: Int16Array): VadEvent[] {
    const events: VadEvent[] = [];
    const all = this.remainder.length ? concat([this.remainder, samples]) : samples;
    let offset = 0;
    for (; offset + this.frameSamples <= all.length; offset += this.frameSamples) {
      this.processFrame(all.slice(offset, offset + this.frameSamples), events);
    }
    this.remainder = all.slice(offset);
    return events;
  }

  /** Closes the utterance in progress (end of stream). */
  flush(): VadEvent[] {
    const events: VadEvent[] = [];
    if (this.utterance) events.push(this.close());
    this.pending = [];
    this.loudRun = 0;
    return events;
  }

  private processFrame(frame: Int16Array, events: VadEvent[]) {
    const { frameMs, minSpeechMs, hangoverMs, preRollMs, maxUtteranceMs } = this.options;
    const loud = this.isSpeechFrame(frame);
    const index = this.frameIndex++;
    if (this.utterance) {
      this.utterance.push(frame);
      if (loud) {
        this.lastLoudFrame = index;
        this.quietRun = 0;
      } else this.quietRun++;
      const lengthMs = (index + 1 - this.utteranceStartFrame) * frameMs;
      if (this.quietRun * frameMs >= hangoverMs) events.push(this.close());
      else if (lengthMs + frameMs > maxUtteranceMs) {
        events.push(this.close());
        if (loud) this.open(index + 1, [], events);
      }
      return;
    }
    this.pending.push(frame);
    this.loudRun = loud ? this.loudRun + 1 : 0;
    const preRollFrames = Math.ceil(preRollMs / frameMs);
    const minFrames = Math.max(1, Math.ceil(minSpeechMs / frameMs));
    if (this.loudRun >= minFrames) {
      const kept = this.pending.slice(-(preRollFrames + this.loudRun));
      this.lastLoudFrame = index;
      this.open(index + 1 - kept.length, kept, events);
      this.pending = [];
      this.loudRun = 0;
    } else if (this.pending.length > preRollFrames + minFrames) {
      this.pending.shift();
    }
  }

  private open(startFrame: number, frames: Int16Array[], events: VadEvent[]) {
    this.utterance = frames;
    this.utteranceStartFrame = startFrame;
    this.quietRun = 0;
    events.push({ type: 'speechStart', startMs: startFrame * this.options.frameMs });
  }

  private close(): VadEvent {
    const frames = this.utterance ?? [];
    const startMs = this.utteranceStartFrame * this.options.frameMs;
    this.utterance = null;
    this.quietRun = 0;
    return {
      type: 'speechEnd',
      startMs,
      // The end is the last loud frame, not the end of the hangover that confirmed it.
      endMs: Math.max(startMs, (this.lastLoudFrame + 1) * this.options.frameMs),
      samples: concat(frames),
    };
  }
}

/** Speech regions of a whole recording (for files: skip silence, report "no speech found"). */
export function detectSpeechRegions(samples: Int16Array, options: Partial<VadOptions> = {}): TimeSpan[] {
  const vad = new EnergyVad(options);
  const events = [...vad.push(samples), ...vad.flush()];
  return events.flatMap((e) => (e.type === 'speechEnd' ? [{ startMs: e.startMs, endMs: e.endMs }] : []));
}

function concat(parts: Int16Array[]): Int16Array {
  let length = 0;
  for (const p of parts) length += p.length;
  const out = new Int16Array(length);
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}
