import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeService, type FakeService } from './fake-service';
import { OpenAiChatTranslator, parseJsonArrayAnswer } from './openai-chat-translator';

type ChatRequest = { model: string; temperature: number; messages: { role: string; content: string }[] };

let service: FakeService;
let nextContent: (texts: string[]) => string;

beforeAll(async () => {
  service = await startFakeService((request) => {
    const body = request.json<ChatRequest>();
    const texts = JSON.parse(body.messages[1]!.content) as string[];
    return { json: { id: 'chatcmpl-1', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: nextContent(texts) }, finish_reason: 'stop' }] } };
  });
});
afterAll(() => service.close());

describe('OpenAI-compatible chat translation adapter', () => {
  const translator = () => new OpenAiChatTranslator({ url: service.url, apiKey: 'sk-chat', model: 'qwen2.5' }, 5_000);

  it('sends the texts as a JSON array in a chat completion and reads the array back', async () => {
    nextContent = (texts) => '```json\n' + JSON.stringify(texts.map((t) => `EN:${t}`)) + '\n```';
    expect(await translator().translate(['你好', '开会'], { from: 'zh-CN', to: 'en-US' })).toEqual(['EN:你好', 'EN:开会']);
    const request = service.requests.at(-1)!;
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe('Bearer sk-chat');
    const body = request.json<ChatRequest>();
    expect(body.model).toBe('qwen2.5');
    expect(body.temperature).toBe(0);
    expect(body.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(body.messages[0]!.content).toContain('Simplified Chinese (zh-CN)');
    expect(body.messages[0]!.content).toContain('(en-US)');
    expect(JSON.parse(body.messages[1]!.content)).toEqual(['你好', '开会']);
  });

  it('puts the glossary of translation terms in the system prompt', async () => {
    nextContent = (texts) => JSON.stringify(texts);
    await translator().translate(['the budget'], { from: 'en-US', to: 'es-ES', glossary: [{ source: 'budget', target: 'presupuesto fijo' }] });
    const system = service.requests.at(-1)!.json<ChatRequest>().messages[0]!.content;
    expect(system).toContain('Translate these terms exactly as given');
    expect(system).toContain('{"budget":"presupuesto fijo"}');
    await translator().translate(['the budget'], { from: 'en-US', to: 'es-ES' });
    expect(service.requests.at(-1)!.json<ChatRequest>().messages[0]!.content).not.toContain('terms exactly');
  });

  it('refuses an answer that merges segments instead of inventing a split', async () => {
    nextContent = (texts) => JSON.stringify([texts.join(' ')]);
    await expect(translator().translate(['a', 'b'], { from: 'en-US', to: 'es-ES' })).rejects.toMatchObject({ code: 'engine_failed' });
    nextContent = () => 'Sure! Here is the translation: hola';
    await expect(translator().translate(['hello'], { from: 'en-US', to: 'es-ES' })).rejects.toMatchObject({ code: 'engine_failed' });
  });

  it('parses plain and fenced JSON only', () => {
    expect(parseJsonArrayAnswer('["a"]')).toEqual(['a']);
    expect(parseJsonArrayAnswer('```\n["a"]\n```')).toEqual(['a']);
    expect(() => parseJsonArrayAnswer('a, b')).toThrow();
  });
});
