// The incremental stream's bookkeeping with a scripted decoder (the real one is exercised in
// pocketsphinx-streaming.test.ts): what reaches the decoder, when partials are asked for, how the
// decoder is handed back. Tones stand in for speech so the VAD's cuts are predictable.
import { lastValueFrom, toArray } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createIncrementalStream, type IncrementalDecoder } from './incremental-stream';
import { concatSamples, silence } from './test-audio';
import type { RecognizedWord } from './types';

function voiced(ms: number): Int16Array {
  const out = new Int16Array(16 * ms);
  // Syllable-like 3 Hz loudness changes: a steady tone would become the VAD's noise floor.
  for (let i = 0; i < out.length; i++) out[i] = Math.round(8000 * Math.sin(i / 5) * (0.1 + 0.9 * Math.abs(Math.sin((2 * Math.PI * 3 * i) / 16_000))));
  return out;
}
const bytes = (samples: Int16Array) => Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);

/** "Hears" one word per msPerWord of audio written since the last final; holds partials when told to. */
class ScriptedDecoder implements IncrementalDecoder {
  received = 0;
  utterances: number[] = [];
  partialRequests = 0;
  hold = false;
  private held: Array<() => void> = [];
  constructor(
    private readonly finalWords = true,
    private readonly msPerWord = 500,
  ) {}
  write(pcm: Buffer) {
    this.received += pcm.length / 2;
  }
  private words(): RecognizedWord[] {
    return Array.from({ length: Math.floor(this.received / (16 * this.msPerWord)) }, (_, i) => ({ text: `w${i}`, startMs: i * 500, endMs: i * 500 + 400 }));
  }
  partial() {
    this.partialRequests++;
    const words = this.words();
    return new Promise<RecognizedWord[]>((resolve) => (this.hold ? this.held.push(() => resolve(words)) : resolve(words)));
  }
  async final() {
    const words = this.finalWords ? this.words() : [];
    this.utterances.push(this.received);
    this.received = 0;
    return words;
  }
  release() {
    for (const answer of this.held.splice(0)) answer();
  }
  onExit() {
    return () => undefined;
  }
}

function streamWith(decoder: ScriptedDecoder) {
  const released: boolean[] = [];
  const stream = createIncrementalStream({ acquire: async () => decoder, release: (_d, reusable) => released.push(reusable), partialIntervalMs: 200 });
  return { stream, released };
}

async function feed(stream: ReturnType<typeof createIncrementalStream>, samples: Int16Array, chunk = 1281) {
  const audio = bytes(samples);
  for (let offset = 0; offset < audio.length; offset += chunk) {
    stream.write(audio.subarray(offset, offset + chunk));
    await stream.drained();
  }
}

