// The remote summariser with the offline one behind it: when the chat service fails (HTTP error,
// timeout, an answer that is not the JSON asked for), the user still gets a summary, made offline,
// and the result says why (the service turns it into a translated note). A cancelled request is not a
// failure and is not retried offline.
import { EngineError } from '../engine-errors';
import type { StructuredSummary, SummarizeOptions, SummaryLine, Summarizer } from '../types';

export class FallbackSummarizer implements Summarizer {
  readonly id: string;

  constructor(
    private readonly primary: Summarizer,
    private readonly fallback: Summarizer,
    private readonly log?: (message: string) => void,
  ) {
    this.id = primary.id;
  }

  async summarize(lines: readonly SummaryLine[], options: SummarizeOptions): Promise<StructuredSummary> {
    try {
      return await this.primary.summarize(lines, options);
    } catch (error) {
      if (options.signal?.aborted || (error instanceof EngineError && error.code === 'aborted')) throw error;
      const reason = error instanceof EngineError ? `${error.key} ${JSON.stringify(error.params)}` : String(error);
      this.log?.(`summary service failed, offline summary used: ${reason}`);
      return { ...(await this.fallback.summarize(lines, options)), fallbackReason: reason };
    }
  }
}
