// Who spoke each live utterance, labelled by the online clustering (engines/online-speakers.ts) when
// its final closes. The voice features (MFCC frames) are worked out as the host's audio comes, frame
// by frame on the meeting's clock, and the frames of the last KEEP_MS kept: labelling an utterance
// is then only picking its frames and the nearest voice — no pass over its audio after the
// recogniser is done. Kept per recording session, so labels hold across pause and resume.
import { OnlineSpeakers } from '../engines/online-speakers';
import { frameCandidates, frameHopOf, frameLengthOf, speechFrames, type FrameCandidate } from '../engines/speaker-features';

const SAMPLE_RATE = 16_000;
const BYTES_PER_SAMPLE = 2;
/** Longer than the longest utterance the VAD lets through (15 s) with the decoder's lag. */
const KEEP_MS = 40_000;

export class SpeakerTurns {
  private readonly speakers = new OnlineSpeakers();
  /** Frames on the meeting's clock (timeMs from the meeting audio's start), oldest first. */
  private frames: FrameCandidate[] = [];
  /** Audio not yet framed, from meeting sample `tailStart` (one sample before the next frame's start, for its pre-emphasis). */
  private tail = new Int16Array(0);
  private tailStart = 0;
  /** Meeting sample where the next frame starts. */
  private nextFrame = 0;
  private endSample = 0;
  private readonly frameLength = frameLengthOf(SAMPLE_RATE);
  private readonly hop = frameHopOf(SAMPLE_RATE);

  /** Audio written at meeting byte position `atByte` (the session's count before the write). */
  write(atByte: number, pcm: Buffer): void {
    const at = Math.floor(atByte / BYTES_PER_SAMPLE);
    // Audio that does not follow on (a session resumed elsewhere in the meeting): frames start afresh.
    if (at !== this.endSample) {
      this.tail = new Int16Array(0);
      this.tailStart = at;
      this.nextFrame = at;
    }
    const incoming = new Int16Array(pcm.length >> 1);
    for (let i = 0; i < incoming.length; i++) incoming[i] = pcm.readInt16LE(i * 2);
    const samples = new Int16Array(this.tail.length + incoming.length);
    samples.set(this.tail);
    samples.set(incoming, this.tail.length);
    this.endSample = at + incoming.length;
    const from = this.nextFrame - this.tailStart;
    const framed = samples.length - from >= this.frameLength ? Math.floor((samples.length - from - this.frameLength) / this.hop) + 1 : 0;
    const offsetMs = (this.tailStart / SAMPLE_RATE) * 1000;
    for (const frame of frameCandidates(samples, SAMPLE_RATE, from, from + (framed - 1) * this.hop + this.frameLength)) {
      this.frames.push({ ...frame, timeMs: frame.timeMs + offsetMs });
    }
    this.nextFrame += framed * this.hop;
    const keepFrom = Math.max(0, this.nextFrame - 1 - this.tailStart);
    this.tail = samples.slice(keepFrom);
    this.tailStart += keepFrom;
    const oldestMs = (this.endSample / SAMPLE_RATE) * 1000 - KEEP_MS;
    let drop = 0;
    while (drop < this.frames.length && this.frames[drop]!.timeMs < oldestMs) drop++;
    if (drop) this.frames = this.frames.slice(drop);
  }

  /** The 1-based speaker of the audio in [startMs, endMs) of the meeting, or null without a voice. */
  speakerOf(startMs: number, endMs: number): number | null {
    const span = this.frames.filter((frame) => frame.timeMs >= startMs && frame.timeMs < endMs);
    const index = this.speakers.assignFrames(speechFrames(span).mfcc);
    return index === null ? null : index + 1;
  }
}
