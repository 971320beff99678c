import { firstValueFrom, lastValueFrom, toArray } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { concatSamples, silence } from './test-audio';
import type { Transcript } from './types';
import { createUtteranceStream } from './utterance-stream';

function voiced(ms: number): Int16Array {
  const out = new Int16Array(16 * ms);
  for (let i = 0; i < out.length; i++) out[i] = Math.round(8000 * Math.sin(i / 5) * (0.1 + 0.9 * Math.abs(Math.sin((2 * Math.PI * 3 * i) / 16_000))));
  return out;
}

const bytes = (samples: Int16Array) => Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);

/** A stand-in recogniser that "hears" one word per 500 ms of audio, so results are predictable. */
const counting = async (samples: Int16Array): Promise<Transcript> => {
  const words = Array.from({ length: Math.floor(samples.length / 8000) }, (_, i) => ({ text: `w${i}`, startMs: i * 500, endMs: i * 500 + 400 }));
  return { words, segments: words.length ? [{ startMs: 0, endMs: words.at(-1)!.endMs, text: words.map((w) => w.text).join(' '), words }] : [] };
};

describe('utterance stream (VAD-cut streaming recognition)', () => {
  it('re-recognises a long utterance at most once per partial interval, then gives its final', async () => {
    const stream = createUtteranceStream({ recognize: counting, partialIntervalMs: 1000 });
    const results = lastValueFrom(stream.results$.pipe(toArray()));
    const audio = bytes(concatSamples([voiced(5000), silence(800)]));
    // Odd-sized writes split samples across frames; yielding between writes lets recognitions finish
    // as they would between real-time frames (a busy recogniser makes partials skip, by design).
    for (let offset = 0; offset < audio.length; offset += 641) {
      stream.write(audio.subarray(offset, offset + 641));
      await new Promise((resolve) => setImmediate(resolve));
    }
    stream.end();
    const all = await results;
    const partials = all.filter((r) => r.kind === 'partial');
    expect(partials.length).toBeGreaterThanOrEqual(2);
    expect(partials.length).toBeLessThanOrEqual(5);
    expect(all.at(-1)).toMatchObject({ kind: 'final', utteranceIndex: 0 });
    // Each partial covers more of the utterance than the one before; the final covers it all.
    const lengths = all.map((r) => r.words.length);
    expect([...lengths].sort((a, b) => a - b)).toEqual(lengths);
    expect(lengths.at(-1)).toBe(10);
  });

  it('completes without results when aborted, and ignores writes afterwards', async () => {
    const stream = createUtteranceStream({ recognize: counting });
    const results = firstValueFrom(stream.results$.pipe(toArray()));
    stream.write(bytes(voiced(1500)));
    stream.abort();
    stream.write(bytes(concatSamples([voiced(1500), silence(800)])));
    stream.end();
    expect(await results).toEqual([]);
  });

  it('ends the stream with the recogniser error', async () => {
    const stream = createUtteranceStream({ recognize: () => Promise.reject(new Error('engine down')) });
    const results = firstValueFrom(stream.results$.pipe(toArray()));
    stream.write(bytes(concatSamples([voiced(800), silence(800)])));
    stream.end();
    await expect(results).rejects.toThrow('engine down');
  });
});
