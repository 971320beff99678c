// Issue 26 item 7: the user's proper words steer pocketsphinx itself (dictionary + language model),
// for uploads and live streams. Real speech: a LibriVox reader of Sense and Sensibility (public
// domain, bench/fixtures/vocabulary/real) says "and mister john dashwood had then leisure…", which
// pocketsphinx alone hears as "mr john s. would" / "john guess what". Synthesised speech: "Datadog",
// a word cmudict does not have, so only generated phones can bring it.
import fs from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { firstValueFrom, toArray } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PocketsphinxRecognizer } from './pocketsphinx-recognizer';
import { makeTempDir, readSamples, speak } from './test-audio';
import type { RecognitionStream } from './types';

const REAL_SPEECH = fileURLToPath(new URL('../../../bench/fixtures/vocabulary/real/sense-and-sensibility-0870.wav', import.meta.url));
const LIBRARY = ['John Dashwood', 'Datadog', 'Kubernetes', 'Okonkwo'];

const recognizer = new PocketsphinxRecognizer();
let dir: string;

beforeAll(async () => {
  dir = await makeTempDir();
});
afterAll(async () => {
  await recognizer.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const textOf = (words: Array<{ text: string }>) => words.map((w) => w.text).join(' ');

async function live(stream: RecognitionStream, samples: Int16Array): Promise<string> {
  const results = firstValueFrom(stream.results$.pipe(toArray()));
  const bytes = Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
  for (let at = 0; at < bytes.length; at += 640) stream.write(bytes.subarray(at, at + 640));
  stream.end();
  return (await results).filter((r) => r.kind === 'final').map((r) => r.text).join(' ');
}

describe('proper words steer pocketsphinx', () => {
  it('an upload of real speech says "John Dashwood" only when the library has the name', async () => {
    const without = await recognizer.transcribe(REAL_SPEECH, { language: 'en-US' });
    const withLibrary = await recognizer.transcribe(REAL_SPEECH, { language: 'en-US', hints: LIBRARY });
    expect(textOf(without.words).toLowerCase()).not.toContain('dashwood');
    expect(textOf(withLibrary.words)).toContain('John Dashwood');
    // The name is two words with their own times inside the utterance, in order.
    const john = withLibrary.words.findIndex((w) => w.text === 'John');
    expect(withLibrary.words[john + 1]!.text).toBe('Dashwood');
    expect(withLibrary.words[john]!.endMs).toBeLessThanOrEqual(withLibrary.words[john + 1]!.startMs);
    expect(withLibrary.segments.flatMap((s) => s.words)).toEqual(withLibrary.words);
  }, 120_000);

  it('a word cmudict lacks ("Datadog") is heard from generated phones, only with the library', async () => {
    const wav = await speak(dir, 'datadog', 'the datadog alert woke me up at night');
    const without = await recognizer.transcribe(wav, { language: 'en-US' });
    const withLibrary = await recognizer.transcribe(wav, { language: 'en-US', hints: LIBRARY });
    expect(textOf(without.words).toLowerCase()).not.toContain('datadog');
    expect(textOf(withLibrary.words)).toContain('Datadog');
  }, 120_000);

  it('a live stream says the words of the library, and its helper never serves a stream without it', async () => {
    const real = await readSamples(REAL_SPEECH);
    // The live decoder (single pass, lattice) may hear cmudict's lower-case "dashwood" alone; the
    // library's spelling is what shows the added entry at work.
    expect(await live(recognizer.createStream({ language: 'en-US', hints: LIBRARY }), real)).toContain('John Dashwood');
    const synthesised = await readSamples(await speak(dir, 'datadog-live', 'the datadog alert woke me up at night'));
    expect(await live(recognizer.createStream({ language: 'en-US', hints: LIBRARY }), synthesised)).toContain('Datadog');
    // The next stream, without a library, must not get a helper that still holds the words.
    const plain = await live(recognizer.createStream({ language: 'en-US' }), synthesised);
    expect(plain.toLowerCase()).not.toContain('datadog');
    expect(plain).toContain('night');
  }, 180_000);
});
