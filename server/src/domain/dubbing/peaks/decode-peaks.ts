// One streaming ffmpeg decode of a media input (a file, a concat: list of block files or a signed
// URL) into the peak files of every level. ffmpeg pipes mono 8 kHz s16le to node; the finest level
// is reduced from the samples as they arrive and each coarser level from the one below it, so memory
// stays at a few buffers whatever the length (a 4-hour video is never held, nor its peaks).
import fsp, { type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { engineFailed, engineNotInstalled, engineTimedOut, invalidMedia } from '../../../engines/engine-errors';
import { spawnEngine } from '../../../engines/spawner/spawner';
import { DECODE_RATE, PEAK_LEVELS, toInt8, type PeakLevel } from './peak-levels';

export interface DecodedPeaks {
  /** Samples decoded at DECODE_RATE. */
  samples: number;
  durationMs: number;
  /** Points written per level. */
  points: Record<PeakLevel, number>;
}

const DECODE_TIMEOUT_MS = 30 * 60_000;
const FLUSH_BYTES = 64 * 1024;

/** The file of one level inside a peaks directory: (min, max) int8 pairs, one pair per point. */
export function levelFile(dir: string, level: PeakLevel): string {
  return path.join(dir, `${level}.bin`);
}

/**
 * Collects (min, max) pairs of one level. Adding is synchronous (it runs per sample); full 64 KB
 * buffers wait in `full` until drain() writes them, once per chunk ffmpeg sends.
 */
class LevelWriter {
  private buffer = Buffer.alloc(FLUSH_BYTES);
  private used = 0;
  private full: Buffer[] = [];
  points = 0;
  // The point being built from the level below: `filled` inputs so far.
  private min = 127;
  private max = -127;
  private filled = 0;

  constructor(
    private readonly file: FileHandle,
    /** Points of the level below (or samples, for the finest) per point of this one. */
    readonly per: number,
    private readonly next: LevelWriter | null,
  ) {}

  /** Adds one input (min, max) and emits a point when `per` of them are in. */
  add(min: number, max: number): void {
    if (min < this.min) this.min = min;
    if (max > this.max) this.max = max;
    if (++this.filled === this.per) this.emit();
  }

  private emit(): void {
    const { min, max } = this;
    this.buffer[this.used] = min & 0xff;
    this.buffer[this.used + 1] = max & 0xff;
    this.used += 2;
    this.points++;
    this.min = 127;
    this.max = -127;
    this.filled = 0;
    if (this.used === FLUSH_BYTES) {
      this.full.push(this.buffer);
      this.buffer = Buffer.alloc(FLUSH_BYTES);
      this.used = 0;
    }
    this.next?.add(min, max);
  }

  /** Writes the full buffers of this level and the coarser ones. */
  async drain(): Promise<void> {
    for (const buffer of this.full.splice(0)) await this.file.write(buffer);
    await this.next?.drain();
  }

  /** The last, partial point (a video rarely ends on a point boundary), then everything still held. */
  async finish(): Promise<void> {
    if (this.filled > 0) this.emit();
    if (this.used > 0) this.full.push(this.buffer.subarray(0, this.used));
    for (const buffer of this.full.splice(0)) await this.file.write(buffer);
    await this.next?.finish();
  }
}

/**
 * The finest level from raw samples: min and max are kept in 16 bits over `per` samples and turned
 * into int8 once per point (min/max commute with the monotonic int8 mapping, so nothing is lost).
 */
class SampleReducer {
  private min = 32767;
  private max = -32768;
  private filled = 0;

  constructor(
    private readonly per: number,
    private readonly into: LevelWriter,
  ) {}

  addSamples(view: Int16Array): void {
    let { min, max, filled } = this;
    const { per } = this;
    for (let i = 0; i < view.length; i++) {
      const v = view[i]!;
      if (v < min) min = v;
      if (v > max) max = v;
      if (++filled === per) {
        this.into.add(toInt8(min), toInt8(max));
        min = 32767;
        max = -32768;
        filled = 0;
      }
    }
    this.min = min;
    this.max = max;
    this.filled = filled;
  }

  finish(): void {
    if (this.filled > 0) this.into.add(toInt8(this.min), toInt8(this.max));
    this.filled = 0;
  }
}

function ffmpegArgs(input: string): string[] {
  return ['-nostdin', '-hide_banner', '-loglevel', 'error', '-i', input, '-vn', '-map', '0:a:0', '-ac', '1', '-ar', String(DECODE_RATE), '-f', 's16le', 'pipe:1'];
}

/** Decodes `input` once and writes `<level>.bin` for every level into `dir` (which must exist). */
export async function decodePeaks(input: string, dir: string, signal?: AbortSignal): Promise<DecodedPeaks> {
  const files = await Promise.all(PEAK_LEVELS.map((level) => fsp.open(levelFile(dir, level), 'w')));
  try {
    // Built from the coarsest up, so each level can feed the coarser one; a level's `per` is how
    // many points of the next finer level make one of its points (1 for the finest: the reducer's).
    const writers: LevelWriter[] = [];
    const last = PEAK_LEVELS.length - 1;
    for (let i = 0; i <= last; i++) {
      const per = i === last ? 1 : PEAK_LEVELS[i + 1]! / PEAK_LEVELS[i]!;
      writers.push(new LevelWriter(files[i]!, per, writers[i - 1] ?? null));
    }
    const finest = writers[last]!;
    const reducer = new SampleReducer(DECODE_RATE / PEAK_LEVELS[last]!, finest);
    const samples = await streamSamples(input, signal, async (view) => {
      reducer.addSamples(view);
      await finest.drain();
    });
    reducer.finish();
    await finest.finish();
    const points = Object.fromEntries(PEAK_LEVELS.map((level, i) => [level, writers[i]!.points])) as Record<PeakLevel, number>;
    return { samples, durationMs: Math.round((samples * 1000) / DECODE_RATE), points };
  } finally {
    await Promise.all(files.map((file) => file.close()));
  }
}

/** Runs ffmpeg and hands the samples to `onSamples` chunk by chunk, reading stdout only as fast as they are used. */
async function streamSamples(input: string, signal: AbortSignal | undefined, onSamples: (view: Int16Array) => Promise<void>): Promise<number> {
  const child = spawnEngine('ffmpeg', ffmpegArgs(input), { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(-2000)));
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve(code));
  });
  let timedOut = false;
  const kill = () => child.kill('SIGKILL');
  const timer = setTimeout(() => {
    timedOut = true;
    kill();
  }, DECODE_TIMEOUT_MS);
  signal?.addEventListener('abort', kill, { once: true });
  let samples = 0;
  let carry: Buffer | null = null;
  try {
    for await (const piece of child.stdout as AsyncIterable<Buffer>) {
      const chunk: Buffer = carry ? Buffer.concat([carry, piece]) : piece;
      const usable = chunk.length & ~1;
      carry = usable < chunk.length ? Buffer.from(chunk.subarray(usable)) : null;
      if (usable === 0) continue;
      // An Int16Array (little-endian here, as s16le) needs an even byte offset; a pipe chunk usually
      // has one, else it is copied into an unpooled buffer (which starts at offset 0).
      let aligned = chunk;
      if (chunk.byteOffset % 2 !== 0) {
        aligned = Buffer.alloc(usable);
        chunk.copy(aligned, 0, 0, usable);
      }
      await onSamples(new Int16Array(aligned.buffer, aligned.byteOffset, usable / 2));
      samples += usable / 2;
    }
    const code = await exited;
    if (timedOut) throw engineTimedOut('ffmpeg', DECODE_TIMEOUT_MS / 1000);
    signal?.throwIfAborted();
    if (code !== 0) throw /matches no streams|Invalid data|does not contain any stream/.test(stderr) ? invalidMedia(stderr.trim()) : engineFailed('ffmpeg', stderr.trim() || `exit ${code}`);
    return samples;
  } catch (error) {
    kill();
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw engineNotInstalled('ffmpeg', error);
    throw error;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', kill);
  }
}
