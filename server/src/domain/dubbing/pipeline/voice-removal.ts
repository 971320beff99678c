// Voice removal (issue 25 §1): the original voice must go from under the dub while the bed (music,
// effects, room) stays. A background plan says how the original track becomes the background:
//   - stereo: centre-channel cancellation when it measurably lowers the voice (background.ts);
//   - mono and stereo alike: a gain envelope over the source's speech regions (where the original
//     voice is: voice activity found in the source, plus every line's slot) that takes the track
//     down by GATE_FLOOR_DB inside them with short ramps, and leaves the gaps untouched. Without a
//     separator this is the "deeper ducking where separation cannot be trusted": the bed under
//     speech goes down with the voice, the bed between lines keeps its level exactly;
//   - a remote separation service (SEPARATION_URL, remote-separation.ts) returns the background
//     itself; then only a mild gate (REMOTE_GATE_FLOOR_DB) guards against what it leaves.
// The plan is applied in the mix (mix.ts) and can be rendered alone (renderBackground), which the
// benchmark uses to measure exactly how much of a known voice is left.
import fs from 'node:fs/promises';
import path from 'node:path';
import { RECOGNITION_SAMPLE_RATE } from '../../../engines/media';
import { runProcess } from '../../../engines/run-process';
import type { TimeSpan } from '../../../engines/types';
import { detectSpeechRegions } from '../../../engines/vad';
import { decodeWav } from '../../../engines/wav';
import { fillInput, writeBedFill } from './bed-fill';

/** Samples per second of the gain envelope (ffmpeg resamples it smoothly to the mix rate). */
export const ENVELOPE_RATE = 1000;
/** How far the original goes down inside a speech region without a separator. */
export const GATE_FLOOR_DB = -40;
/** The same with a separated background: only what the separator left of the voice. */
export const REMOTE_GATE_FLOOR_DB = -12;
/** Ramp into and out of a region, so the gate does not click. */
export const RAMP_MS = 60;
/** Speech regions are widened by this much each side (breaths, the tail of the last word). */
const REGION_PAD_MS = 120;

export interface BackgroundPlan {
  /** ffmpeg filter on the original (or separated) audio before the envelope ('' for none). */
  filter: string;
  /** Raw s16le mono gain envelope at ENVELOPE_RATE, or null for none. */
  envelope: string | null;
  /** A separated background (wav) to use instead of the original track, or null. */
  separated: string | null;
  /** The bed laid in under the regions (bed-fill.ts) of the plan's source: raw s16le mono at FILL_RATE, or null. */
  fill: string | null;
  /** The gate's depth inside the regions. */
  floorDb: number;
  /** Which remover made it: 'gate' (local) or 'separation' (SEPARATION_URL). */
  remover: 'gate' | 'separation';
  /** The speech regions the envelope covers. */
  regions: TimeSpan[];
}

/** Sorted, padded, merged spans within [0, durationMs]. */
export function mergeRegions(spans: readonly TimeSpan[], durationMs: number, padMs = REGION_PAD_MS): TimeSpan[] {
  const sorted = spans
    .map((s) => ({ startMs: Math.max(0, s.startMs - padMs), endMs: Math.min(durationMs, s.endMs + padMs) }))
    .filter((s) => s.endMs > s.startMs)
    .sort((a, b) => a.startMs - b.startMs);
  const out: TimeSpan[] = [];
  for (const span of sorted) {
    const last = out.at(-1);
    if (last && span.startMs <= last.endMs) last.endMs = Math.max(last.endMs, span.endMs);
    else out.push({ ...span });
  }
  return out;
}

/** Where the original voice is: voice activity in the source (16 kHz mono wav) and the line slots. */
export async function sourceSpeechRegions(wav16k: string, lines: readonly TimeSpan[], durationMs: number): Promise<TimeSpan[]> {
  const { samples } = decodeWav(await fs.readFile(wav16k));
  const voiced = detectSpeechRegions(samples, { sampleRate: RECOGNITION_SAMPLE_RATE, maxUtteranceMs: 60 * 60_000 });
  return mergeRegions([...voiced, ...lines], durationMs);
}

/** The gain at each envelope sample: 1 outside the regions, `floor` inside, linear ramps at the edges. */
export function gainEnvelope(regions: readonly TimeSpan[], durationMs: number, floorDb: number): Int16Array {
  const floor = 10 ** (floorDb / 20);
  const length = Math.ceil((durationMs / 1000) * ENVELOPE_RATE) + 1;
  const gain = new Float32Array(length).fill(1);
  const msPerSample = 1000 / ENVELOPE_RATE;
  for (const region of regions) {
    const from = Math.max(0, Math.floor((region.startMs - RAMP_MS) / msPerSample));
    const to = Math.min(length - 1, Math.ceil((region.endMs + RAMP_MS) / msPerSample));
    for (let i = from; i <= to; i++) {
      const ms = i * msPerSample;
      const outside = Math.max(region.startMs - ms, ms - region.endMs, 0);
      const g = floor + (1 - floor) * Math.min(1, outside / RAMP_MS);
      if (g < gain[i]!) gain[i] = g;
    }
  }
  return Int16Array.from(gain, (g) => Math.round(g * 32767));
}

