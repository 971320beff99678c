// The dubbing pipeline (server/src/domain/dubbing/pipeline) on a 10-minute, 150-line video made at
// bench time (testsrc picture, espeak-ng lines in two voices over a quiet tone): wall time over
// video duration next to an ffmpeg stream copy of the same file, the share of lines dubbed inside
// their slot without overrun, and peak memory of node plus its child processes.
// Lines come from the video's source-language SRT (type 1), so the run includes translation
// (apertium en→es), diarization, voices, fitting, ducking, mix and mux, but not speech recognition
// (its real-time factor is measured on its own by the asr bench: `npm run bench -- asr`).
// DUB_BENCH_MINUTES=60 also runs an hour-long video to compare peak memory.
// The machine may be shared: wall time is printed beside the load average, with the CPU time of the
// run (node plus its child processes) over the duration, which waiting for a core does not inflate.
// Per-line preview latency: after the run, PREVIEWS lines are voiced and fitted to their slots one
// at a time as dubbingPreviewLine does (fit-line.ts with the speaker's voice), p50 and p95.
// Voice removal (issue 25): the soundtrack is known speech over a music bed, each also kept alone
// (testing/voice-bed-source.ts), so the background plan of the run, rendered on the speech alone and
// on the bed alone, gives exactly the original voice left under the dubbed lines (dB below the dub;
// baseline in the same run: the original track with no removal) and the bed level between lines.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadEngineConfig } from '../server/src/engines/config';
import { createEngines } from '../server/src/engines/registry';
import { runProcess } from '../server/src/engines/run-process';
import { runDubbing } from '../server/src/domain/dubbing/pipeline/run-dubbing';
import { makeTwoSpeakerBedSource } from '../server/src/testing/voice-bed-source';
import { voiceRemovalFigures } from './support/voice-removal-figures';
import { dubPitchFigures, formatPitchFigures } from './support/dub-pitch-figures';
import { decodeWav } from '../server/src/engines/wav';
import { trackPeakMemory } from './support/peak-memory';
import { trackCpuTime } from './support/cpu-time';
import { fitLine } from '../server/src/domain/dubbing/pipeline/fit-line';

const PREVIEWS = 40;

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function measure(minutes: number): Promise<string[]> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'parley-dub-bench-'));
  const engines = createEngines(loadEngineConfig({}));
  try {
    const durationMs = minutes * 60_000;
    // Turns alternate irregularly (A A B A B B ...) so the diarizer has real work.
    const video = await makeTwoSpeakerBedSource(dir, durationMs);

    const copyStart = performance.now();
    await runProcess('ffmpeg', 'ffmpeg', ['-nostdin', '-loglevel', 'error', '-y', '-i', video.path, '-c', 'copy', path.join(dir, 'copy.mp4')], { timeoutMs: 10 * 60_000 });
    const copyMs = performance.now() - copyStart;

    const memory = trackPeakMemory();
    const loadBefore = os.loadavg()[0]!;
    const cpu = trackCpuTime();
    const started = performance.now();
    const result = await runDubbing(
      { videoPath: video.path, workDir: path.join(dir, 'dub'), form: { sourceLanguage: 'en-US', targetLanguage: 'es-ES', speakers: 'auto' }, srt: { bytes: video.srt, type: 1 } },
      { engines },
    );
    const elapsed = performance.now() - started;
    const { nodeSeconds, childSeconds } = cpu.stop();
    const loadAfter = os.loadavg()[0]!;
    const { peakMb, peakNodeMb } = memory.stop();
    const previewMs = await previewLatencies(engines, result);
    const fitted = result.lines.filter((l) => l.overrunMs === 0).length;
    const overruns = result.lines.filter((l) => l.overrunMs > 0).map((l) => l.overrunMs);
    const removal = await voiceRemovalFigures(video, result, dir);
    // Original voice tone: the source speakers' clean voice against the dub's speech (both 16 kHz mono;
    // voiceRemovalFigures wrote the latter).
    const pitch = formatPitchFigures(
      dubPitchFigures(decodeWav(await fs.readFile(video.voiceWav)), decodeWav(await fs.readFile(path.join(dir, 'removal', 'dub.wav'))), result.lines),
    );
    return [
      `${minutes} min video, ${result.lines.length} lines, ${result.speakers.length} speakers found (2 spoken), ${os.cpus().length} cores, load average ${loadBefore.toFixed(1)} before → ${loadAfter.toFixed(1)} after`,
      `pipeline ${(elapsed / 1000).toFixed(1)} s · wall time / duration ${(elapsed / durationMs).toFixed(3)} (aim ≤ 0.5) · baseline ffmpeg stream copy ${(copyMs / durationMs).toFixed(4)}`,
      `CPU time / duration ${((nodeSeconds + childSeconds) / (durationMs / 1000)).toFixed(3)} (node ${nodeSeconds.toFixed(1)} s + child processes ${childSeconds.toFixed(1)} s; over ${os.cpus().length} cores the wall floor is this / ${os.cpus().length})`,
      `line preview (voice + fit to the slot, one at a time, ${previewMs.length} lines) p50 ${percentile(previewMs, 50).toFixed(0)} ms · p95 ${percentile(previewMs, 95).toFixed(0)} ms`,
      `lines in their slot without overrun ${((fitted / result.lines.length) * 100).toFixed(1)}% (aim ≥ 98%)${overruns.length ? ` · overruns ${overruns.join(', ')} ms` : ''}`,
      `peak memory node + children ${peakMb.toFixed(0)} MB (node alone ${peakNodeMb.toFixed(0)} MB)`,
      ...removal,
      ...pitch,
    ];
  } finally {
    await engines.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Per-line preview latencies (ms, sorted): the run's first PREVIEWS voiced lines, each voiced and fitted again. */
async function previewLatencies(engines: ReturnType<typeof createEngines>, result: Awaited<ReturnType<typeof runDubbing>>): Promise<number[]> {
  const synthesizer = engines.synthesizerFor('es-ES');
  const voiceOf = new Map(result.speakers.map((s) => [s.id, s]));
  const lines = result.lines.filter((l) => l.translation.trim()).slice(0, PREVIEWS);
  const times: number[] = [];
  for (const line of lines) {
    const started = performance.now();
    await fitLine(synthesizer, line.translation, line.endMs - line.startMs, voiceOf.get(line.speaker)!, 'es-ES');
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

export const dubbingBench = {
  title: 'dubbing pipeline: wall time / video duration, lines fitted to their slot, peak memory',
  async run(): Promise<string[]> {
    const lines = await measure(10);
    const longer = Number(process.env.DUB_BENCH_MINUTES ?? 0);
    if (longer > 10) lines.push(...(await measure(longer)));
    return lines;
  },
};
