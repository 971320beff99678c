// What every dub writes into its work directory, the first run (run-dubbing.ts) and a re-voice
// (revoice.ts) alike: the mixed media from the speech and speaker tracks, and the three subtitle files.
import fs from 'node:fs/promises';
import path from 'node:path';
import { inStep } from './errors';
import { mixAndMux, type MixBackground } from './mix';
import { formatSrt, subtitleText } from './srt';
import { speakerTrackPath } from './track-writer';

/** The local files a dub (first run or re-voice) made in its work directory. */
export interface DubFiles {
  video: string;
  dubbedAudio: string;
  /** The dubbed voices without the background. */
  dubbedSpeech: string;
  perSpeaker: { speaker: number; path: string }[];
  srt: { source: string; translation: string; bilingual: string };
}

export interface MixDubInput {
  videoPath: string;
  workDir: string;
  durationMs: number;
  /** The raw speech track; it and the speakers' raw tracks are deleted once mixed. */
  speechTrack: string;
  speakers: readonly number[];
  background: MixBackground;
  signal?: AbortSignal | undefined;
}

/** Mixes and muxes (mix.ts) into dubbed.mp4, dubbed-audio.m4a, dubbed-speech.m4a and speaker-N.m4a. */
export async function mixDubMedia(input: MixDubInput): Promise<Omit<DubFiles, 'srt'>> {
  const { workDir } = input;
  const video = path.join(workDir, 'dubbed.mp4');
  const dubbedAudio = path.join(workDir, 'dubbed-audio.m4a');
  const dubbedSpeech = path.join(workDir, 'dubbed-speech.m4a');
  const perSpeaker = input.speakers.map((speaker) => ({ speaker, raw: speakerTrackPath(workDir, speaker), out: path.join(workDir, `speaker-${speaker + 1}.m4a`) }));
  await inStep('mux', () =>
    mixAndMux({
      videoPath: input.videoPath,
      durationMs: input.durationMs,
      speechTrack: input.speechTrack,
      background: input.background,
      perSpeakerTracks: perSpeaker,
      videoOut: video,
      audioOut: dubbedAudio,
      speechOut: dubbedSpeech,
      signal: input.signal,
    }),
  );
  await Promise.all([input.speechTrack, ...perSpeaker.map((t) => t.raw)].map((f) => fs.rm(f, { force: true })));
  return { video, dubbedAudio, dubbedSpeech, perSpeaker: perSpeaker.map((t) => ({ speaker: t.speaker, path: t.out })) };
}

/** source.srt, translation.srt and bilingual.srt of the dubbed lines. */
export async function writeDubSubtitles(workDir: string, lines: readonly { startMs: number; endMs: number; source: string; translation: string }[]): Promise<DubFiles['srt']> {
  const srt = { source: path.join(workDir, 'source.srt'), translation: path.join(workDir, 'translation.srt'), bilingual: path.join(workDir, 'bilingual.srt') };
  for (const kind of ['source', 'translation', 'bilingual'] as const) {
    await fs.writeFile(srt[kind], formatSrt(lines.map((l) => ({ startMs: l.startMs, endMs: l.endMs, text: subtitleText(kind, l) }))));
  }
  return srt;
}
