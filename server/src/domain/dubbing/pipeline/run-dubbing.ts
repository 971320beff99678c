// The dubbing pipeline, from an mp4 to a re-voiced mp4, with no database: the job (issue 12 §4) owns
// persistence and calls this with a work directory. Media streams through ffmpeg processes and files
// in workDir; only one dubbed line's audio is in memory at a time.
//
// extract → lines (SRT or recognition) + speakers → translation → one voice per speaker → per-line
// timing budget → background (ducked, maybe centre-cancelled) → mix + mux (-c:v copy) → burn-in.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Engines } from '../../../engines/registry';
import { probeMedia, toWav16kMono } from '../../../engines/media';
import type { CompiledVocabulary } from '../../vocabulary/compiled-vocabulary';
import { translateWithTerms } from '../../vocabulary/term-protection';
import { burnIn, type BurnInSettings } from './burn-in';
import { measureVoiceLeft, planBackground } from './background-plan';
import { mixDubMedia, writeDubSubtitles, type DubFiles } from './dub-files';
import { DubbingError, inStep } from './errors';
import { fitLine } from './fit-line';
import { labelSpeakers, speakerPitches } from './speakers';
import { decodeSubtitleBytes, parseSrt, srtLines, type SrtLine, type SrtType } from './srt';
import { placeClip, speakerTrackPath, TrackWriter } from './track-writer';
import { matchSpeakerPitch } from './voice-pitch';
import { chooseVoices, type SpeakerVoice } from './voices';

export interface DubForm {
  sourceLanguage: string;
  targetLanguage: string;
  speakers: 'auto' | number;
  burnIn?: BurnInSettings;
}

export interface DubInput {
  videoPath: string;
  workDir: string;
  form: DubForm;
  srt?: { bytes: Uint8Array | string; type: SrtType };
  /** The owner's vocabulary: its translation terms are rendered exactly (features §5). */
  vocabulary?: CompiledVocabulary | null;
  /** The speakers of an earlier iteration: their voices are kept. */
  previousSpeakers?: readonly SpeakerVoice[];
  signal?: AbortSignal;
}

export type DubProgressStep = 'extract' | 'lines' | 'translate' | 'dub' | 'mix' | 'burnIn';

export interface DubDeps {
  engines: Pick<Engines, 'recognizerFor' | 'translatorFor' | 'synthesizerFor' | 'diarizer'> & Partial<Pick<Engines, 'separator'>>;
  onProgress?: (step: DubProgressStep, fraction: number) => void;
}

export interface DubLine {
  startMs: number;
  endMs: number;
  source: string;
  translation: string;
  speaker: number;
  /** Where the dubbed speech was placed and how it was fitted. */
  dubStartMs: number;
  dubEndMs: number;
  rate: number;
  stretch: number;
  overrunMs: number;
}

export interface DubResult {
  durationMs: number;
  lines: DubLine[];
  speakers: SpeakerVoice[];
  background: 'original' | 'centreCancelled';
  /** Voice removal: how far (dB) what is left of the original sits below the dub (measureVoiceLeft), and by what. */
  voiceLeftDb: number | null;
  voiceRemover: 'gate' | 'separation';
  files: DubFiles;
}

/** Lines synthesised at once: one per core (espeak-ng and the stretch are single-threaded), at least 2. */
const SYNTH_CONCURRENCY = Math.max(2, Math.min(8, os.availableParallelism()));
const TRANSLATE_BATCH = 50;

/** Translations of the lines that have none (the SRT may bring them), in batches, vocabulary terms kept. */
async function translateLines(lines: readonly SrtLine[], form: DubForm, deps: DubDeps, vocabulary: CompiledVocabulary | null | undefined, signal?: AbortSignal): Promise<(string | null)[]> {
  const translations = lines.map((l) => l.translation);
  const pending = lines.flatMap((l, i) => (l.translation === null ? [i] : []));
  if (pending.length === 0) return translations;
  const translator = await inStep('translate', async () => deps.engines.translatorFor(form.sourceLanguage, form.targetLanguage));
  for (let at = 0; at < pending.length; at += TRANSLATE_BATCH) {
    const batch = pending.slice(at, at + TRANSLATE_BATCH);
    const out = await inStep('translate', () =>
      translateWithTerms(translator, batch.map((i) => lines[i]!.source), { from: form.sourceLanguage, to: form.targetLanguage, signal }, vocabulary),
    );
    batch.forEach((lineIndex, k) => (translations[lineIndex] = out[k] ?? ''));
  }
  return translations;
}

