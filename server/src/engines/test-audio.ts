// Real speech for the engine tests, made on the spot with espeak-ng and resampled by ffmpeg to the
// 16 kHz mono the recognisers use. Generated per test file in a temp directory (nothing binary is
// committed) and reused by the tests of that file.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { toWav16kMono } from './media';
import { runProcess } from './run-process';
import { decodeWav, encodeWav } from './wav';

/**
 * espeak-ng's default voice is hard for pocketsphinx; the klatt2 variant at 170 words per minute
 * with 80 ms between words measured best of the voices tried (see pocketsphinx-recognizer.test.ts).
 */
export const RECOGNIZABLE_VOICE = { voice: 'en-us+klatt2', speed: 170, wordGapMs: 80 } as const;

export interface SpeakOptions {
  voice?: string;
  speed?: number;
  pitch?: number;
  wordGapMs?: number;
}

/** Four different sentences for the diarisation tests (batch and live). */
const TWO_SPEAKER_LINES = [
  'the weather is nice today and we can walk to the park',
  'please send me the report before friday afternoon',
  'our team finished the new design last week',
  'i think we should call the client again tomorrow',
] as const;
/** Two clearly different espeak-ng voices: a low male variant and a high female variant. */
const TWO_SPEAKER_VOICE_A: SpeakOptions = { voice: 'en-us+m3', pitch: 35, speed: 150, wordGapMs: 0 };
const TWO_SPEAKER_VOICE_B: SpeakOptions = { voice: 'en-us+f2', pitch: 70, speed: 150, wordGapMs: 0 };

/** Speaker A's and speaker B's samples of the same four sentences, written as `a<i>.wav` / `b<i>.wav` in `dir`. */
export async function twoSpeakers(dir: string): Promise<{ a: Int16Array[]; b: Int16Array[] }> {
  const say = (prefix: string, voice: SpeakOptions) =>
    Promise.all(TWO_SPEAKER_LINES.map(async (line, i) => readSamples(await speak(dir, `${prefix}${i}`, line, voice))));
  return { a: await say('a', TWO_SPEAKER_VOICE_A), b: await say('b', TWO_SPEAKER_VOICE_B) };
}

export async function makeTempDir(): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), 'parley-engines-test-'));
}

/** Writes `<name>.wav` (16 kHz mono) speaking `text`; answers its path. */
export async function speak(dir: string, name: string, text: string, options: SpeakOptions = {}): Promise<string> {
  const raw = path.join(dir, `${name}.raw.wav`);
  const args = ['-v', options.voice ?? RECOGNIZABLE_VOICE.voice, '-s', String(options.speed ?? RECOGNIZABLE_VOICE.speed), '-w', raw];
  if (options.pitch !== undefined) args.push('-p', String(options.pitch));
  const gap = options.wordGapMs ?? RECOGNIZABLE_VOICE.wordGapMs;
  // -g counts units of 10 ms at the default speed.
  if (gap) args.push('-g', String(Math.round(gap / 10)));
  await runProcess('espeak-ng', 'espeak-ng', [...args, '-b', '1', '--stdin'], { input: text, timeoutMs: 60_000 });
  const out = path.join(dir, `${name}.wav`);
  await toWav16kMono(raw, out);
  await fs.rm(raw);
  return out;
}

export function silence(ms: number, sampleRate = 16_000): Int16Array {
  return new Int16Array(Math.round((sampleRate * ms) / 1000));
}

/** Low white noise, like a quiet room through a laptop microphone (about -60 dBFS). */
export function quietNoise(ms: number, sampleRate = 16_000, seed = 1): Int16Array {
  const out = new Int16Array(Math.round((sampleRate * ms) / 1000));
  let state = seed;
  for (let i = 0; i < out.length; i++) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    out[i] = ((state / 0x7fffffff) * 2 - 1) * 30;
  }
  return out;
}

export async function readSamples(wavPath: string): Promise<Int16Array> {
  return decodeWav(await fs.readFile(wavPath)).samples;
}

export function concatSamples(parts: Int16Array[]): Int16Array {
  const out = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export async function writeWav(dir: string, name: string, samples: Int16Array): Promise<string> {
  const file = path.join(dir, `${name}.wav`);
  await fs.writeFile(file, encodeWav(samples, 16_000));
  return file;
}

export interface TimedSpeech {
  samples: Int16Array;
  /** Where each word's sound starts, in ms from the first sample. */
  onsetsMs: number[];
  /** Where each word's sound ends, in ms from the first sample. */
  endsMs: number[];
  /** Where the last word's sound ends. */
  endMs: number;
}

/**
 * Speech whose word onsets are known exactly: each word is spoken on its own, trimmed to where its
 * sound starts and ends, and the words are joined with gapMs of silence (espeak-ng reports no word
 * times of its own). leadMs of silence comes first.
 */
export async function speakTimedWords(dir: string, name: string, words: string[], options: { gapMs?: number; leadMs?: number } = {}): Promise<TimedSpeech> {
  const { gapMs = 90, leadMs = 0 } = options;
  const parts: Int16Array[] = [silence(leadMs)];
  const onsetsMs: number[] = [];
  const endsMs: number[] = [];
  let length = parts[0]!.length;
  for (const [i, word] of words.entries()) {
    const sound = trimSilence(await readSamples(await speak(dir, `${name}-${i}`, word, { wordGapMs: 0 })));
    if (i > 0) {
      parts.push(silence(gapMs));
      length += parts.at(-1)!.length;
    }
    onsetsMs.push((length / 16_000) * 1000);
    parts.push(sound);
    length += sound.length;
    endsMs.push((length / 16_000) * 1000);
  }
  return { samples: concatSamples(parts), onsetsMs, endsMs, endMs: (length / 16_000) * 1000 };
}

/** Cuts leading and trailing 5 ms blocks quieter than -50 dBFS. */
export function trimSilence(samples: Int16Array): Int16Array {
  const block = 80;
  const loud = (at: number) => {
    let sum = 0;
    for (let i = at; i < Math.min(samples.length, at + block); i++) sum += (samples[i]! / 32768) ** 2;
    return 10 * Math.log10(sum / block) > -50;
  };
  let start = 0;
  while (start < samples.length && !loud(start)) start += block;
  let end = samples.length;
  while (end > start && !loud(end - block)) end -= block;
  return samples.slice(start, end);
}
