// Test and benchmark media made on the spot (nothing binary committed): an mp4 with an ffmpeg
// testsrc picture and a soundtrack of espeak-ng speech at known times in known voices over a quiet
// steady tone, so tests know where every line is, who says it and what the background is.
import fs from 'node:fs/promises';
import path from 'node:path';
import { runProcess } from '../engines/run-process';
import { readSamples, speak, type SpeakOptions } from '../engines/test-audio';
import type { TimeSpan } from '../engines/types';
import { formatSrt } from '../domain/dubbing/pipeline/srt';

/** Recognisable by pocketsphinx (klatt2) and low, vs a high female variant: two clearly different people. */
export const VOICE_LOW: SpeakOptions = { voice: 'en-us+klatt2', pitch: 25, speed: 170, wordGapMs: 80 };
export const VOICE_HIGH: SpeakOptions = { voice: 'en-us+f2', pitch: 70, speed: 150, wordGapMs: 0 };
/** Below the mel bands the diarizer uses and the 70 Hz floor of pitch estimation. */
export const TONE_HZ = 60;
/** About -47 dBFS RMS: quiet, and under the level at which the diarizer counts a frame as voice. */
const TONE_AMPLITUDE = 0.006 * 32767;
const RATE = 16_000;

export interface TestVideo {
  path: string;
  durationMs: number;
  /** Where each line's speech really is, with its text and voice index. */
  lines: (TimeSpan & { text: string; speaker: number })[];
  /** The lines as a source-language SRT. */
  srt: string;
}

export async function makeTestVideo(
  dir: string,
  script: { text: string; speaker: number }[],
  options: { durationMs: number; everyMs: number; leadMs?: number; voices?: SpeakOptions[]; stereo?: boolean; /** 0: speech alone, no tone under it. */ toneAmplitude?: number },
): Promise<TestVideo> {
  const voices = options.voices ?? [VOICE_LOW, VOICE_HIGH];
  const toneAmplitude = options.toneAmplitude ?? TONE_AMPLITUDE;
  const total = Math.round((options.durationMs / 1000) * RATE);
  const lines: TestVideo['lines'] = [];
  // Speech is written into a raw file line by line so a 10-minute benchmark video is cheap to make.
  const rawPath = path.join(dir, 'soundtrack.raw');
  const file = await fs.open(rawPath, 'w');
  const cache = new Map<string, Int16Array>();
  let written = 0;
  const writeUpTo = async (end: number, speech?: Int16Array) => {
    const chunk = new Int16Array(end - written);
    for (let i = 0; i < chunk.length; i++) {
      const n = written + i;
      chunk[i] = Math.round(toneAmplitude * Math.sin((2 * Math.PI * TONE_HZ * n) / RATE)) + (speech?.[i] ?? 0);
    }
    await file.write(Buffer.from(chunk.buffer));
    written = end;
  };
  for (const [i, line] of script.entries()) {
    const startMs = (options.leadMs ?? 1000) + i * options.everyMs;
    const key = `${line.speaker}:${line.text}`;
    let speech = cache.get(key);
    if (!speech) {
      speech = trim(await readSamples(await speak(dir, `line-${cache.size}`, line.text, voices[line.speaker]!)));
      cache.set(key, speech);
    }
    const start = Math.round((startMs / 1000) * RATE);
    if (start + speech.length > total || (lines.length && startMs < lines.at(-1)!.endMs)) throw new Error(`script line ${i} does not fit`);
    await writeUpTo(start);
    await writeUpTo(start + speech.length, speech);
    lines.push({ startMs, endMs: startMs + (speech.length / RATE) * 1000, text: line.text, speaker: line.speaker });
  }
  await writeUpTo(total);
  await file.close();
  const out = path.join(dir, 'source.mp4');
  const seconds = (options.durationMs / 1000).toFixed(3);
  await runProcess('ffmpeg', 'ffmpeg', [
    '-nostdin', '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', `testsrc=size=320x240:rate=10:duration=${seconds}`,
    '-f', 's16le', '-ar', String(RATE), '-ac', '1', '-i', rawPath,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '20', '-pix_fmt', 'yuv420p',
    '-c:a', 'aac', '-b:a', '96k', ...(options.stereo ? ['-ac', '2'] : []), '-t', seconds, '-movflags', '+faststart', out,
  ], { timeoutMs: 10 * 60_000 });
  await fs.rm(rawPath);
  return { path: out, durationMs: options.durationMs, lines, srt: formatSrt(lines.map((l) => ({ startMs: Math.round(l.startMs), endMs: Math.round(l.endMs), text: l.text }))) };
}

function trim(samples: Int16Array): Int16Array {
  let start = 0;
  let end = samples.length;
  while (start < end && Math.abs(samples[start]!) < 200) start++;
  while (end > start && Math.abs(samples[end - 1]!) < 200) end--;
  return samples.slice(start, end);
}

/** Level (dBFS of a full-scale sine) of one frequency in samples[from, to): the Goertzel algorithm. */
export function toneLevelDb(samples: Int16Array, sampleRate: number, hz: number, from = 0, to = samples.length): number {
  const k = (2 * Math.PI * hz) / sampleRate;
  const coeff = 2 * Math.cos(k);
  let s1 = 0;
  let s2 = 0;
  for (let i = from; i < to; i++) {
    const s0 = samples[i]! / 32768 + coeff * s1 - s2;
    s2 = s1;
    s1 = s0;
  }
  const power = s1 * s1 + s2 * s2 - coeff * s1 * s2;
  const amplitude = (2 * Math.sqrt(Math.max(0, power))) / Math.max(1, to - from);
  return 20 * Math.log10(amplitude + 1e-12);
}