export async function runDubbing(input: DubInput, deps: DubDeps): Promise<DubResult> {
  const { form, workDir, signal } = input;
  const progress = deps.onProgress ?? (() => undefined);
  await fs.mkdir(workDir, { recursive: true });

  // 1. Extract
  const info = await inStep('extract', () => probeMedia(input.videoPath, { signal }));
  if (!info.hasAudio) throw new DubbingError('engines:dubNoAudio', 'extract');
  // A bad SRT is refused before any media work.
  let lines: SrtLine[] = input.srt ? srtLines(parseSrt(decodeSubtitleBytes(input.srt.bytes), info.durationMs), input.srt.type) : [];
  const wav = path.join(workDir, 'source-16k.wav');
  await inStep('extract', () => toWav16kMono(input.videoPath, wav, { signal }));
  progress('extract', 1);

  // 2. Lines and speakers
  if (!input.srt) {
    const transcript = await inStep('recognize', () => deps.engines.recognizerFor(form.sourceLanguage).transcribe(wav, { language: form.sourceLanguage, signal }));
    lines = transcript.segments
      .filter((s) => s.text.trim() && s.endMs > s.startMs)
      .map((s) => ({ startMs: s.startMs, endMs: Math.min(s.endMs, info.durationMs), source: s.text.trim(), translation: null }));
  }
  if (lines.length === 0) throw new DubbingError('engines:dubNoSpeech', 'lines');
  progress('lines', 0.5);
  // Speakers, translation and the background plan each need only the source and the lines: they run
  // together (the diarizer and voice activity in node, apertium and ffmpeg in child processes), so
  // one waits less on the other's single-threaded part.
  const labelled = inStep('diarize', () => labelSpeakers(deps.engines.diarizer, wav, lines, form.speakers, signal));
  const translated = translateLines(lines, form, deps, input.vocabulary, signal);
  const plan = { videoPath: input.videoPath, workDir, durationMs: info.durationMs, lines, wav16k: wav, separator: deps.engines.separator ?? null, signal };
  const planned = inStep('mix', () => planBackground(plan));
  // Each is awaited below; one failing while another is awaited must not count as unhandled.
  for (const pending of [labelled, translated, planned]) pending.catch(() => undefined);
  const labels = await labelled;
  progress('lines', 1);
  const pitched = inStep('voice', () => speakerPitches(wav, lines, labels));
  pitched.catch(() => undefined);
  const translations = await translated;
  progress('translate', 1);

  // 4. One voice per speaker
  const synthesizer = await inStep('voice', async () => deps.engines.synthesizerFor(form.targetLanguage));
  const pitches = await pitched;
  const speakers = await inStep('voice', async () =>
    matchSpeakerPitch(synthesizer, form.targetLanguage, chooseVoices(synthesizer, form.targetLanguage, pitches, input.previousSpeakers), signal),
  );
  const voiceOf = new Map(speakers.map((s) => [s.id, s]));

  // 5. Per-line timing budget, written to the speech track and the speaker's own track as it goes
  const speechTrack = await TrackWriter.open(path.join(workDir, 'speech.raw'));
  const speakerTracks = new Map<number, TrackWriter>();
  for (const s of speakers) speakerTracks.set(s.id, await TrackWriter.open(speakerTrackPath(workDir, s.id)));
  const dubLines: DubLine[] = [];
  const fitOf = (i: number) => {
    const text = translations[i]!.trim();
    if (!text) return Promise.resolve(null);
    const line = lines[i]!;
    return inStep('fit', () => fitLine(synthesizer, text, line.endMs - line.startMs, voiceOf.get(labels[i]!)!, form.targetLanguage, signal));
  };
  // A window of SYNTH_CONCURRENCY lines in flight, placed in line order as each one is done: a slow
  // line holds back its placement, not the synthesis of the lines after it.
  const inFlight: Promise<Awaited<ReturnType<typeof fitOf>>>[] = [];
  const launch = (i: number) => {
    if (i >= lines.length) return;
    const fit = fitOf(i);
    fit.catch(() => undefined);
    inFlight[i] = fit;
  };
  try {
    for (let i = 0; i < Math.min(SYNTH_CONCURRENCY, lines.length); i++) launch(i);
    for (const [i, line] of lines.entries()) {
      const fit = await inFlight[i]!;
      delete inFlight[i];
      launch(i + SYNTH_CONCURRENCY);
      const base = { startMs: line.startMs, endMs: line.endMs, source: line.source, translation: translations[i] ?? '', speaker: labels[i]! };
      if (!fit) {
        dubLines.push({ ...base, dubStartMs: line.startMs, dubEndMs: line.startMs, rate: 1, stretch: 1, overrunMs: 0 });
      } else {
        const placed = await placeClip(speechTrack, speakerTracks.get(labels[i]!)!, line.startMs, fit.samples, line.endMs);
        dubLines.push({ ...base, ...placed, rate: fit.rate, stretch: fit.stretch });
      }
      if ((i + 1) % SYNTH_CONCURRENCY === 0 || i + 1 === lines.length) progress('dub', Math.min(1, (i + 1) / lines.length));
    }
  } finally {
    await speechTrack.close(info.durationMs);
    for (const track of speakerTracks.values()) await track.close(info.durationMs);
  }

  // 6 + 7. Background without the original voice, mix and mux; the voice left is measured beside the mix.
  const background = await planned;
  const voiced = dubLines.map((l) => ({ startMs: l.dubStartMs, endMs: l.dubEndMs }));
  const [voiceLeftDb, media] = await Promise.all([
    inStep('mix', () => measureVoiceLeft(background, { ...plan, speechRaw: speechTrack.path, voiced })),
    mixDubMedia({
      videoPath: input.videoPath,
      workDir,
      durationMs: info.durationMs,
      speechTrack: speechTrack.path,
      speakers: speakers.map((s) => s.id),
      background,
      signal,
    }),
  ]);
  progress('mix', 1);

  let video = media.video;
  if (form.burnIn) {
    video = path.join(workDir, 'dubbed-subtitled.mp4');
    const settings = form.burnIn;
    await inStep('burnIn', () =>
      burnIn(media.video, video, dubLines.map((l) => ({ startMs: l.startMs, endMs: l.endMs, text: l.translation })), settings, info.durationMs, signal),
    );
    progress('burnIn', 1);
  }

  const srt = await writeDubSubtitles(workDir, dubLines);

  return {
    durationMs: info.durationMs,
    lines: dubLines,
    speakers,
    background: background.filter ? 'centreCancelled' : 'original',
    voiceLeftDb,
    voiceRemover: background.remover,
    files: { ...media, video, srt },
  };
}
