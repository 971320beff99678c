// Remote translation through LibreTranslate: POST {base}/translate with
// { q, source, target, format: 'text', api_key? }. q may be an array, answered by an array of
// translatedText in the same order, so a whole transcript is one request. Pairs are whatever the
// server has installed; an unsupported pair comes back as HTTP 400 and surfaces as engine_failed.
import { engineFailed } from './engine-errors';
import { postJson } from './http-client';
import { isChinese, isTraditionalChinese, primaryLanguage } from './languages';
import type { TranslateRequest } from './remote-translator';
import { RemoteTranslator } from './remote-translator';

/** LibreTranslate (argos) names Chinese scripts zh-Hans / zh-Hant, everything else by ISO-639-1. */
export function libreTranslateCode(tag: string): string {
  if (isChinese(tag)) return isTraditionalChinese(tag) ? 'zh-Hant' : 'zh-Hans';
  return primaryLanguage(tag);
}

export class LibreTranslateTranslator extends RemoteTranslator {
  readonly id = 'libretranslate';

  protected async translateBatch(texts: string[], pair: TranslateRequest): Promise<string[]> {
    const url = `${this.service.url.replace(/\/+$/, '')}/translate`;
    const body: Record<string, unknown> = {
      q: texts,
      source: libreTranslateCode(pair.from),
      target: libreTranslateCode(pair.to),
      format: 'text',
    };
    if (this.service.apiKey) body.api_key = this.service.apiKey;
    const answer = await postJson<{ translatedText?: string | string[] }>(url, body, {
      engine: this.id,
      // LibreTranslate takes the key in the body, not as a bearer header.
      apiKey: null,
      timeoutMs: this.timeoutMs,
      signal: pair.signal,
    });
    const translated = typeof answer.translatedText === 'string' ? [answer.translatedText] : answer.translatedText;
    if (!Array.isArray(translated) || translated.length !== texts.length) {
      throw engineFailed(this.id, `expected ${texts.length} translations, got ${Array.isArray(translated) ? translated.length : 'none'}`);
    }
    return translated.map(String);
  }
}
