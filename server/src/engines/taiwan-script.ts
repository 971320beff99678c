// Text a remote engine writes for zh-TW (zh-HK, zh-Hant) goes through OpenCC's Taiwan set with
// phrases (cn → twp): services often answer simplified characters or mainland terms (软件, 视频)
// even when asked for Traditional Chinese, and readers in Taiwan expect 軟體, 影片. Text already in
// Taiwan usage comes out unchanged, so converting every answer is safe.
import * as OpenCC from 'opencc-js';
import { isTraditionalChinese } from './languages';

let convert: ((text: string) => string) | null = null;

/**
 * Loads OpenCC's dictionaries: a synchronous second or more of CPU (several under load), so a meeting
 * that will translate into zh-TW loads them when it starts (registry prepareTranslation), not in
 * the middle of its first final.
 */
export function warmTaiwanScript(): void {
  convert ??= OpenCC.Converter({ from: 'cn', to: 'twp' });
}

export function toTaiwanScript(text: string): string {
  warmTaiwanScript();
  return convert!(text);
}

/** The translations as zh-TW readers expect them when the target is Traditional Chinese. */
export function inTargetScript(texts: string[], to: string): string[] {
  return isTraditionalChinese(to) ? texts.map(toTaiwanScript) : texts;
}
