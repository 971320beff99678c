import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeService, type FakeService } from './fake-service';
import { OpenAiChatSummarizer } from './openai-chat-summarizer';

let service: FakeService;

beforeAll(async () => {
  service = await startFakeService(() => ({
    json: { choices: [{ index: 0, message: { role: 'assistant', content: '  预算已批准，三月搬迁。  ' } }] },
  }));
});
afterAll(() => service.close());

describe('OpenAI-compatible chat summary adapter', () => {
  it('asks for a summary in the transcript language within the bounds and trims the answer', async () => {
    const summarizer = new OpenAiChatSummarizer({ url: `${service.url}/v1`, apiKey: null, model: 'llama3' }, 5_000);
    expect(await summarizer.summarize('会议记录……', { language: 'zh-CN', sentences: 2, maxChars: 200 })).toBe('预算已批准，三月搬迁。');
    const request = service.requests.at(-1)!;
    expect(request.path).toBe('/v1/chat/completions');
    const body = request.json<{ model: string; messages: { role: string; content: string }[] }>();
    expect(body.model).toBe('llama3');
    expect(body.messages[0]!.content).toContain('Simplified Chinese (zh-CN)');
    expect(body.messages[0]!.content).toContain('at most 2 sentences and at most 200 characters');
    expect(body.messages[1]).toEqual({ role: 'user', content: '会议记录……' });
  });

  it('cuts an answer that overruns maxChars', async () => {
    const summarizer = new OpenAiChatSummarizer({ url: service.url, apiKey: null, model: 'llama3' }, 5_000);
    expect(await summarizer.summarize('text', { language: 'zh-CN', maxChars: 4 })).toBe('预算已批');
  });
});
