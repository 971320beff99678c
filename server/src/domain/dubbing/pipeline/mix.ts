// One ffmpeg run mixes and muxes: the original audio (after the chosen background filter) is ducked
// by a sidechain compressor keyed on the dubbed speech, the speech is laid over it, and the result
// goes into an mp4 beside the untouched video stream (-c:v copy: no re-encode, no quality loss) and
// into a stand-alone dubbed-audio file; the per-speaker tracks are encoded in the same run. Every
// output is cut or padded to the source's duration so the dub stays in sync to the end. The
// dubbed-audio file is the mp4's own audio stream copied out (one AAC encode of the mix, not two:
// the encode was a fifth of the mix's CPU on the dubbing bench).
import { runProcess } from '../../../engines/run-process';
import { rawTrackInput } from './track-writer';
import { fillInput } from './bed-fill';
import { backgroundGraph, envelopeInput, type BackgroundPlan } from './voice-removal';

/** What the mix needs of a background plan (voice-removal.ts): its filter, gain envelope and separated track. */
export type MixBackground = Pick<BackgroundPlan, 'filter' | 'envelope' | 'separated' | 'fill'>;

export interface MixInput {
  videoPath: string;
  durationMs: number;
  speechTrack: string;
  background: MixBackground;
  perSpeakerTracks: { raw: string; out: string }[];
  videoOut: string;
  audioOut: string;
  /** The dubbed voices alone, without the background. */
  speechOut: string;
  signal?: AbortSignal;
}

/** Ducking: speech above about -30 dBFS pulls the background down (about 10–15 dB under espeak-level speech), back within 300 ms. */
const DUCK = 'sidechaincompress=threshold=0.03:ratio=3:attack=15:release=300:knee=4';

export async function mixAndMux(input: MixInput): Promise<void> {
  const seconds = (input.durationMs / 1000).toFixed(3);
  const args = ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', '-i', input.videoPath, ...rawTrackInput(input.speechTrack)];
  for (const track of input.perSpeakerTracks) args.push(...rawTrackInput(track.raw));
  // Extra inputs follow the speaker tracks: the separated background, then the gain envelope.
  let next = 2 + input.perSpeakerTracks.length;
  let source = '[0:a:0]';
  if (input.background.separated) {
    args.push('-i', input.background.separated);
    source = `[${next++}:a:0]`;
  }
  let envelope = '';
  if (input.background.envelope) {
    args.push(...envelopeInput(input.background.envelope));
    envelope = `[${next++}:a]`;
  }
  let fill: string | undefined;
  if (input.background.envelope && input.background.fill) {
    args.push(...fillInput(input.background.fill));
    fill = `[${next++}:a]`;
  }
  const graph = [
    ...backgroundGraph(input.background, { in: source, env: envelope, ...(fill ? { fill } : {}), out: '[bg]' }),
    `[1:a]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo,asplit=3[key][speech][speechOnly]`,
    `[bg][key]${DUCK}[ducked]`,
    `[ducked][speech]amix=inputs=2:duration=first:normalize=0,apad,atrim=0:${seconds}[mixed]`,
  ].join(';');
  args.push('-filter_complex', graph);
  args.push('-map', '0:v:0', '-c:v', 'copy', '-map', '[mixed]', '-c:a', 'aac', '-b:a', '160k', '-t', seconds, '-movflags', '+faststart', input.videoOut);
  args.push('-map', '[speechOnly]', '-c:a', 'aac', '-b:a', '96k', '-t', seconds, input.speechOut);
  input.perSpeakerTracks.forEach((track, i) => args.push('-map', `${i + 2}:a`, '-c:a', 'aac', '-b:a', '64k', '-t', seconds, track.out));
  await runProcess('ffmpeg', 'ffmpeg', args, { signal: input.signal, timeoutMs: Math.max(10 * 60_000, input.durationMs * 2) });
  // The same encoded mix, stream-copied (no decode, no encode).
  await runProcess('ffmpeg', 'ffmpeg', ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', '-i', input.videoOut, '-map', '0:a:0', '-c', 'copy', '-movflags', '+faststart', input.audioOut], {
    signal: input.signal,
    timeoutMs: Math.max(60_000, input.durationMs),
  });
}
