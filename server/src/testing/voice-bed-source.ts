// Test and benchmark media for voice removal (issue 25 §1): a mono video whose soundtrack is known
// speech (espeak-ng, test-video.ts, no tone) plus a music bed (chords and pink noise made by ffmpeg),
// with the speech and the bed also kept apart as 16 kHz mono wavs. A background plan is linear in its
// input, so rendering it on each part alone says exactly how much voice is left and how much bed kept.
import path from 'node:path';
import { runProcess } from '../engines/run-process';
import { makeTestVideo, type TestVideo } from './test-video';

export interface VoiceBedSource {
  /** The mixed mono mp4 (video, speech + bed). */
  path: string;
  durationMs: number;
  lines: TestVideo['lines'];
  srt: string;
  /** The speech alone and the bed alone, 16 kHz mono wav, as mixed. */
  voiceWav: string;
  bedWav: string;
}

/** A quiet moving chord (G3, B3, D4 with a slow tremolo) over pink noise, about −30 dBFS RMS. */
function bedSource(seconds: string): string {
  const tone = (hz: number, amplitude: number) => `sine=frequency=${hz}:sample_rate=16000:duration=${seconds},volume=${amplitude}`;
  return [
    `${tone(196, 0.03)}[a]`,
    `${tone(247, 0.025)}[b]`,
    `${tone(294, 0.02)}[c]`,
    `anoisesrc=color=pink:amplitude=0.02:sample_rate=16000:duration=${seconds}:seed=7[n]`,
    `[a][b][c][n]amix=inputs=4:normalize=0,tremolo=f=0.5:d=0.3[bed]`,
  ].join(';');
}

export async function makeVoiceBedSource(
  dir: string,
  script: { text: string; speaker: number }[],
  options: { durationMs: number; everyMs: number; leadMs?: number },
): Promise<VoiceBedSource> {
  const voice = await makeTestVideo(dir, script, { ...options, toneAmplitude: 0 });
  const seconds = (options.durationMs / 1000).toFixed(3);
  const voiceWav = path.join(dir, 'voice.wav');
  const bedWav = path.join(dir, 'bed.wav');
  const mixed = path.join(dir, 'voice-over-bed.mp4');
  const run = (args: string[]) => runProcess('ffmpeg', 'ffmpeg', ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', ...args], { timeoutMs: 10 * 60_000 });
  await run(['-i', voice.path, '-vn', '-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', voiceWav]);
  await run(['-filter_complex', bedSource(seconds), '-map', '[bed]', '-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', '-t', seconds, bedWav]);
  await run([
    '-i', voice.path, '-i', voiceWav, '-i', bedWav,
    '-filter_complex', '[1:a][2:a]amix=inputs=2:duration=first:normalize=0[mix]',
    '-map', '0:v', '-map', '[mix]', '-c:v', 'copy', '-c:a', 'aac', '-b:a', '128k', '-ac', '1', '-t', seconds, '-movflags', '+faststart', mixed,
  ]);
  return { path: mixed, durationMs: options.durationMs, lines: voice.lines, srt: voice.srt, voiceWav, bedWav };
}

const CONVERSATION = [
  'good morning everyone and welcome to the meeting',
  'thank you it is good to be here today',
  'we will talk about the new project first',
  'the team finished the design last week',
  'please send me the report before friday',
  'i will call the client again tomorrow',
  'the weather is nice so we can walk to the park',
  'that is a good idea let us go now',
];
const CONVERSATION_EVERY_MS = 3950;

/**
 * Two speakers taking irregular turns (A A B A B B ...) over the bed for `durationMs`: the dubbing
 * bench's source and the diarizer's bed test, so the test holds what the bench measures.
 */
export function makeTwoSpeakerBedSource(dir: string, durationMs: number): Promise<VoiceBedSource> {
  const count = Math.floor((durationMs - 4500) / CONVERSATION_EVERY_MS);
  const script = Array.from({ length: count }, (_, i) => ({ text: CONVERSATION[(i * 3) % CONVERSATION.length]!, speaker: (i * 7 + (i >> 2)) % 2 }));
  return makeVoiceBedSource(dir, script, { durationMs, everyMs: CONVERSATION_EVERY_MS, leadMs: 500 });
}