export async function writeEnvelope(workDir: string, regions: readonly TimeSpan[], durationMs: number, floorDb: number): Promise<string> {
  const file = path.join(workDir, 'background-gain.raw');
  const samples = gainEnvelope(regions, durationMs, floorDb);
  await fs.writeFile(file, Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength));
  return file;
}

export const envelopeInput = (file: string) => ['-f', 's16le', '-ar', String(ENVELOPE_RATE), '-ac', '1', '-i', file];

/**
 * The filter graph part that turns the background source `[in]` into `[out]` (stereo, 48 kHz):
 * the plan's filter, then the envelope `[envIn]` multiplied in.
 */
export function backgroundGraph(plan: Pick<BackgroundPlan, 'filter' | 'envelope'>, labels: { in: string; env: string; fill?: string; out: string }): string[] {
  const stereo = 'aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo';
  const base = [plan.filter, stereo].filter(Boolean).join(',');
  if (!plan.envelope) return [`${labels.in}${base}${labels.out}`];
  const gated = labels.fill ? '[gated]' : labels.out;
  return [
    `${labels.in}${base}[bgraw]`,
    // The gain goes to both sides as it is (a mono → stereo upmix would scale it by −3 dB).
    `${labels.env}aresample=48000,aformat=sample_fmts=fltp,pan=stereo|c0=c0|c1=c0[gain]`,
    `[bgraw][gain]amultiply${gated}`,
    // The bed fill is mono like a mono source, upmixed the same way, so both sum at one level.
    ...(labels.fill ? [`${labels.fill}${stereo}[fill]`, `[gated][fill]amix=inputs=2:duration=first:normalize=0${labels.out}`] : []),
  ];
}

/**
 * Renders the plan's background of `input` alone (16 kHz mono wav): for measuring, and for tests.
 * `ownSource`: `input` is the plan's own source, so the plan's fill is reused instead of made again.
 */
export async function renderBackground(plan: BackgroundPlan, input: string, out: string, durationMs: number, signal?: AbortSignal, ownSource = false): Promise<void> {
  const args = ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', '-i', input];
  if (plan.envelope) args.push(...envelopeInput(plan.envelope));
  // The fill of this very input (the plan's own fill is of its source).
  const reuse = ownSource && plan.envelope && plan.fill ? plan.fill : null;
  const fill = plan.envelope && plan.fill && !reuse ? `${out}.fill.raw` : null;
  if (fill) await writeBedFill(input, fill, { filter: plan.filter, regions: plan.regions, floorDb: plan.floorDb, rampMs: RAMP_MS }, durationMs, signal);
  if (fill ?? reuse) args.push(...fillInput((fill ?? reuse)!));
  const graph = backgroundGraph(plan, { in: '[0:a:0]', env: '[1:a]', ...((fill ?? reuse) ? { fill: '[2:a]' } : {}), out: '[bg]' });
  // Back to mono undoing the upmix's −3 dB per side, so a gain of 1 renders the input at its own level.
  graph.push('[bg]pan=mono|c0=0.70710678*c0+0.70710678*c1[mono]');
  args.push('-filter_complex', graph.join(';'), '-map', '[mono]', '-t', (durationMs / 1000).toFixed(3), '-ar', '16000', '-c:a', 'pcm_s16le', out);
  try {
    await runProcess('ffmpeg', 'ffmpeg', args, { signal, timeoutMs: Math.max(5 * 60_000, durationMs * 2) });
  } finally {
    if (fill) await fs.rm(fill, { force: true });
  }
}

/** dB of mean power of 16 kHz samples over the spans (or outside them with `outside`). */
export function levelDb(samples: Int16Array, spans: readonly TimeSpan[], outside = false): number {
  const inSpan = new Uint8Array(samples.length);
  for (const s of spans) inSpan.fill(1, Math.max(0, Math.floor(s.startMs * 16)), Math.min(samples.length, Math.ceil(s.endMs * 16)));
  let sum = 0;
  let n = 0;
  for (let i = 0; i < samples.length; i++) {
    if ((inSpan[i] === 1) === outside) continue;
    const v = samples[i]! / 32768;
    sum += v * v;
    n++;
  }
  return 10 * Math.log10(sum / Math.max(1, n) + 1e-12);
}
