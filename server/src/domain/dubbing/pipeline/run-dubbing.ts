// The dubbing pipeline, from an mp4 to a re-voiced mp4, with no database: the job (issue 12 §4) owns
// persistence and calls this with a work directory. Media streams through ffmpeg processes and files
// in workDir; only one dubbed line's audio is in memory at a time.
//
// extract → lines (SRT or recognition) + speakers → translation → one voice per speaker → per-line
// timing budget → background (ducked, maybe centre-cancelled) → mix + mux (-c:v copy) → burn-in.
import fs from 'node:fs/promises';
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

/** Lines synthesised at once: 2 cores, and espeak-ng is single-threaded. */
const SYNTH_CONCURRENCY = 2;
const TRANSLATE_BATCH = 50;

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
  const labels = await inStep('diarize', () => labelSpeakers(deps.engines.diarizer, wav, lines, form.speakers, signal));
  progress('lines', 1);

  // 3. Translation (only the lines that have none)
  const translations = lines.map((l) => l.translation);
  const pending = lines.flatMap((l, i) => (l.translation === null ? [i] : []));
  if (pending.length) {
    const translator = await inStep('translate', async () => deps.engines.translatorFor(form.sourceLanguage, form.targetLanguage));
    for (let at = 0; at < pending.length; at += TRANSLATE_BATCH) {
      const batch = pending.slice(at, at + TRANSLATE_BATCH);
      const out = await inStep('translate', () =>
        translateWithTerms(translator, batch.map((i) => lines[i]!.source), { from: form.sourceLanguage, to: form.targetLanguage, signal }, input.vocabulary),
      );
      batch.forEach((lineIndex, k) => (translations[lineIndex] = out[k] ?? ''));
      progress('translate', Math.min(1, (at + batch.length) / pending.length));
    }
  }
  progress('translate', 1);

  // 4. One voice per speaker
  const synthesizer = await inStep('voice', async () => deps.engines.synthesizerFor(form.targetLanguage));
  const pitches = await inStep('voice', () => speakerPitches(wav, lines, labels));
  const speakers = await inStep('voice', async () =>
    matchSpeakerPitch(synthesizer, form.targetLanguage, chooseVoices(synthesizer, form.targetLanguage, pitches, input.previousSpeakers), signal),
  );
  const voiceOf = new Map(speakers.map((s) => [s.id, s]));

  // 5. Per-line timing budget, written to the speech track and the speaker's own track as it goes
  const speechTrack = await TrackWriter.open(path.join(workDir, 'speech.raw'));
  const speakerTracks = new Map<number, TrackWriter>();
  for (const s of speakers) speakerTracks.set(s.id, await TrackWriter.open(speakerTrackPath(workDir, s.id)));
  const dubLines: DubLine[] = [];
  try {
    for (let at = 0; at < lines.length; at += SYNTH_CONCURRENCY) {
      const indices = lines.slice(at, at + SYNTH_CONCURRENCY).map((_, k) => at + k);
      const fitted = await Promise.all(
        indices.map((i) => {
          const text = translations[i]!.trim();
          if (!text) return null;
          const line = lines[i]!;
          return inStep('fit', () => fitLine(synthesizer, text, line.endMs - line.startMs, voiceOf.get(labels[i]!)!, form.targetLanguage, signal));
        }),
      );
      for (const [k, i] of indices.entries()) {
        const line = lines[i]!;
        const fit = fitted[k];
        const base = { startMs: line.startMs, endMs: line.endMs, source: line.source, translation: translations[i] ?? '', speaker: labels[i]! };
        if (!fit) {
          dubLines.push({ ...base, dubStartMs: line.startMs, dubEndMs: line.startMs, rate: 1, stretch: 1, overrunMs: 0 });
          continue;
        }
        const placed = await placeClip(speechTrack, speakerTracks.get(labels[i]!)!, line.startMs, fit.samples, line.endMs);
        dubLines.push({ ...base, ...placed, rate: fit.rate, stretch: fit.stretch });
      }
      progress('dub', Math.min(1, (at + indices.length) / lines.length));
    }
  } finally {
    await speechTrack.close(info.durationMs);
    for (const track of speakerTracks.values()) await track.close(info.durationMs);
  }

  // 6 + 7. Background without the original voice, mix and mux
  const plan = { videoPath: input.videoPath, workDir, durationMs: info.durationMs, lines, wav16k: wav, separator: deps.engines.separator ?? null, signal };
  const background = await inStep('mix', () => planBackground(plan));
  const voiced = dubLines.map((l) => ({ startMs: l.dubStartMs, endMs: l.dubEndMs }));
  const voiceLeftDb = await inStep('mix', () => measureVoiceLeft(background, { ...plan, speechRaw: speechTrack.path, voiced }));
  const media = await mixDubMedia({
    videoPath: input.videoPath,
    workDir,
    durationMs: info.durationMs,
    speechTrack: speechTrack.path,
    speakers: speakers.map((s) => s.id),
    background,
    signal,
  });
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
