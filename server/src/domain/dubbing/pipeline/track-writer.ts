// The dubbed speech is written to disk clip by clip as raw 16-bit mono PCM at TRACK_RATE, silence
// filled in between, so only the current clip is ever in memory whatever the video's length.
// Clips are placed in time order; one that would start inside the previous clip's overrun starts
// right after it instead of being mixed over it.
import fs from 'node:fs/promises';
import { join } from 'node:path';
import { TRACK_RATE } from './clip-audio';

const SILENCE_CHUNK = Buffer.alloc(TRACK_RATE * 2);

export class TrackWriter {
  private written = 0; // samples

  private constructor(private readonly file: fs.FileHandle, readonly path: string) {}

  static async open(path: string): Promise<TrackWriter> {
    return new TrackWriter(await fs.open(path, 'w'), path);
  }

  /** Writes the clip at startMs (or right after the previous clip); answers where it really starts. */
  async place(startMs: number, clip: Int16Array): Promise<number> {
    await this.padTo(Math.round((startMs / 1000) * TRACK_RATE));
    const at = this.written;
    await this.file.write(Buffer.from(clip.buffer, clip.byteOffset, clip.byteLength));
    this.written += clip.length;
    return (at / TRACK_RATE) * 1000;
  }

  async padTo(sample: number): Promise<void> {
    while (this.written < sample) {
      const n = Math.min(sample - this.written, TRACK_RATE);
      await this.file.write(SILENCE_CHUNK, 0, n * 2);
      this.written += n;
    }
  }

  async close(durationMs: number): Promise<void> {
    await this.padTo(Math.round((durationMs / 1000) * TRACK_RATE));
    await this.file.close();
  }
}

/** ffmpeg input arguments for a track written here. */
export const rawTrackInput = (path: string) => ['-f', 's16le', '-ar', String(TRACK_RATE), '-ac', '1', '-i', path];

/** Where a speaker's own raw track is written in a dub's work directory. */
export const speakerTrackPath = (workDir: string, speaker: number) => join(workDir, `speaker-${speaker + 1}.raw`);

/**
 * Places a line's clip on the speech track and its speaker's track at `atMs` (later when the previous
 * clip overruns) and answers where it really sits; a clip pushed later by the previous line's overrun
 * overruns by the delay too.
 */
export async function placeClip(speech: TrackWriter, speaker: TrackWriter, atMs: number, samples: Int16Array, lineEndMs: number) {
  const dubStartMs = await speech.place(atMs, samples);
  await speaker.place(atMs, samples);
  const dubEndMs = dubStartMs + (samples.length / TRACK_RATE) * 1000;
  return { dubStartMs: Math.round(dubStartMs), dubEndMs: Math.round(dubEndMs), overrunMs: Math.max(0, Math.round(dubEndMs - lineEndMs)) };
}
