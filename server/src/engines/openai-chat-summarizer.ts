// Remote summaries through an OpenAI-compatible chat model (SUMMARY_URL). A 4-hour meeting fits no
// context window, so the transcript is summarised by map-reduce: each chunk (by estimated tokens) is
// summarised to the JSON shape, then the chunks' summaries are merged, in rounds when even they do not
// fit one request. One prompt per language (summarizer/llm-prompts.ts). Every request has the
// service's time limit; any failure is an EngineError, which the registry's FallbackSummarizer turns
// into an offline summary with a note.
import type { RemoteServiceConfig } from './config';
import { endpoint } from './config';
import { chatCompletion } from './http-client';
import { parseSummaryAnswer } from './summarizer/llm-answer';
import { chunkTexts, formatLine } from './summarizer/llm-chunks';
import { promptsFor } from './summarizer/llm-prompts';
import type { StructuredSummary, SummarizeOptions, SummaryLine, Summarizer } from './types';

export interface ChatSummaryLimits {
  /** Estimated tokens of transcript per request (leaves room for the prompt and the answer). */
  chunkTokens: number;
  /** Chunk requests in flight at once. */
  concurrency: number;
}

const DEFAULT_LIMITS: ChatSummaryLimits = { chunkTokens: 6000, concurrency: 3 };

async function mapLimited<T, R>(items: readonly T[], limit: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await run(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export class OpenAiChatSummarizer implements Summarizer {
  readonly id = 'openai-chat-summary';
  private readonly limits: ChatSummaryLimits;

  constructor(
    private readonly service: RemoteServiceConfig,
    private readonly timeoutMs: number,
    limits: Partial<ChatSummaryLimits> = {},
  ) {
    this.limits = { ...DEFAULT_LIMITS, ...limits };
  }

  private async ask(system: string, user: string, options: SummarizeOptions): Promise<StructuredSummary> {
    const answer = await chatCompletion(
      endpoint(this.service.url, 'chat/completions'),
      { model: this.service.model, system, user },
      { engine: this.id, apiKey: this.service.apiKey, timeoutMs: this.timeoutMs, signal: options.signal },
    );
    return parseSummaryAnswer(answer, this.id);
  }

  async summarize(lines: readonly SummaryLine[], options: SummarizeOptions): Promise<StructuredSummary> {
    const prompts = promptsFor(options.language);
    const bounds = [
      options.sentences !== undefined ? `summary: at most ${options.sentences} sentences` : null,
      options.maxChars !== undefined ? `summary: at most ${options.maxChars} characters` : null,
    ].filter(Boolean);
    const withBounds = (system: string) => (bounds.length ? `${system} (${bounds.join('; ')})` : system);
    const chunks = chunkTexts(lines.map(formatLine).filter(Boolean), this.limits.chunkTokens);
    let parts = await mapLimited(chunks, this.limits.concurrency, (chunk) => this.ask(chunks.length === 1 ? withBounds(prompts.map) : prompts.map, chunk, options));
    // Merge rounds: the parts' JSON, grouped to fit a request, until one summary is left.
    while (parts.length > 1) {
      const texts = parts.map((part) => JSON.stringify({ ...part, engine: undefined }));
      let groups = chunkTexts(texts, this.limits.chunkTokens);
      // Parts each larger than a chunk would never merge: take them two at a time, which always ends.
      if (groups.length >= parts.length) groups = texts.flatMap((text, i) => (i % 2 ? [] : [texts.slice(i, i + 2).join('\n')]));
      const last = groups.length === 1;
      parts = await mapLimited(groups, this.limits.concurrency, (group) => this.ask(last ? withBounds(prompts.reduce) : prompts.reduce, `[${group.split('\n').join(',')}]`, options));
    }
    const result = parts[0] ?? { summary: '', keyPoints: [], decisions: [], actionItems: [], keywords: [], engine: 'llm' as const };
    // Models overrun length limits; the contract's field has a maximum, so enforce it here.
    if (options.maxChars !== undefined && result.summary.length > options.maxChars) result.summary = [...result.summary].slice(0, options.maxChars).join('');
    return result;
  }
}
