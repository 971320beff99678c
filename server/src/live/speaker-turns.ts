// Who spoke each live utterance: the host audio of the last KEEP_MS is kept (meeting-audio ms), and
// when a final closes, its span is labelled by the online clustering (engines/online-speakers.ts).
// Kept per recording session, so labels hold across pause and resume; the clustering runs on the
// utterance's audio only (about 1 ms of CPU per second of speech), after the recogniser is done.
import { OnlineSpeakers } from '../engines/online-speakers';

const BYTES_PER_MS = 32; // 16 kHz × 2 bytes
/** Longer than the longest utterance the VAD lets through (15 s) with the decoder's lag. */
const KEEP_MS = 40_000;

export class SpeakerTurns {
  private readonly speakers = new OnlineSpeakers();
  private chunks: { atByte: number; pcm: Buffer }[] = [];
  private endByte = 0;

  /** Audio written at meeting byte position `atByte` (the session's count before the write). */
  write(atByte: number, pcm: Buffer): void {
    this.chunks.push({ atByte, pcm });
    this.endByte = atByte + pcm.length;
    const keepFrom = this.endByte - KEEP_MS * BYTES_PER_MS;
    while (this.chunks.length > 1 && this.chunks[0]!.atByte + this.chunks[0]!.pcm.length < keepFrom) this.chunks.shift();
  }

  /** The 1-based speaker of the audio in [startMs, endMs) of the meeting, or null without a voice. */
  speakerOf(startMs: number, endMs: number): number | null {
    const from = Math.max(0, Math.floor(startMs) * BYTES_PER_MS);
    const to = Math.ceil(endMs) * BYTES_PER_MS;
    const parts: Buffer[] = [];
    for (const { atByte, pcm } of this.chunks) {
      const start = Math.max(from, atByte);
      const end = Math.min(to, atByte + pcm.length);
      if (end > start) parts.push(pcm.subarray(start - atByte, end - atByte));
    }
    const bytes = Buffer.concat(parts);
    const samples = new Int16Array(bytes.length >> 1);
    for (let i = 0; i < samples.length; i++) samples[i] = bytes.readInt16LE(i * 2);
    const index = this.speakers.assign(samples);
    return index === null ? null : index + 1;
  }
}
