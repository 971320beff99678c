// The chat summariser against a local server speaking the OpenAI chat completions protocol: the JSON
// shape parsed (also when fenced or wrapped in prose), map-reduce over a long transcript, and every
// failure (HTTP 500, an answer that is not the JSON, a timeout) an EngineError that the
// FallbackSummarizer turns into an offline summary with a reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineError } from './engine-errors';
import { startFakeService, type FakeAnswer, type FakeService, type RecordedRequest } from './fake-service';
import { OpenAiChatSummarizer } from './openai-chat-summarizer';
import { FallbackSummarizer } from './summarizer/fallback-summarizer';
import { OfflineSummarizer } from './summarizer/offline-summarizer';
import type { SummaryLine } from './types';

let service: FakeService;
let answer: (request: RecordedRequest) => FakeAnswer;
const chat = (content: string): FakeAnswer => ({ json: { choices: [{ index: 0, message: { role: 'assistant', content } }] } });
const body = (request: RecordedRequest) => request.json<{ model: string; messages: { role: string; content: string }[] }>();

const SHAPED = {
  summary: '预算已批准，三月搬迁。',
  keyPoints: ['新办公室有两张额外的桌子。', '预算已批准，三月搬迁。'],
  decisions: [{ text: '三月搬迁。', speaker: '王' }],
  actionItems: [{ text: '李周五前发送平面图。', speaker: '李' }, '王确认预算。'],
  keywords: ['预算', '搬迁', '预算'],
};

beforeAll(async () => {
  service = await startFakeService((request) => answer(request));
});
afterAll(() => service.close());

const lines: SummaryLine[] = [
  { speaker: '王', text: '预算已经批准了。', startMs: 0 },
  { speaker: '李', text: '我们三月搬迁。', startMs: 65_000 },
];
const summarizer = (timeoutMs = 5_000, chunkTokens?: number) =>
  new OpenAiChatSummarizer({ url: `${service.url}/v1`, apiKey: null, model: 'llama3' }, timeoutMs, chunkTokens ? { chunkTokens } : {});

describe('OpenAI-compatible chat summary adapter', () => {
  it('asks in the language with its own prompt, sends timed speaker lines, parses the JSON shape', async () => {
    answer = () => chat(JSON.stringify(SHAPED));
    const result = await summarizer().summarize(lines, { language: 'zh-CN', sentences: 2 });
    expect(result).toEqual({
      summary: '预算已批准，三月搬迁。',
      // The key point that repeats the summary is dropped; duplicates are dropped.
      keyPoints: ['新办公室有两张额外的桌子。'],
      decisions: [{ text: '三月搬迁。', speaker: '王' }],
      actionItems: [
        { text: '李周五前发送平面图。', speaker: '李' },
        { text: '王确认预算。', speaker: null },
      ],
      keywords: ['预算', '搬迁'],
      engine: 'llm',
    });
    const request = service.requests.at(-1)!;
    expect(request.path).toBe('/v1/chat/completions');
    const sent = body(request);
    expect(sent.model).toBe('llama3');
    expect(sent.messages[0]!.content).toContain('请用简体中文写作');
    expect(sent.messages[0]!.content).toContain('at most 2 sentences');
    expect(sent.messages[1]!.content).toBe('[00:00:00] 王: 预算已经批准了。\n[00:01:05] 李: 我们三月搬迁。');
  });

  it('uses the Traditional Chinese, Spanish and English prompts', async () => {
    answer = () => chat(JSON.stringify(SHAPED));
    for (const [language, phrase] of [['zh-TW', '繁體中文（台灣用語）'], ['es-ES', 'Escribe en español'], ['en-US', 'Write in English']] as const) {
      await summarizer().summarize(lines, { language });
      expect(body(service.requests.at(-1)!).messages[0]!.content).toContain(phrase);
    }
  });

  it('reads JSON in a ``` fence after a sentence of prose', async () => {
    answer = () => chat('Here is the summary:\n```json\n{"summary": "The move is in March.", "keyPoints": "not a list", "decisions": null}\n```');
    const result = await summarizer().summarize(lines, { language: 'en-US' });
    expect(result).toMatchObject({ summary: 'The move is in March.', keyPoints: [], decisions: [], actionItems: [], keywords: [] });
  });

  it('summarises a long transcript by map-reduce: one request per chunk, then a merge', async () => {
    const long: SummaryLine[] = Array.from({ length: 40 }, (_, i) => ({ speaker: 'Ann', text: `Point number ${i} is about the budget of part ${i}.` }));
    const before = service.requests.length;
    answer = (request) => {
      const system = body(request).messages[0]!.content;
      const merging = system.startsWith('You merge');
      return chat(JSON.stringify({ summary: merging ? 'The whole meeting.' : `Part ${service.requests.length}.`, keyPoints: [], decisions: [], actionItems: [], keywords: ['budget'] }));
    };
    const result = await summarizer(5_000, 100).summarize(long, { language: 'en-US', maxChars: 12 });
    const sent = service.requests.slice(before).map(body);
    const maps = sent.filter((b) => b.messages[0]!.content.startsWith('You summarise'));
    const merges = sent.filter((b) => b.messages[0]!.content.startsWith('You merge'));
    expect(maps.length).toBeGreaterThan(3);
    // Every line went to exactly one chunk, in order.
    expect(maps.map((b) => b.messages[1]!.content).join('\n').split('\n')).toHaveLength(40);
    expect(merges.length).toBeGreaterThanOrEqual(1);
    expect(JSON.parse(merges.at(-1)!.messages[1]!.content)).toBeInstanceOf(Array);
    expect(result.summary).toBe('The whole me');
  });

  it('turns a 500, an answer that is not the JSON, and a timeout into engine errors', async () => {
    answer = () => ({ status: 500, body: 'model crashed' });
    await expect(summarizer().summarize(lines, { language: 'en-US' })).rejects.toMatchObject({ code: 'engine_failed', params: { status: 500 } });
    answer = () => chat('I cannot summarise this.');
    await expect(summarizer().summarize(lines, { language: 'en-US' })).rejects.toMatchObject({ code: 'engine_failed' });
    answer = () => ({ ...chat(JSON.stringify(SHAPED)), delayMs: 400 });
    await expect(summarizer(100).summarize(lines, { language: 'en-US' })).rejects.toMatchObject({ code: 'engine_timeout' });
  });
});

describe('FallbackSummarizer', () => {
  const english: SummaryLine[] = [
    { speaker: 'Ann', text: 'The budget for the office move is approved.' },
    { speaker: 'Bob', text: 'The office move happens in March with the approved budget.' },
  ];

  it('answers the offline summary with the reason when the chat service fails', async () => {
    answer = () => ({ status: 503, body: 'overloaded' });
    const result = await new FallbackSummarizer(summarizer(), new OfflineSummarizer()).summarize(english, { language: 'en-US' });
    expect(result.engine).toBe('offline');
    expect(result.summary).toContain('budget');
    expect(result.fallbackReason).toContain('503');
  });

  it('passes a working service through and does not run offline after a cancel', async () => {
    answer = () => chat(JSON.stringify({ summary: 'Approved.', keyPoints: [] }));
    const fallback = new FallbackSummarizer(summarizer(), new OfflineSummarizer());
    expect(await fallback.summarize(english, { language: 'en-US' })).toMatchObject({ summary: 'Approved.', engine: 'llm' });
    answer = () => ({ ...chat('{}'), delayMs: 500 });
    const controller = new AbortController();
    const pending = fallback.summarize(english, { language: 'en-US', signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(EngineError);
  });
});
