// The Vosk streaming adapter against a local server speaking the protocol (fake-vosk-server.ts):
// handshake and config, partials and finals with word times, Chinese text joined, a drop in the
// middle of an utterance replayed without losing audio, refused handshakes, answers outside the
// protocol, and a slow engine.
import { filter, firstValueFrom, lastValueFrom, toArray } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import type { StreamResult } from '../types';
import { fakeSpeech, startFakeVoskServer, type FakeVoskServer } from './fake-vosk-server';
import { joinText, parseAnswer } from './vosk-messages';
import { VoskStreamRecognizer } from './vosk-stream-recognizer';

const LEXICON = ['你好', '世界', '会议', '开始', 'Parley'];
const CHUNK_BYTES = 3200; // 100 ms
let server: FakeVoskServer | null = null;

afterEach(async () => {
  await server?.close();
  server = null;
});

function recognizer(url: string, phraseList = false) {
  return new VoskStreamRecognizer({ url, languages: ['zh-CN'], phraseList }, { reconnectDelayMs: 20, reconnectAttempts: 2 });
}

async function runAll(stream: ReturnType<VoskStreamRecognizer['createStream']>, audio: Buffer): Promise<StreamResult[]> {
  const results = lastValueFrom(stream.results$.pipe(toArray()));
  for (let at = 0; at < audio.length; at += CHUNK_BYTES) stream.write(audio.subarray(at, at + CHUNK_BYTES));
  stream.end();
  return results;
}

// Two utterances: 你好 世界 (0.5–1.5 s), then 会议 开始 (2.0–3.0 s).
const TWO_UTTERANCES = fakeSpeech([
  { silenceMs: 500 }, { word: 0, ms: 500 }, { word: 1, ms: 500 }, { silenceMs: 500 },
  { word: 2, ms: 500 }, { word: 3, ms: 500 }, { silenceMs: 500 },
]);

