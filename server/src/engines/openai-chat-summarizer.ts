// Remote summaries through an OpenAI-compatible chat model (SUMMARY_URL): abstractive, in the
// language of the transcript, held to the same sentence/character bounds as the extractive one.
import type { RemoteServiceConfig } from './config';
import { endpoint } from './config';
import { chatCompletion } from './http-client';
import { languageName } from './languages';
import type { SummarizeOptions, Summarizer } from './types';

export class OpenAiChatSummarizer implements Summarizer {
  readonly id = 'openai-chat-summary';

  constructor(
    private readonly service: RemoteServiceConfig,
    private readonly timeoutMs: number,
  ) {}

  async summarize(text: string, options: SummarizeOptions): Promise<string> {
    const bounds = [
      options.sentences !== undefined ? `at most ${options.sentences} sentences` : null,
      options.maxChars !== undefined ? `at most ${options.maxChars} characters` : null,
    ].filter(Boolean);
    const answer = await chatCompletion(
      endpoint(this.service.url, 'chat/completions'),
      {
        model: this.service.model,
        system:
          `Summarise the transcript the user sends, in ${languageName(options.language)} (${options.language})` +
          (bounds.length ? `, in ${bounds.join(' and ')}` : '') +
          '. State only what the transcript says. Answer with the summary text only.',
        user: text,
      },
      { engine: this.id, apiKey: this.service.apiKey, timeoutMs: this.timeoutMs, signal: options.signal },
    );
    // Models overrun length limits; the contract's field has a maximum, so enforce it here.
    return options.maxChars !== undefined && answer.length > options.maxChars ? [...answer].slice(0, options.maxChars).join('') : answer;
  }
}
