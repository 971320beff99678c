// Remote translation through any OpenAI-compatible chat model (TRANSLATE_KIND=openai). Texts go as
// a JSON array and must come back as a JSON array of the same length: that keeps segment
// boundaries (timings stay attached to the right text) where free prose would merge them.
import { endpoint } from './config';
import { engineFailed } from './engine-errors';
import { chatCompletion } from './http-client';
import { languageName } from './languages';
import type { TranslateRequest } from './remote-translator';
import { RemoteTranslator } from './remote-translator';

/** Chat answers sometimes wrap JSON in a ```json fence; accept that, nothing looser. */
export function parseJsonArrayAnswer(content: string): unknown {
  const fenced = /^```(?:json)?\s*([\s\S]*?)\s*```$/.exec(content.trim());
  return JSON.parse(fenced ? fenced[1]! : content);
}

export class OpenAiChatTranslator extends RemoteTranslator {
  readonly id = 'openai-chat-translate';
  readonly takesGlossary = true;

  protected async translateBatch(texts: string[], pair: TranslateRequest): Promise<string[]> {
    const content = await chatCompletion(
      endpoint(this.service.url, 'chat/completions'),
      {
        model: this.service.model,
        system:
          `You translate transcript segments from ${languageName(pair.from)} (${pair.from}) to ${languageName(pair.to)} (${pair.to}). ` +
          'The user sends a JSON array of strings. Answer with only a JSON array of the same length whose item i is the translation of item i. ' +
          'Keep names and numbers; do not add, merge or drop items.' +
          glossaryInstruction(pair.glossary),
        user: JSON.stringify(texts),
      },
      { engine: this.id, apiKey: this.service.apiKey, timeoutMs: this.timeoutMs, signal: pair.signal },
    );
    let parsed: unknown;
    try {
      parsed = parseJsonArrayAnswer(content);
    } catch {
      throw engineFailed(this.id, 'answer is not a JSON array');
    }
    if (!Array.isArray(parsed) || parsed.length !== texts.length || !parsed.every((item) => typeof item === 'string')) {
      throw engineFailed(this.id, `expected a JSON array of ${texts.length} strings`);
    }
    return parsed as string[];
  }
}

/** The user's translation terms, which the model must use word for word (features §5 Vocabulary). */
export function glossaryInstruction(glossary: TranslateRequest['glossary']): string {
  if (!glossary?.length) return '';
  return ' Translate these terms exactly as given (JSON object, term: required translation): ' + JSON.stringify(Object.fromEntries(glossary.map((g) => [g.source, g.target]))) + '.';
}
