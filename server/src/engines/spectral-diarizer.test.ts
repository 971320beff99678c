import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fft } from './fft';
import { renumberByFirstAppearance, SpectralDiarizer } from './spectral-diarizer';
import { concatSamples, makeTempDir, readSamples, silence, speak, twoSpeakers, writeWav } from './test-audio';
import type { TimeSpan } from './types';

// The third person's four sentences (speakers A and B say theirs in test-audio.ts's twoSpeakers).
const LINES = [
  'the weather is nice today and we can walk to the park',
  'please send me the report before friday afternoon',
  'our team finished the new design last week',
  'i think we should call the client again tomorrow',
];
// A third person: a low klatt voice, faster and with gaps between words (test-video.ts's VOICE_LOW).
const VOICE_C = { voice: 'en-us+klatt2', pitch: 25, speed: 170, wordGapMs: 80 };

let dir: string;
let conversationWav: string;
let conversationSegments: TimeSpan[];
let monologueWav: string;
let monologueSegments: TimeSpan[];
let threeWav: string;
let threeSegments: TimeSpan[];

async function build(name: string, parts: Int16Array[]): Promise<{ wav: string; segments: TimeSpan[] }> {
  const segments: TimeSpan[] = [];
  const audio: Int16Array[] = [];
  let atMs = 0;
  for (const part of parts) {
    audio.push(part, silence(400));
    segments.push({ startMs: atMs, endMs: atMs + part.length / 16 });
    atMs += part.length / 16 + 400;
  }
  return { wav: await writeWav(dir, name, concatSamples(audio)), segments };
}

beforeAll(async () => {
  dir = await makeTempDir();
  const { a, b } = await twoSpeakers(dir);
  // A B A B B A: turns alternate, and B speaks twice in a row once.
  ({ wav: conversationWav, segments: conversationSegments } = await build('conversation', [a[0]!, b[1]!, a[2]!, b[3]!, b[0]!, a[1]!]));
  ({ wav: monologueWav, segments: monologueSegments } = await build('monologue', a));
  const c = await Promise.all(LINES.map(async (line, i) => readSamples(await speak(dir, `c${i}`, line, VOICE_C))));
  // A B C A C B B A C C A B: three people, each saying all four sentences.
  ({ wav: threeWav, segments: threeSegments } = await build('three', [a[0]!, b[1]!, c[2]!, a[1]!, c[0]!, b[2]!, b[3]!, a[2]!, c[1]!, c[3]!, a[3]!, b[0]!]));
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

describe('spectral (MFCC) diarizer', () => {
  const diarizer = new SpectralDiarizer();

  it('separates two different espeak voices into two speakers, labelled by first appearance', async () => {
    expect(await diarizer.assign(conversationWav, conversationSegments, { maxSpeakers: 4 })).toEqual([0, 1, 0, 1, 1, 0]);
  });

  it('keeps one voice as one speaker even when more are allowed', async () => {
    expect(await diarizer.assign(monologueWav, monologueSegments, { maxSpeakers: 3 })).toEqual([0, 0, 0, 0]);
  });

  it('keeps three different voices three speakers (the same-voice merge pass joins none of them)', async () => {
    expect(await diarizer.assign(threeWav, threeSegments, { maxSpeakers: 34 })).toEqual([0, 1, 2, 0, 2, 1, 1, 0, 2, 2, 0, 1]);
  });

  it('never answers more speakers than maxSpeakers', async () => {
    expect(await diarizer.assign(conversationWav, conversationSegments, { maxSpeakers: 1 })).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it('labels short and silent segments without failing', async () => {
    const segments = [...conversationSegments, { startMs: conversationSegments[0]!.startMs, endMs: conversationSegments[0]!.startMs + 300 }, { startMs: 0, endMs: 0 }];
    const labels = await diarizer.assign(conversationWav, segments, { maxSpeakers: 2 });
    expect(labels).toHaveLength(8);
    expect(labels.slice(0, 6)).toEqual([0, 1, 0, 1, 1, 0]);
    expect(labels[6]).toBe(0);
    expect(await diarizer.assign(conversationWav, [], { maxSpeakers: 2 })).toEqual([]);
  });

  it('renumbers labels by first appearance', () => {
    expect(renumberByFirstAppearance([3, 3, 1, 3, 0])).toEqual([0, 0, 1, 0, 2]);
  });
});

describe('fft', () => {
  it('finds the bin of a pure tone and matches a direct DFT', () => {
    const n = 64;
    const re = Float64Array.from({ length: n }, (_, i) => Math.cos((2 * Math.PI * 5 * i) / n) + 0.5 * Math.sin((2 * Math.PI * 9 * i) / n));
    const input = Float64Array.from(re);
    const im = new Float64Array(n);
    fft(re, im);
    for (let k = 0; k < n; k++) {
      let dr = 0;
      let di = 0;
      for (let t = 0; t < n; t++) {
        dr += input[t]! * Math.cos((-2 * Math.PI * k * t) / n);
        di += input[t]! * Math.sin((-2 * Math.PI * k * t) / n);
      }
      expect(re[k]).toBeCloseTo(dr, 9);
      expect(im[k]).toBeCloseTo(di, 9);
    }
    expect(Math.hypot(re[5]!, im[5]!)).toBeCloseTo(n / 2, 9);
  });
});