describe('vosk streaming protocol', () => {
  it('sends the config first, answers partials then finals with word times, Chinese joined without spaces', async () => {
    server = await startFakeVoskServer({ lexicon: LEXICON });
    const results = await runAll(recognizer(server.url).createStream({ language: 'zh-CN' }), TWO_UTTERANCES);
    expect(server.configs).toEqual([{ sample_rate: 16000, words: 1 }]);
    const finals = results.filter((r) => r.kind === 'final');
    expect(finals.map((f) => [f.utteranceIndex, f.text])).toEqual([[0, '你好世界'], [1, '会议开始']]);
    expect(finals[0]!.words).toEqual([
      { text: '你好', startMs: 500, endMs: 1000, confidence: 0.9 },
      { text: '世界', startMs: 1000, endMs: 1500, confidence: 0.9 },
    ]);
    expect([finals[1]!.startMs, finals[1]!.endMs]).toEqual([2000, 3000]);
    const partials = results.filter((r) => r.kind === 'partial');
    expect(partials.map((p) => p.text)).toEqual(['你好', '你好世界', '会议', '会议开始']);
    // Every partial comes before the final of its utterance.
    expect(results.findIndex((r) => r.kind === 'final')).toBeGreaterThan(results.findIndex((r) => r.text === '你好世界' && r.kind === 'partial'));
  });

  it('passes the vocabulary as phrase_list only when the setting asks for it', async () => {
    server = await startFakeVoskServer({ lexicon: LEXICON });
    await runAll(recognizer(server.url, true).createStream({ language: 'zh-CN', hints: ['Parley'] }), fakeSpeech([{ word: 4, ms: 300 }]));
    await runAll(recognizer(server.url, false).createStream({ language: 'zh-CN', hints: ['Parley'] }), fakeSpeech([{ word: 4, ms: 300 }]));
    expect(server.configs).toEqual([{ sample_rate: 16000, words: 1, phrase_list: ['Parley', '[unk]'] }, { sample_rate: 16000, words: 1 }]);
  });

  it('eof flushes the utterance in progress as a final', async () => {
    server = await startFakeVoskServer({ lexicon: LEXICON });
    const results = await runAll(recognizer(server.url).createStream({ language: 'zh-CN' }), fakeSpeech([{ word: 2, ms: 400 }, { word: 3, ms: 400 }]));
    expect(results.at(-1)).toMatchObject({ kind: 'final', text: '会议开始', startMs: 0, endMs: 800 });
  });

  it('reconnects after a drop mid-utterance and replays the unconfirmed audio: nothing lost, times kept', async () => {
    // The first connection dies 1.2 s in, inside 世界 of the first utterance.
    server = await startFakeVoskServer({ lexicon: LEXICON, dropFirstAfterBytes: 1200 * 32 });
    const results = await runAll(recognizer(server.url).createStream({ language: 'zh-CN' }), TWO_UTTERANCES);
    expect(server.connections).toBe(2);
    const finals = results.filter((r) => r.kind === 'final');
    expect(finals.map((f) => f.text)).toEqual(['你好世界', '会议开始']);
    expect(finals[0]!.words.map((w) => [w.startMs, w.endMs])).toEqual([[500, 1000], [1000, 1500]]);
    expect([finals[1]!.startMs, finals[1]!.endMs]).toEqual([2000, 3000]);
    // The second connection got the whole first utterance again (nothing was final yet), and the rest.
    expect(server.bytesPerConnection[1]).toBe(TWO_UTTERANCES.length);
  });

  it('drops a connection that stays open but stops answering, reconnects and replays: nothing lost', async () => {
    server = await startFakeVoskServer({ lexicon: LEXICON, stallFirstAfterBytes: 1200 * 32 });
    const stalled = new VoskStreamRecognizer({ url: server.url, languages: ['zh-CN'], phraseList: false }, { reconnectDelayMs: 20, reconnectAttempts: 2, answerTimeoutMs: 200 });
    const results = await runAll(stalled.createStream({ language: 'zh-CN' }), TWO_UTTERANCES);
    expect(server.connections).toBe(2);
    expect(results.filter((r) => r.kind === 'final').map((f) => f.text)).toEqual(['你好世界', '会议开始']);
  });

  it('replays only what follows the last final when the drop comes in the second utterance', async () => {
    server = await startFakeVoskServer({ lexicon: LEXICON, dropFirstAfterBytes: 2500 * 32 });
    const stream = recognizer(server.url).createStream({ language: 'zh-CN' });
    const all = lastValueFrom(stream.results$.pipe(toArray()));
    const firstFinal = firstValueFrom(stream.results$.pipe(filter((r) => r.kind === 'final')));
    const write = (from: number, to: number) => {
      for (let at = from; at < to; at += CHUNK_BYTES) stream.write(TWO_UTTERANCES.subarray(at, Math.min(to, at + CHUNK_BYTES)));
    };
    // The first utterance is final before the audio that meets the drop is sent.
    write(0, 2000 * 32);
    await firstFinal;
    write(2000 * 32, TWO_UTTERANCES.length);
    stream.end();
    const finals = (await all).filter((r) => r.kind === 'final');
    expect(finals.map((f) => [f.text, f.startMs, f.endMs])).toEqual([['你好世界', 500, 1500], ['会议开始', 2000, 3000]]);
    expect(server.connections).toBe(2);
    expect(server.bytesPerConnection[1]).toBeLessThan(TWO_UTTERANCES.length - 1500 * 32);
  });

  it('fails with a clear engine error when the server refuses every handshake', async () => {
    server = await startFakeVoskServer({ lexicon: LEXICON, refuse: true });
    const stream = recognizer(server.url).createStream({ language: 'zh-CN' });
    stream.write(fakeSpeech([{ word: 0, ms: 100 }]));
    await expect(lastValueFrom(stream.results$)).rejects.toMatchObject({ code: 'engine_failed' });
  });

  it('fails on an answer outside the protocol instead of guessing', async () => {
    server = await startFakeVoskServer({ lexicon: LEXICON, garbleFirstAnswer: '<html>busy</html>' });
    const stream = recognizer(server.url).createStream({ language: 'zh-CN' });
    stream.write(fakeSpeech([{ word: 0, ms: 100 }]));
    await expect(lastValueFrom(stream.results$)).rejects.toMatchObject({ code: 'engine_failed' });
  });

  it('a slow engine delays answers but keeps them in order and complete', async () => {
    server = await startFakeVoskServer({ lexicon: LEXICON, delayMs: 15 });
    const results = await runAll(recognizer(server.url).createStream({ language: 'zh-CN' }), TWO_UTTERANCES);
    expect(results.filter((r) => r.kind === 'final').map((f) => f.text)).toEqual(['你好世界', '会议开始']);
  });

  it('abort stops at once without more results', async () => {
    server = await startFakeVoskServer({ lexicon: LEXICON, delayMs: 50 });
    const stream = recognizer(server.url).createStream({ language: 'zh-CN' });
    const all = lastValueFrom(stream.results$.pipe(toArray()));
    stream.write(fakeSpeech([{ word: 0, ms: 500 }]));
    stream.abort();
    expect(await all).toEqual([]);
  });

  it('transcribes a whole recording through the same protocol', async () => {
    server = await startFakeVoskServer({ lexicon: LEXICON });
    const transcript = await recognizer(server.url).transcribePcm(TWO_UTTERANCES, { language: 'zh-CN' });
    expect(transcript.segments.map((s) => s.text)).toEqual(['你好世界', '会议开始']);
    expect(transcript.words).toHaveLength(4);
  });

  it('first partial arrives before the utterance ends (streaming, not per utterance)', async () => {
    server = await startFakeVoskServer({ lexicon: LEXICON });
    const stream = recognizer(server.url).createStream({ language: 'zh-CN' });
    const first = firstValueFrom(stream.results$);
    stream.write(fakeSpeech([{ word: 0, ms: 200 }]));
    expect(await first).toMatchObject({ kind: 'partial', text: '你好', startMs: 0, endMs: 200 });
    stream.abort();
  });
});

describe('vosk messages', () => {
  it('keeps spaces around Latin words in Chinese and in other languages', () => {
    expect(joinText('我们 用 Parley 开会', 'zh-CN')).toBe('我们用 Parley 开会');
    expect(joinText(' hello  world ', 'en-US')).toBe('hello world');
    expect(parseAnswer('{"text":"","result":[]}', 'en-US')).toEqual({ kind: 'final', text: '', words: [] });
    expect(parseAnswer('{"foo":1}', 'en-US')).toBeNull();
  });
});
