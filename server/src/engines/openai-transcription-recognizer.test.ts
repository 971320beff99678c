import fs from 'node:fs/promises';
import { firstValueFrom, toArray } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeService, type FakeService } from './fake-service';
import { fromVerboseJson, HINT_PROMPT_MAX_CHARS, hintPrompt, OpenAiTranscriptionRecognizer } from './openai-transcription-recognizer';
import { concatSamples, makeTempDir, readSamples, silence, speak } from './test-audio';
import { decodeWav, encodeWav } from './wav';

// The documented verbose_json answer with word timestamps (seconds).
const ANSWER = {
  task: 'transcribe',
  language: 'chinese',
  duration: 3.2,
  text: '你好世界。今天开会。',
  segments: [
    { id: 0, start: 0.0, end: 1.4, text: '你好世界。' },
    { id: 1, start: 1.6, end: 3.1, text: '今天开会。' },
  ],
  words: [
    { word: '你好', start: 0.1, end: 0.6 },
    { word: '世界', start: 0.6, end: 1.3 },
    { word: '今天', start: 1.7, end: 2.2 },
    { word: '开会', start: 2.3, end: 3.0 },
  ],
};

let dir: string;
let speechWav: string;
let service: FakeService;

beforeAll(async () => {
  dir = await makeTempDir();
  speechWav = await speak(dir, 'speech', 'hello world');
  service = await startFakeService((request) =>
    request.headers.authorization === 'Bearer wrong' ? { status: 401, json: { error: { message: 'bad key' } } } : { json: ANSWER },
  );
});
afterAll(async () => {
  await service.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('OpenAI-compatible transcription adapter', () => {
  it('carries the proper words as the prompt (uploads and live utterances), and no prompt without them', async () => {
    const recognizer = new OpenAiTranscriptionRecognizer({ url: service.url, apiKey: 'sk-test', model: 'whisper-1' }, 10_000);
    await recognizer.transcribe(speechWav, { language: 'en-US', hints: ['Datadog', 'Okonkwo'] });
    expect((await service.requests.at(-1)!.formData()).get('prompt')).toBe('Datadog, Okonkwo.');
    await recognizer.transcribe(speechWav, { language: 'en-US' });
    expect((await service.requests.at(-1)!.formData()).get('prompt')).toBeNull();
    const stream = recognizer.createStream({ language: 'en-US', hints: ['Grafana'] });
    const done = firstValueFrom(stream.results$.pipe(toArray()));
    stream.write(Buffer.from(concatSamples([silence(300), await readSamples(speechWav), silence(800)]).buffer));
    stream.end();
    await done;
    expect((await service.requests.at(-1)!.formData()).get('prompt')).toBe('Grafana.');
    expect(recognizer.takesHints).toBe(true);
  });

  it('cuts a long word list to what Whisper reads of a prompt, at a word', () => {
    const words = Array.from({ length: 150 }, (_, i) => `Properword${i}`);
    const prompt = hintPrompt(words);
    expect(prompt.length).toBeLessThanOrEqual(HINT_PROMPT_MAX_CHARS + 1);
    expect(prompt.startsWith('Properword0, Properword1,')).toBe(true);
    expect(prompt.endsWith('.')).toBe(true);
    expect(prompt.slice(0, -1).split(', ').every((w) => words.includes(w))).toBe(true);
  });

  it('posts multipart verbose_json with word timestamps and maps the answer to ms', async () => {
    const recognizer = new OpenAiTranscriptionRecognizer({ url: service.url, apiKey: 'sk-test', model: 'whisper-large-v3' }, 10_000);
    const transcript = await recognizer.transcribe(speechWav, { language: 'zh-CN' });
    const request = service.requests.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/audio/transcriptions');
    expect(request.headers.authorization).toBe('Bearer sk-test');
    expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const form = await request.formData();
    expect(form.get('model')).toBe('whisper-large-v3');
    expect(form.get('response_format')).toBe('verbose_json');
    expect(form.getAll('timestamp_granularities[]')).toEqual(['word', 'segment']);
    expect(form.get('language')).toBe('zh');
    const file = form.get('file') as File;
    expect(file.name).toBe('audio.wav');
    const sent = decodeWav(Buffer.from(await file.arrayBuffer()));
    expect(sent.sampleRate).toBe(16_000);
    expect(sent.channels).toBe(1);
    expect(sent.samples.length).toBe((await readSamples(speechWav)).length);

    expect(transcript.words).toEqual([
      { text: '你好', startMs: 100, endMs: 600 },
      // Written forms: the punctuation of the segment text rides on the word before it.
      { text: '世界。', startMs: 600, endMs: 1300 },
      { text: '今天', startMs: 1700, endMs: 2200 },
      { text: '开会。', startMs: 2300, endMs: 3000 },
    ]);
    expect(transcript.segments.map((s) => [s.startMs, s.endMs, s.text, s.words.length])).toEqual([
      [0, 1400, '你好世界。', 2],
      [1600, 3100, '今天开会。', 2],
    ]);
  });

  it('accepts a base URL that already ends in /v1 and turns HTTP errors into engine_failed', async () => {
    const recognizer = new OpenAiTranscriptionRecognizer({ url: `${service.url}/v1/`, apiKey: 'wrong', model: 'whisper-1' }, 10_000);
    await expect(recognizer.transcribe(speechWav, { language: 'en-US' })).rejects.toMatchObject({
      code: 'engine_failed',
      key: 'engines:engineFailed',
      params: { engine: 'openai-transcription', status: 401 },
    });
    expect(service.requests.at(-1)!.path).toBe('/v1/audio/transcriptions');
  });

  it('streams VAD-cut utterances to the service, offsetting times by where each began', async () => {
    const recognizer = new OpenAiTranscriptionRecognizer({ url: service.url, apiKey: null, model: 'whisper-1' }, 10_000);
    const stream = recognizer.createStream({ language: 'zh-CN' });
    const results = firstValueFrom(stream.results$.pipe(toArray()));
    const speech = await readSamples(speechWav);
    const before = service.requests.length;
    stream.write(Buffer.from(encodeWav(concatSamples([silence(1000), speech, silence(1000)]), 16_000).subarray(44)));
    stream.end();
    const finals = (await results).filter((r) => r.kind === 'final');
    expect(finals).toHaveLength(1);
    expect(finals[0]!.text).toBe('你好世界。 今天开会。');
    // The utterance opened shortly before 1000 ms (pre-roll), so word times are shifted by ~800-1000 ms.
    expect(finals[0]!.words[0]!.startMs).toBeGreaterThanOrEqual(100 + 750);
    expect(finals[0]!.words[0]!.startMs).toBeLessThanOrEqual(100 + 1000);
    expect(service.requests.length).toBeGreaterThan(before);
    expect(service.requests.at(-1)!.headers.authorization).toBeUndefined();
  });

  it('keeps words that fall between segments and builds a segment when the server sends none', () => {
    const t = fromVerboseJson({ text: 'hi there', words: [{ word: ' hi', start: 0.2, end: 0.4 }, { word: 'there', start: 0.5, end: 0.9 }] });
    expect(t.segments).toEqual([{ startMs: 200, endMs: 900, text: 'hi there', words: t.words }]);
    const gap = fromVerboseJson({
      text: 'a b',
      segments: [{ start: 0, end: 1, text: 'a' }, { start: 2, end: 3, text: 'b' }],
      words: [{ word: 'a', start: 1.1, end: 1.2 }, { word: 'b', start: 1.8, end: 1.95 }],
    });
    expect(gap.segments.map((s) => s.words.map((w) => w.text))).toEqual([['a'], ['b']]);
  });

  it('gives words the punctuation of the segment text, keeping bare words it cannot find', () => {
    const t = fromVerboseJson({
      segments: [{ start: 0, end: 2, text: ' Well, it works. Does it?' }],
      words: ['well', 'it', 'works', 'does', 'it'].map((word, i) => ({ word, start: i * 0.4, end: i * 0.4 + 0.3 })),
    });
    expect(t.words.map((w) => w.text)).toEqual(['Well,', 'it', 'works.', 'Does', 'it?']);
    const lost = fromVerboseJson({ segments: [{ start: 0, end: 1, text: 'hello' }], words: [{ word: 'goodbye', start: 0, end: 1 }] });
    expect(lost.words.map((w) => w.text)).toEqual(['goodbye']);
  });
});
