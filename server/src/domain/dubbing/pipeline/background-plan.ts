// How one dub's background is made (issue 25 §1), chosen once per run and applied in the mix: a
// separated background from SEPARATION_URL when that service is set, else the original track
// (centre-cancelled when that measurably removes the voice of a stereo source), and in both cases
// the gain envelope over the source's speech regions (voice-removal.ts). Also measures how much of
// the original is left under the dub: the task reports it.
import fs from 'node:fs/promises';
import path from 'node:path';
import { toWav16kMono } from '../../../engines/media';
import type { VoiceSeparator } from '../../../engines/remote-separator';
import type { TimeSpan } from '../../../engines/types';
import { decodeWav } from '../../../engines/wav';
import { CENTRE_CANCEL, chooseBackground } from './background';
import { TRACK_RATE } from './clip-audio';
import { writeBedFill } from './bed-fill';
import { GATE_FLOOR_DB, levelDb, RAMP_MS, REMOTE_GATE_FLOOR_DB, renderBackground, sourceSpeechRegions, writeEnvelope, type BackgroundPlan } from './voice-removal';

export interface PlanBackgroundInput {
  videoPath: string;
  workDir: string;
  durationMs: number;
  /** The line slots (source times): the original voice is there, whatever the voice activity says. */
  lines: readonly TimeSpan[];
  /** The source as 16 kHz mono wav when the run has it already; extracted otherwise. */
  wav16k?: string | null;
  /** The stereo choice of an earlier run of the task (dub_tasks.background); measured when unknown. */
  centre?: 'original' | 'centreCancelled' | null;
  separator: VoiceSeparator | null;
  signal?: AbortSignal | undefined;
}

export async function planBackground(input: PlanBackgroundInput): Promise<BackgroundPlan> {
  const { workDir, signal } = input;
  let wav = input.wav16k ?? null;
  if (!wav) {
    wav = path.join(workDir, 'background-source-16k.wav');
    await toWav16kMono(input.videoPath, wav, { ...(signal ? { signal } : {}) });
  }
  const regions = await sourceSpeechRegions(wav, input.lines, input.durationMs);
  if (input.separator) {
    const separated = path.join(workDir, 'separated-background.wav');
    await input.separator.background(input.videoPath, separated, signal);
    const envelope = await writeEnvelope(workDir, regions, input.durationMs, REMOTE_GATE_FLOOR_DB);
    const fill = await fillOf(separated, '', regions, REMOTE_GATE_FLOOR_DB, input);
    return { filter: '', envelope, separated, fill, floorDb: REMOTE_GATE_FLOOR_DB, remover: 'separation', regions };
  }
  let filter = '';
  if (input.centre === 'centreCancelled') filter = CENTRE_CANCEL;
  else if (input.centre !== 'original') filter = (await chooseBackground(input.videoPath, [...input.lines], signal)).filter;
  const envelope = await writeEnvelope(workDir, regions, input.durationMs, GATE_FLOOR_DB);
  const fill = await fillOf(input.videoPath, filter, regions, GATE_FLOOR_DB, input);
  return { filter, envelope, separated: null, fill, floorDb: GATE_FLOOR_DB, remover: 'gate', regions };
}

async function fillOf(source: string, filter: string, regions: TimeSpan[], floorDb: number, input: PlanBackgroundInput): Promise<string> {
  const fill = path.join(input.workDir, 'background-fill.raw');
  await writeBedFill(source, fill, { filter, regions, floorDb, rampMs: RAMP_MS }, input.durationMs, input.signal);
  return fill;
}

/** Mean power (dB) of a raw s16le mono track at TRACK_RATE over the spans. */
async function rawLevelDb(raw: string, spans: readonly TimeSpan[]): Promise<number> {
  const bytes = await fs.readFile(raw);
  const samples = new Int16Array(bytes.buffer, bytes.byteOffset, bytes.length >> 1);
  let sum = 0;
  let n = 0;
  for (const span of spans) {
    const from = Math.max(0, Math.floor((span.startMs / 1000) * TRACK_RATE));
    const to = Math.min(samples.length, Math.ceil((span.endMs / 1000) * TRACK_RATE));
    for (let i = from; i < to; i++) {
      const v = samples[i]! / 32768;
      sum += v * v;
      n++;
    }
  }
  return 10 * Math.log10(sum / Math.max(1, n) + 1e-12);
}

/**
 * How far (dB) the background sits below the dub while the dub speaks: the dubbed speech's level
 * over the voiced slots minus the level of the plan's background there (before ducking, so the mix
 * is quieter still). Everything left of the original counts, bed included: the voice left is at
 * most this loud. Null when nothing was voiced.
 */
export async function measureVoiceLeft(
  plan: BackgroundPlan,
  input: { videoPath: string; workDir: string; durationMs: number; speechRaw: string; voiced: readonly TimeSpan[]; signal?: AbortSignal | undefined },
): Promise<number | null> {
  const voiced = input.voiced.filter((s) => s.endMs > s.startMs);
  if (voiced.length === 0) return null;
  const out = path.join(input.workDir, 'background-measure.wav');
  try {
    // The speech track is read first: the caller may mix (and then delete it) while this renders.
    const dub = await rawLevelDb(input.speechRaw, voiced);
    await renderBackground(plan, plan.separated ?? input.videoPath, out, input.durationMs, input.signal, true);
    const background = levelDb(decodeWav(await fs.readFile(out)).samples, voiced);
    return Math.round((dub - background) * 10) / 10;
  } finally {
    await fs.rm(out, { force: true });
  }
}
