// The background under the dub. For a stereo source, a centre-channel cancel (L−R) removes what is
// panned to the middle — usually the dialogue — and keeps music and effects panned wide; on a
// source mixed otherwise it removes the background instead. So both candidates are measured and
// the cleaner one is kept.
//
// Measure: the original voice still audible in a candidate is the level inside the line slots
// minus the level outside them (dB, RMS of 16 kHz mono); background is the level outside. The
// cancelled candidate wins when it lowers that speech excess by at least 3 dB while keeping the
// background within 12 dB of the original (otherwise it cancelled the background, not the voice).
import { runProcess } from '../../../engines/run-process';
import { spawnEngine } from '../../../engines/spawner/spawner';
import type { TimeSpan } from '../../../engines/types';

export const CENTRE_CANCEL = 'pan=mono|c0=0.5*c0-0.5*c1';

export interface BackgroundChoice {
  /** ffmpeg filter applied to the original audio before ducking ('' keeps it as it is). */
  filter: string;
  channels: number;
  measured?: { original: LeakageMeasure; centreCancelled: LeakageMeasure };
}

export interface LeakageMeasure {
  speechExcessDb: number;
  backgroundDb: number;
}

export async function audioChannels(videoPath: string, signal?: AbortSignal): Promise<number> {
  const { stdout } = await runProcess('ffprobe', 'ffprobe', ['-v', 'error', '-select_streams', 'a:0', '-show_entries', 'stream=channels', '-of', 'csv=p=0', videoPath], {
    signal,
    timeoutMs: 30_000,
  });
  return Number.parseInt(stdout.toString('utf8'), 10) || 0;
}

export async function chooseBackground(videoPath: string, slots: TimeSpan[], signal?: AbortSignal): Promise<BackgroundChoice> {
  const channels = await audioChannels(videoPath, signal);
  if (channels < 2 || slots.length === 0) return { filter: '', channels };
  const [original, centreCancelled] = await Promise.all([measureLeakage(videoPath, '', slots, signal), measureLeakage(videoPath, CENTRE_CANCEL, slots, signal)]);
  const cleaner = centreCancelled.speechExcessDb <= original.speechExcessDb - 3 && centreCancelled.backgroundDb >= original.backgroundDb - 12;
  return { filter: cleaner ? CENTRE_CANCEL : '', channels, measured: { original, centreCancelled } };
}

/** Streams the candidate through ffmpeg and sums energy inside and outside the slots as it goes. */
export function measureLeakage(videoPath: string, filter: string, slots: TimeSpan[], signal?: AbortSignal): Promise<LeakageMeasure> {
  const rate = 16_000;
  const sorted = [...slots].sort((a, b) => a.startMs - b.startMs);
  return new Promise((resolve, reject) => {
    const af = [filter, `aresample=${rate}`].filter(Boolean).join(',');
    const child = spawnEngine('ffmpeg', ['-nostdin', '-hide_banner', '-loglevel', 'error', '-i', videoPath, '-vn', '-map', '0:a:0', '-af', af, '-ac', '1', '-f', 's16le', 'pipe:1'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const onAbort = () => child.kill('SIGKILL');
    signal?.addEventListener('abort', onAbort, { once: true });
    let index = 0;
    let slot = 0;
    const sums = { inside: 0, insideN: 0, outside: 0, outsideN: 0 };
    let carry: Buffer | null = null;
    child.stdout.on('data', (chunk: Buffer) => {
      const data = carry ? Buffer.concat([carry, chunk]) : chunk;
      const usable = data.length & ~1;
      carry = usable < data.length ? data.subarray(usable) : null;
      for (let off = 0; off < usable; off += 2, index++) {
        const ms = (index / rate) * 1000;
        while (slot < sorted.length && sorted[slot]!.endMs <= ms) slot++;
        const v = data.readInt16LE(off) / 32768;
        if (slot < sorted.length && sorted[slot]!.startMs <= ms) {
          sums.inside += v * v;
          sums.insideN++;
        } else {
          sums.outside += v * v;
          sums.outsideN++;
        }
      }
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr = (stderr + c.toString()).slice(-2000)));
    child.on('error', reject);
    child.on('close', (code) => {
      signal?.removeEventListener('abort', onAbort);
      if (code !== 0) return reject(new Error(`ffmpeg exited with ${code}: ${stderr.trim()}`));
      const db = (sum: number, n: number) => 10 * Math.log10(sum / Math.max(1, n) + 1e-12);
      const inside = db(sums.inside, sums.insideN);
      const outside = db(sums.outside, sums.outsideN);
      resolve({ speechExcessDb: inside - outside, backgroundDb: outside });
    });
  });
}
