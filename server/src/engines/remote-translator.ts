// What remote translation services share: the service, not Parley, decides which pairs exist (an
// unsupported one fails at call time), an empty batch costs no request, and zh-TW output is put in
// Taiwan script and usage (taiwan-script.ts).
import type { RemoteServiceConfig } from './config';
import { inTargetScript } from './taiwan-script';
import type { LanguagePair, TranslateRequest, Translator } from './types';

export type { TranslateRequest };

export abstract class RemoteTranslator implements Translator {
  abstract readonly id: string;

  constructor(
    protected readonly service: RemoteServiceConfig,
    protected readonly timeoutMs: number,
  ) {}

  pairs(): LanguagePair[] {
    return [{ from: '*', to: '*' }];
  }

  async translate(texts: string[], pair: TranslateRequest): Promise<string[]> {
    if (texts.length === 0) return [];
    return inTargetScript(await this.translateBatch(texts, pair), pair.to);
  }

  /** One request for a non-empty batch; answers one translation per text, in order. */
  protected abstract translateBatch(texts: string[], pair: TranslateRequest): Promise<string[]>;
}
