// Chinese through the remote translators, each against a local server speaking its protocol with a
// small dictionary: zh-CN ↔ en-US both ways, and zh-TW output in Taiwan script and usage (OpenCC's
// Taiwan set with phrases: 软件 → 軟體, 打开 → 開啟) even when the service answers simplified characters or mainland terms.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEngineConfig } from './config';
import { startFakeService, type FakeService } from './fake-service';
import { LibreTranslateTranslator } from './libretranslate-translator';
import { OpenAiChatTranslator } from './openai-chat-translator';
import { createEngines } from './registry';
import { inTargetScript, toTaiwanScript, warmTaiwanScript } from './taiwan-script';

/** What the fake engines "know"; the zh side is simplified, as many engines answer even for zh-Hant. */
const DICTIONARY: Array<[string, string]> = [
  ['会议现在开始', 'The meeting starts now'],
  ['请打开视频和软件', 'Please open the video and the software'],
];
const toEnglish = (zh: string) => DICTIONARY.find(([z]) => z === zh)?.[1] ?? `?${zh}`;
const toChinese = (en: string) => DICTIONARY.find(([, e]) => e === en)?.[0] ?? `?${en}`;

let libre: FakeService;
let chat: FakeService;

beforeAll(async () => {
  // OpenCC's dictionaries load for seconds of CPU; loaded mid-test they stall the fake server's keep-alive socket.
  warmTaiwanScript();
  libre = await startFakeService((request) => {
    const body = request.json<{ q: string[]; source: string; target: string }>();
    if (!['zh-Hans', 'zh-Hant', 'en'].includes(body.source) || !['zh-Hans', 'zh-Hant', 'en'].includes(body.target)) return { status: 400, json: { error: 'pair not installed' } };
    return { json: { translatedText: body.q.map((q) => (body.target === 'en' ? toEnglish(q) : toChinese(q))) } };
  });
  chat = await startFakeService((request) => {
    const body = request.json<{ messages: { content: string }[] }>();
    const intoChinese = body.messages[0]!.content.includes('to Simplified Chinese') || body.messages[0]!.content.includes('to Traditional Chinese');
    const texts = JSON.parse(body.messages[1]!.content) as string[];
    const content = JSON.stringify(texts.map((text) => (intoChinese ? toChinese(text) : toEnglish(text))));
    return { json: { choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] } };
  });
});
afterAll(async () => {
  await libre.close();
  await chat.close();
});

const translators = () => [
  new LibreTranslateTranslator({ url: libre.url, apiKey: null, model: '' }, 5_000),
  new OpenAiChatTranslator({ url: chat.url, apiKey: null, model: 'qwen2.5' }, 5_000),
];

describe('Chinese through the remote translators', () => {
  it('zh-CN → en-US and en-US → zh-CN', async () => {
    for (const translator of translators()) {
      expect(await translator.translate(['会议现在开始'], { from: 'zh-CN', to: 'en-US' }), translator.id).toEqual(['The meeting starts now']);
      expect(await translator.translate(['Please open the video and the software'], { from: 'en-US', to: 'zh-CN' }), translator.id).toEqual(['请打开视频和软件']);
    }
  });

  it('en-US → zh-TW comes out in Taiwan script and terms (軟體), not just converted characters', async () => {
    for (const translator of translators()) {
      const [text] = await translator.translate(['Please open the video and the software'], { from: 'en-US', to: 'zh-TW' });
      expect(text, translator.id).toBe(toTaiwanScript('请打开视频和软件'));
      expect(text, translator.id).toContain('軟體');
      expect(text, translator.id).not.toMatch(/[视软]/);
    }
    expect(libre.requests.at(-1)!.json()).toMatchObject({ target: 'zh-Hant' });
    expect(chat.requests.at(-1)!.json<{ messages: { content: string }[] }>().messages[0]!.content).toContain('Traditional Chinese (zh-TW)');
  });

  it('leaves text already in Taiwan usage unchanged and never touches zh-CN output', () => {
    const taiwan = toTaiwanScript('请打开视频和软件');
    expect(toTaiwanScript(taiwan)).toBe(taiwan);
    expect(inTargetScript(['请打开视频和软件'], 'zh-CN')).toEqual(['请打开视频和软件']);
    expect(inTargetScript(['请打开视频和软件'], 'zh-TW')).toEqual([taiwan]);
  });

  it('a pair routed to each engine answers through the registry', async () => {
    const engines = createEngines(loadEngineConfig({ TRANSLATE_URL_ZH_TO_EN: libre.url, TRANSLATE_URL_TO_ZH: chat.url, TRANSLATE_KIND_TO_ZH: 'openai' }));
    expect(await engines.translatorFor('zh-CN', 'en-US').translate(['会议现在开始'], { from: 'zh-CN', to: 'en-US' })).toEqual(['The meeting starts now']);
    expect(engines.translatorFor('en-US', 'zh-TW').id).toBe('openai-chat-translate');
    expect(await engines.translatorFor('en-US', 'zh-TW').translate(['The meeting starts now'], { from: 'en-US', to: 'zh-TW' })).toEqual(['會議現在開始']);
  });
});
