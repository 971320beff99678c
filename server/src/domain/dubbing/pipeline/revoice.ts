// Re-voicing after edits (issue 12 §4 iterations, issue 13 §5): a new voice-over of the same video
// where only the lines whose voiced key changed are synthesised again. The others keep the exact
// audio of the previous run: their samples are cut out of the previous dubbed-speech track (decoded
// once to raw PCM on disk, read a line at a time) and placed where they were. Background, mix, mux
// and the per-speaker tracks are then made exactly as the first run makes them. No database: the
// iteration job loads the lines and stores the result.
import fs from 'node:fs/promises';
import path from 'node:path';
import { probeMedia } from '../../../engines/media';
import { runProcess } from '../../../engines/run-process';
import type { SpeechSynthesizer } from '../../../engines/types';
import { voicedKey } from '../voiced-key';
import type { VoiceSeparator } from '../../../engines/remote-separator';
import { CENTRE_CANCEL } from './background';
import { measureVoiceLeft, planBackground } from './background-plan';
import { TRACK_RATE } from './clip-audio';
import { mixDubMedia, writeDubSubtitles, type DubFiles } from './dub-files';
import { DubbingError, inStep } from './errors';
import { fitLine } from './fit-line';
import type { DubLine } from './run-dubbing';
import { placeClip, speakerTrackPath, TrackWriter } from './track-writer';
import type { SpeakerVoice } from './voices';

export interface RevoiceLine {
  /** The caller's id of the line (a segment id), answered back on the voiced line. */
  id?: string;
  startMs: number;
  endMs: number;
  source: string;
  /** The text spoken in the target language. */
  text: string;
  speaker: number;
  /** How the line was voiced last time in this language, null when it never was. */
  previous: { voicedKey: string | null; dubStartMs: number | null; dubEndMs: number | null; rate: number | null; stretch: number | null; overrunMs: number | null } | null;
}

export interface RevoiceInput {
  videoPath: string;
  workDir: string;
  language: string;
  lines: readonly RevoiceLine[];
  speakers: readonly SpeakerVoice[];
  /** An ffmpeg input of the previous run's dubbed speech (DubOutputs.dubbedSpeech), null for none. */
  previousSpeech: string | null;
  /** The background the first run chose (dub_tasks.background); measured again when unknown. */
  background?: 'original' | 'centreCancelled' | null;
  signal?: AbortSignal;
}

/** A line as the first run voices it (DubLine), plus the caller's id and the key it was voiced with. */
export interface RevoicedLine extends DubLine {
  id?: string;
  voicedKey: string;
  /** True when the audio was copied from the previous run instead of synthesised. */
  reused: boolean;
}

export interface RevoiceResult {
  durationMs: number;
  lines: RevoicedLine[];
  synthesised: number;
  reused: number;
  background: 'original' | 'centreCancelled';
  voiceLeftDb: number | null;
  voiceRemover: 'gate' | 'separation';
  files: DubFiles;
}

export interface RevoiceDeps {
  synthesizer: SpeechSynthesizer;
  /** SEPARATION_URL's service, when set (voice-removal.ts); the local gate otherwise. */
  separator?: VoiceSeparator | null;
  onProgress?: (fraction: number) => void;
}

/** The voiced key of a line as it is now, with its speaker's voice. */
export function currentKey(line: Pick<RevoiceLine, 'startMs' | 'endMs' | 'text'>, voice: Pick<SpeakerVoice, 'voice' | 'pitch' | 'rate'>): string {
  return voicedKey({ startMs: line.startMs, endMs: line.endMs, text: line.text, voice: voice.voice, pitch: voice.pitch, rate: voice.rate });
}

/** True when the line must be synthesised again (text, slot or voice changed, or never voiced). */
export function needsRevoicing(line: RevoiceLine, voice: SpeakerVoice): boolean {
  const p = line.previous;
  if (!line.text.trim()) return false;
  if (!p || p.voicedKey === null || p.dubStartMs === null || p.dubEndMs === null) return true;
  return p.voicedKey !== currentKey(line, voice);
}

/**
 * Mix writes the mono speech track as stereo, and ffmpeg's mono → stereo upmix puts it on each side
 * at −3 dB; summing the two sides at −3 dB each undoes exactly that, so copied lines keep their level
 * (a plain `-ac 1` downmix averages and would leave every copy 3 dB quieter than the last).
 */
export const SPEECH_TO_MONO = 'pan=mono|c0=0.70710678*c0+0.70710678*c1';

/** Decodes a dubbed-speech track to raw mono PCM at TRACK_RATE on disk (streamed by ffmpeg). */
async function decodeToRaw(input: string, out: string, signal?: AbortSignal): Promise<void> {
  const args = ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', '-i', input, '-vn', '-af', `${SPEECH_TO_MONO},aresample=${TRACK_RATE}`, '-f', 's16le', out];
  await runProcess('ffmpeg', 'ffmpeg', args, {
    signal,
    timeoutMs: 30 * 60_000,
  });
}

