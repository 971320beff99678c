// Live speaker turns on real (synthesised) speech: two clearly different espeak voices alternating
// get two labels in order of appearance; one voice saying different things keeps one label.
import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OnlineSpeakers } from './online-speakers';
import { makeTempDir, twoSpeakers } from './test-audio';

let dir: string;
let a: Int16Array[];
let b: Int16Array[];

beforeAll(async () => {
  dir = await makeTempDir();
  ({ a, b } = await twoSpeakers(dir));
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

describe('online speaker clustering', () => {
  it('labels two alternating voices 0 and 1, utterance by utterance', () => {
    const speakers = new OnlineSpeakers();
    const turns = [a[0]!, b[1]!, a[2]!, b[3]!, b[0]!, a[1]!, a[3]!, b[2]!];
    expect(turns.map((samples) => speakers.assign(samples))).toEqual([0, 1, 0, 1, 1, 0, 0, 1]);
    expect(speakers.count).toBe(2);
  });

  it('keeps one voice as one speaker over different sentences', () => {
    const speakers = new OnlineSpeakers();
    expect(a.map((samples) => speakers.assign(samples))).toEqual([0, 0, 0, 0]);
    const other = new OnlineSpeakers();
    expect(b.map((samples) => other.assign(samples))).toEqual([0, 0, 0, 0]);
  });

  it('answers null before any voice and gives a soundless utterance to the speaker before', () => {
    const speakers = new OnlineSpeakers();
    expect(speakers.assign(new Int16Array(16_000))).toBeNull();
    expect(speakers.assign(b[0]!)).toBe(0);
    expect(speakers.assign(new Int16Array(8_000))).toBe(0);
  });

  it('never opens more speakers than allowed', () => {
    const speakers = new OnlineSpeakers({ maxSpeakers: 1 });
    expect([a[0]!, b[0]!, a[1]!].map((samples) => speakers.assign(samples))).toEqual([0, 0, 0]);
  });
});
