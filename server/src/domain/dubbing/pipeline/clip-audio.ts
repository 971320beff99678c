// Small in-memory clips (one dubbed line, a few seconds) and the one ffmpeg call that changes them:
// resampling to the dub track's rate and time-stretching. Time-stretch uses ffmpeg's rubberband
// filter (librubberband, phase-vocoder quality that keeps formants) when this ffmpeg has it, else
// atempo; both keep the pitch.
import { runProcess } from '../../../engines/run-process';
import { decodeWav } from '../../../engines/wav';

/** The dub track's sample rate: espeak-ng's own, so its clips need no resampling. */
export const TRACK_RATE = 22_050;

let rubberbandAvailable: Promise<boolean> | null = null;
export function hasRubberbandFilter(): Promise<boolean> {
  rubberbandAvailable ??= runProcess('ffmpeg', 'ffmpeg', ['-hide_banner', '-filters'], { timeoutMs: 10_000 })
    .then(({ stdout }) => /\srubberband\s/.test(stdout.toString('utf8')))
    .catch(() => false);
  return rubberbandAvailable;
}

/** Any wav the synthesiser answers → mono TRACK_RATE samples, tempo-changed when tempo ≠ 1. */
export async function toTrackClip(wav: Buffer, tempo = 1, signal?: AbortSignal): Promise<Int16Array> {
  const audio = decodeWav(wav);
  if (tempo === 1 && audio.sampleRate === TRACK_RATE && audio.channels === 1) return audio.samples;
  const filters: string[] = [];
  if (tempo !== 1) filters.push((await hasRubberbandFilter()) ? `rubberband=tempo=${tempo.toFixed(4)}` : atempoChain(tempo));
  filters.push(`aresample=${TRACK_RATE}`);
  const { stdout } = await runProcess(
    'ffmpeg',
    'ffmpeg',
    ['-nostdin', '-hide_banner', '-loglevel', 'error', '-f', 's16le', '-ar', String(audio.sampleRate), '-ac', String(audio.channels), '-i', 'pipe:0',
      '-af', filters.join(','), '-ac', '1', '-f', 's16le', 'pipe:1'],
    { input: Buffer.from(audio.samples.buffer, audio.samples.byteOffset, audio.samples.byteLength), signal, timeoutMs: 60_000 },
  );
  return new Int16Array(stdout.buffer.slice(stdout.byteOffset, stdout.byteOffset + (stdout.byteLength & ~1)));
}

/** atempo takes 0.5..2 per instance (older builds); chain instances for larger factors. */
function atempoChain(tempo: number): string {
  const parts: string[] = [];
  let rest = tempo;
  while (rest > 2) {
    parts.push('atempo=2');
    rest /= 2;
  }
  parts.push(`atempo=${rest.toFixed(4)}`);
  return parts.join(',');
}

/** Cuts leading and trailing silence (below about -46 dBFS): synthesisers pad clips, and padding spends the slot. */
export function trimSilence(samples: Int16Array, threshold = 160): Int16Array {
  let start = 0;
  let end = samples.length;
  while (start < end && Math.abs(samples[start]!) < threshold) start++;
  while (end > start && Math.abs(samples[end - 1]!) < threshold) end--;
  // Keep 10 ms either side so the first and last phones are not clicked off.
  const margin = Math.round(TRACK_RATE * 0.01);
  return samples.subarray(Math.max(0, start - margin), Math.min(samples.length, end + margin));
}

export const clipMs = (samples: Int16Array) => (samples.length / TRACK_RATE) * 1000;
