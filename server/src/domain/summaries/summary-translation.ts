// A summary asked in a language other than its transcript's: made in the transcript's language, then
// every text of it (summary, key points, decisions, action items, keywords) translated in one request
// by the registry's translator. Which translator exists is checked first, so a language no engine can
// translate is refused (translated 422) before anything is generated.
import { EngineError } from '../../engines/engine-errors';
import type { Engines } from '../../engines/registry';
import type { StructuredSummary, Translator } from '../../engines/types';
import { AppError } from '../../errors';

export function translatorForSummary(engines: Pick<Engines, 'translatorFor'>, from: string, to: string): Translator {
  try {
    return engines.translatorFor(from, to);
  } catch (error) {
    if (error instanceof EngineError) throw new AppError(422, 'transcripts:summaryLanguageUnavailable', { from, to });
    throw error;
  }
}

export async function translateSummary(summary: StructuredSummary, translator: Translator, from: string, to: string): Promise<StructuredSummary> {
  const texts = [summary.summary, ...summary.keyPoints, ...summary.decisions.map((d) => d.text), ...summary.actionItems.map((a) => a.text), ...summary.keywords];
  const out = await translator.translate(texts, { from, to });
  let at = 0;
  const take = () => out[at++] ?? '';
  return {
    ...summary,
    summary: take(),
    keyPoints: summary.keyPoints.map(take),
    decisions: summary.decisions.map((d) => ({ ...d, text: take() })),
    actionItems: summary.actionItems.map((a) => ({ ...a, text: take() })),
    keywords: summary.keywords.map(take),
  };
}