describe('incremental stream', () => {
  it('closes an utterance after 300 ms of quiet, yet the decoder hears 450 ms of it after the last word', async () => {
    const decoder = new ScriptedDecoder();
    const { stream } = streamWith(decoder);
    let finalAtMs: number | null = null;
    let fedMs = 0;
    stream.results$.subscribe((result) => {
      if (result.kind === 'final' && finalAtMs === null) finalAtMs = fedMs;
    });
    const audio = bytes(concatSamples([silence(500), voiced(1000), silence(1000)]));
    for (let offset = 0; offset < audio.length; offset += 1280) {
      stream.write(audio.subarray(offset, offset + 1280));
      fedMs += 40;
      await stream.drained();
    }
    expect(finalAtMs).not.toBeNull();
    // The final came with about 300 ms of quiet fed (VAD frames of 30 ms, writes of 40 ms), not 450.
    expect(finalAtMs! - 1500).toBeLessThanOrEqual(300 + 70);
    // The decoder got the pre-roll (210 ms of the silence before), the speech and 450 ms of quiet.
    expect(decoder.utterances[0]! / 16).toBeGreaterThanOrEqual(210 + 1000 + 450 - 30);
    stream.end();
  });

  it('hands the decoder each utterance once (VAD pre-roll included), silence never', async () => {
    const decoder = new ScriptedDecoder();
    const { stream, released } = streamWith(decoder);
    const results = lastValueFrom(stream.results$.pipe(toArray()));
    await feed(stream, concatSamples([silence(1000), voiced(1200), silence(1000), voiced(700), silence(1000)]));
    stream.end();
    const all = await results;
    // Each utterance: its voiced audio, up to 210 ms of pre-roll before and the 450 ms hangover after.
    expect(decoder.utterances).toHaveLength(2);
    expect(decoder.utterances[0]! / 16).toBeGreaterThanOrEqual(1200 + 450);
    expect(decoder.utterances[0]! / 16).toBeLessThanOrEqual(1200 + 450 + 240);
    expect(decoder.utterances[1]! / 16).toBeGreaterThanOrEqual(700 + 450);
    const finals = all.filter((r) => r.kind === 'final');
    expect(finals.map((f) => f.utteranceIndex)).toEqual([0, 1]);
    // Word times are moved from the utterance to the stream: the second one was spoken from 3.2 s.
    expect(finals[1]!.startMs).toBeGreaterThanOrEqual(3200 - 240);
    expect(released).toEqual([true]);
  });

  it('asks for a partial every 200 ms of speech, never while one is unanswered, and sends only changed guesses', async () => {
    const decoder = new ScriptedDecoder();
    const { stream } = streamWith(decoder);
    const results = lastValueFrom(stream.results$.pipe(toArray()));
    decoder.hold = true;
    // 2 s of speech while the decoder sits on its first partial: one request only.
    const audio = bytes(voiced(2000));
    for (let offset = 0; offset < audio.length; offset += 1280) stream.write(audio.subarray(offset, offset + 1280));
    await new Promise((r) => setImmediate(r));
    expect(decoder.partialRequests).toBe(1);
    decoder.hold = false;
    decoder.release();

    await feed(stream, concatSamples([voiced(2000), silence(800)]));
    stream.end();
    const all = await results;
    expect(decoder.partialRequests).toBeGreaterThanOrEqual(8);
    const partials = all.filter((r) => r.kind === 'partial');
    expect(new Set(partials.map((p) => p.text)).size).toBe(partials.length);
    expect(partials.length).toBeLessThan(decoder.partialRequests);
  });

  it('keeps handing audio to the decoder while a partial is unanswered', async () => {
    // The helper works out a partial while audio keeps coming: the audio must not queue behind the answer.
    const decoder = new ScriptedDecoder();
    const { stream } = streamWith(decoder);
    const results = lastValueFrom(stream.results$.pipe(toArray()));
    decoder.hold = true;
    const audio = bytes(voiced(2000));
    for (let offset = 0; offset < audio.length; offset += 1280) stream.write(audio.subarray(offset, offset + 1280));
    await new Promise((r) => setImmediate(r));
    expect(decoder.partialRequests).toBe(1);
    // Everything from the utterance's start (pre-roll included) up to the last whole VAD frame.
    expect(decoder.received / 16).toBeGreaterThanOrEqual(2000 - 30);
    decoder.hold = false;
    decoder.release();
    stream.end();
    expect((await results).at(-1)).toEqual(expect.objectContaining({ kind: 'final' }));
  });

  it('sends an empty final only to clear a partial that was shown', async () => {
    // Finals hear nothing; partials hear a word per second of audio: the first utterance shows one, the
    // short second one never does.
    const decoder = new ScriptedDecoder(false, 1000);
    const { stream } = streamWith(decoder);
    const results = lastValueFrom(stream.results$.pipe(toArray()));
    await feed(stream, concatSamples([voiced(1500), silence(800), voiced(100), silence(800)]));
    stream.end();
    const all = await results;
    expect(all.filter((r) => r.kind === 'final')).toEqual([expect.objectContaining({ utteranceIndex: 0, text: '', words: [] })]);
  });

  it('on abort completes at once and ends the decoder instead of reusing it', async () => {
    const decoder = new ScriptedDecoder();
    const { stream, released } = streamWith(decoder);
    const results = lastValueFrom(stream.results$.pipe(toArray()));
    await feed(stream, voiced(800));
    stream.abort();
    expect((await results).every((r) => r.kind === 'partial')).toBe(true);
    expect(released).toEqual([false]);
  });
});
