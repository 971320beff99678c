// The voice-removal figures of a dub of a known voice over a music bed (bench/dubbing.bench.ts).
// The run's background plan is made again from the same inputs (it is deterministic: voice activity
// of the same audio plus the same line slots) and rendered on the speech alone and on the bed alone;
// the dub's own speech track gives its level. Levels are mean power over the spans, in dB.
import fs from 'node:fs/promises';
import path from 'node:path';
import { decodeWav } from '../../server/src/engines/wav';
import { runProcess } from '../../server/src/engines/run-process';
import { planBackground } from '../../server/src/domain/dubbing/pipeline/background-plan';
import { SPEECH_TO_MONO } from '../../server/src/domain/dubbing/pipeline/revoice';
import type { DubResult } from '../../server/src/domain/dubbing/pipeline/run-dubbing';
import { levelDb, renderBackground } from '../../server/src/domain/dubbing/pipeline/voice-removal';
import type { VoiceBedSource } from '../../server/src/testing/voice-bed-source';

const signed = (db: number) => `${db >= 0 ? '+' : ''}${db.toFixed(2)}`;
const samplesOf = async (wav: string) => decodeWav(await fs.readFile(wav)).samples;
/** Between lines: outside every source line widened by this much (breaths and word tails are not "gaps"). */
const GAP_MARGIN_MS = 400;

export async function voiceRemovalFigures(source: VoiceBedSource, result: DubResult, dir: string): Promise<string[]> {
  const work = path.join(dir, 'removal');
  await fs.mkdir(work, { recursive: true });
  const plan = await planBackground({ videoPath: source.path, workDir: work, durationMs: source.durationMs, lines: source.lines, separator: null });
  const voiceLeft = path.join(work, 'voice-left.wav');
  const bedKept = path.join(work, 'bed-kept.wav');
  await renderBackground(plan, source.voiceWav, voiceLeft, source.durationMs);
  await renderBackground(plan, source.bedWav, bedKept, source.durationMs);
  const dubWav = path.join(work, 'dub.wav');
  await runProcess('ffmpeg', 'ffmpeg', ['-nostdin', '-loglevel', 'error', '-y', '-i', result.files.dubbedSpeech, '-af', SPEECH_TO_MONO, '-ar', '16000', '-c:a', 'pcm_s16le', dubWav], {
    timeoutMs: 10 * 60_000,
  });

  const dubbed = result.lines.filter((l) => l.dubEndMs > l.dubStartMs).map((l) => ({ startMs: l.dubStartMs, endMs: l.dubEndMs }));
  const dubDb = levelDb(await samplesOf(dubWav), dubbed);
  const residualDb = dubDb - levelDb(await samplesOf(voiceLeft), dubbed);
  const untouchedDb = dubDb - levelDb(await samplesOf(source.voiceWav), dubbed);
  const gaps = source.lines.map((l) => ({ startMs: l.startMs - GAP_MARGIN_MS, endMs: l.endMs + GAP_MARGIN_MS }));
  const bedKeptSamples = await samplesOf(bedKept);
  const bedSamples = await samplesOf(source.bedWav);
  const bedChangeDb = levelDb(bedKeptSamples, gaps, true) - levelDb(bedSamples, gaps, true);
  const bedUnderDb = levelDb(bedKeptSamples, source.lines) - levelDb(bedSamples, source.lines);
  return [
    `original voice left under the dubbed lines ${residualDb.toFixed(1)} dB below the dub (aim ≥ 25 dB; before ducking) · baseline, original track kept: ${untouchedDb.toFixed(1)} dB`,
    `bed between lines ${signed(bedChangeDb)} dB vs the source (aim within ±3 dB) · bed under the lines ${signed(bedUnderDb)} dB (before ducking) · remover ${result.voiceRemover}, task reports voiceLeftDb ${result.voiceLeftDb ?? 'none'} dB (bed included)`,
  ];
}
