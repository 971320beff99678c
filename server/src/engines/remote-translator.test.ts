// The shared part of every remote translator: any pair offered, an empty batch sends nothing.
import { describe, expect, it } from 'vitest';
import { LibreTranslateTranslator } from './libretranslate-translator';
import { OpenAiChatTranslator } from './openai-chat-translator';
import type { TranslateRequest } from './remote-translator';
import { RemoteTranslator } from './remote-translator';

class CountingTranslator extends RemoteTranslator {
  readonly id = 'counting';
  batches: string[][] = [];
  protected async translateBatch(texts: string[], pair: TranslateRequest): Promise<string[]> {
    this.batches.push(texts);
    return texts.map((text) => `[${pair.to}] ${text}`);
  }
}

// Nothing listens on port 9: a request would fail, so an answer proves none was made.
const unreachable = { url: 'http://127.0.0.1:9', apiKey: null, model: 'unused' };

describe('remote translators', () => {
  it.each([
    ['libretranslate', new LibreTranslateTranslator(unreachable, 1_000)],
    ['openai-chat-translate', new OpenAiChatTranslator(unreachable, 1_000)],
  ])('%s offers every pair and answers an empty batch without a request', async (id, translator) => {
    expect(translator.id).toBe(id);
    expect(translator.pairs()).toEqual([{ from: '*', to: '*' }]);
    await expect(translator.translate([], { from: 'en-US', to: 'es-ES' })).resolves.toEqual([]);
  });

  it('hands a non-empty batch over whole, once', async () => {
    const translator = new CountingTranslator(unreachable, 1_000);
    expect(await translator.translate([], { from: 'en-US', to: 'de-DE' })).toEqual([]);
    expect(await translator.translate(['a', 'b'], { from: 'en-US', to: 'de-DE' })).toEqual(['[de-DE] a', '[de-DE] b']);
    expect(translator.batches).toEqual([['a', 'b']]);
  });
});