async function readRawSlice(file: fs.FileHandle, startMs: number, endMs: number): Promise<Int16Array> {
  const from = Math.max(0, Math.round((startMs / 1000) * TRACK_RATE));
  const to = Math.max(from, Math.round((endMs / 1000) * TRACK_RATE));
  const buffer = Buffer.alloc((to - from) * 2);
  const { bytesRead } = await file.read(buffer, 0, buffer.length, from * 2);
  return new Int16Array(buffer.buffer, buffer.byteOffset, bytesRead >> 1);
}

export async function revoice(input: RevoiceInput, deps: RevoiceDeps): Promise<RevoiceResult> {
  const { workDir, signal, language } = input;
  const progress = deps.onProgress ?? (() => undefined);
  await fs.mkdir(workDir, { recursive: true });
  const info = await inStep('extract', () => probeMedia(input.videoPath, { signal }));
  if (!info.hasAudio) throw new DubbingError('engines:dubNoAudio', 'extract');
  const voiceOf = new Map(input.speakers.map((s) => [s.id, s]));
  const fallback = input.speakers[0];
  if (!fallback) throw new DubbingError('engines:dubStepFailed', 'voice', { step: 'voice', detail: 'no speakers' });
  const lines = [...input.lines].sort((a, b) => a.startMs - b.startMs);

  // The original voice is where the source speaks, not where a retimed line now is: the regions
  // come from the source's voice activity plus the slots (voice-removal.ts). The plan needs neither
  // the new takes nor the copies, so it is made while they are (as in the first run).
  const plan = { videoPath: input.videoPath, workDir, durationMs: info.durationMs, lines, centre: input.background ?? null, separator: deps.separator ?? null, signal };
  const planned = inStep('mix', () => planBackground(plan));
  planned.catch(() => undefined);

  const previousRaw = path.join(workDir, 'previous-speech.raw');
  const mustCopy = lines.some((l) => !needsRevoicing(l, voiceOf.get(l.speaker) ?? fallback) && l.text.trim());
  let previous: fs.FileHandle | null = null;
  if (input.previousSpeech && mustCopy) {
    await inStep('extract', () => decodeToRaw(input.previousSpeech!, previousRaw, signal));
    previous = await fs.open(previousRaw, 'r');
  }

  const speakerIds = [...new Set(lines.map((l) => (voiceOf.has(l.speaker) ? l.speaker : fallback.id)))].sort((a, b) => a - b);
  const speechTrack = await TrackWriter.open(path.join(workDir, 'speech.raw'));
  const speakerTracks = new Map<number, TrackWriter>();
  for (const id of speakerIds) speakerTracks.set(id, await TrackWriter.open(speakerTrackPath(workDir, id)));
  const out: RevoicedLine[] = [];
  let synthesised = 0;
  let reused = 0;
  try {
    for (const [i, line] of lines.entries()) {
      const voice = voiceOf.get(line.speaker) ?? fallback;
      const key = currentKey(line, voice);
      const base = { id: line.id, startMs: line.startMs, endMs: line.endMs, source: line.source, translation: line.text, speaker: voice.id, voicedKey: key };
      const text = line.text.trim();
      if (!text) {
        out.push({ ...base, dubStartMs: line.startMs, dubEndMs: line.startMs, rate: 1, stretch: 1, overrunMs: 0, reused: false });
        continue;
      }
      const p = line.previous;
      if (previous && p && !needsRevoicing(line, voice)) {
        // Unchanged: the very samples of the previous run, placed where they were.
        const samples = await readRawSlice(previous, p.dubStartMs!, p.dubEndMs!);
        const placed = await placeClip(speechTrack, speakerTracks.get(voice.id)!, p.dubStartMs!, samples, line.endMs);
        out.push({ ...base, ...placed, rate: p.rate ?? voice.rate, stretch: p.stretch ?? 1, reused: true });
        reused++;
      } else {
        const fit = await inStep('fit', () => fitLine(deps.synthesizer, text, line.endMs - line.startMs, voice, language, signal));
        const placed = await placeClip(speechTrack, speakerTracks.get(voice.id)!, line.startMs, fit.samples, line.endMs);
        out.push({ ...base, ...placed, rate: fit.rate, stretch: fit.stretch, reused: false });
        synthesised++;
      }
      progress(Math.min(0.9, ((i + 1) / lines.length) * 0.9));
    }
  } finally {
    await speechTrack.close(info.durationMs);
    for (const track of speakerTracks.values()) await track.close(info.durationMs);
    await previous?.close();
    await fs.rm(previousRaw, { force: true });
  }

  const background = await planned;
  const voiced = out.map((l) => ({ startMs: l.dubStartMs, endMs: l.dubEndMs }));
  // Measured beside the mix (it reads the speech track before the mix deletes it).
  const [voiceLeftDb, media] = await Promise.all([
    inStep('mix', () => measureVoiceLeft(background, { ...plan, speechRaw: speechTrack.path, voiced })),
    mixDubMedia({ videoPath: input.videoPath, workDir, durationMs: info.durationMs, speechTrack: speechTrack.path, speakers: speakerIds, background, signal }),
  ]);
  const srt = await writeDubSubtitles(workDir, out);
  progress(1);

  return {
    durationMs: info.durationMs,
    lines: out,
    synthesised,
    reused,
    background: background.filter === CENTRE_CANCEL ? 'centreCancelled' : 'original',
    voiceLeftDb,
    voiceRemover: background.remover,
    files: { ...media, srt },
  };
}
