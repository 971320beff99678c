// The embedded summariser (no model, no network): extractive, so it never states what nobody said.
// Lines are cleaned and split into sentences; sentences are ranked by centrality (LexRank) with a
// small lift for the opening (where a meeting states its purpose) and for the speakers who lead it;
// MMR then fills a word budget that grows with the meeting, key points are the next best sentences
// unlike the summary's, and decisions/action items are the sentences that state them.
import { isChinese } from '../languages';
import type { StructuredSummary, SummarizeOptions, SummaryLine, Summarizer } from '../types';
import { statedItems } from './items';
import { keywordsOf } from './keywords';
import { inverseDocumentFrequency, lexRank, termVector } from './rank';
import { selectByMmr, type Candidate } from './select';
import { sentencesOf, type SentenceUnit } from './sentences';

export const EMPTY_SUMMARY: StructuredSummary = { summary: '', keyPoints: [], decisions: [], actionItems: [], keywords: [], engine: 'offline' };

/** About 100 words for a short meeting, growing with the square root of its length, at most 250. */
export function summaryBudgetWords(totalWords: number): number {
  const grown = Math.round(80 + Math.sqrt(totalWords));
  // A short transcript is summarised in well under half its words (its best sentence at least).
  return Math.min(250, grown, Math.max(20, Math.ceil(totalWords * 0.4)));
}

export function keyPointCount(totalWords: number): number {
  return Math.max(3, Math.min(7, Math.round(2 + totalWords / 2000)));
}

/**
 * The sentences worth ranking: those with at least 5 content terms when a meeting has enough of them
 * (on the bench, ranking only substantial sentences lifts ROUGE-1 from 0.30 to 0.31: backchannel and
 * half-sentences no longer pull centrality), else 3 (Chinese: 2), else any sentence with content.
 */
function rankingPool(units: readonly SentenceUnit[], language: string): SentenceUnit[] {
  const tiers = isChinese(language) ? [{ terms: 2, enough: 2 }] : [{ terms: 5, enough: 8 }, { terms: 3, enough: 2 }];
  for (const tier of tiers) {
    const pool = units.filter((u) => u.terms.length >= tier.terms);
    if (pool.length >= tier.enough) return pool;
  }
  return units.filter((u) => u.terms.length > 0);
}

function rankCandidates(units: readonly SentenceUnit[], language: string) {
  const idf = inverseDocumentFrequency(units.map((u) => u.terms));
  const pool = rankingPool(units, language);
  const vectors = pool.map((u) => termVector(u.terms, idf));
  const centrality = lexRank(vectors);
  const bySpeaker = new Map<string, number>();
  for (const u of units) if (u.speaker) bySpeaker.set(u.speaker, (bySpeaker.get(u.speaker) ?? 0) + u.wordCount);
  const topSpeakerWords = Math.max(1, ...bySpeaker.values());
  const opening = Math.max(1, Math.round(units.length * 0.08));
  // Tuned on the summary bench (QMSum): the opening lift, a lift for the speakers who talk most, and a
  // preference for sentences dense with content words of a full sentence's length.
  const candidates: Candidate[] = pool.map((unit, i) => {
    const position = unit.index < opening ? 1 + 0.6 * (1 - unit.index / opening) : 1;
    const speaker = unit.speaker ? 1 + 0.2 * ((bySpeaker.get(unit.speaker) ?? 0) / topSpeakerWords) : 1;
    // Very short sentences say little; very long ones (run-ons) cost more budget than they give.
    const length = Math.min(1, unit.terms.length / 10) * (unit.wordCount > 40 ? 40 / unit.wordCount : 1);
    const question = unit.question ? 0.6 : 1;
    const density = Math.sqrt(unit.terms.length / unit.wordCount);
    return { unit, vector: vectors[i]!, relevance: centrality[i]! * pool.length * position * speaker * length * question * density };
  });
  return { idf, candidates };
}

/** False when the lines hold nothing but fillers, non-speech tags and stop words. */
export function hasSummarizableContent(lines: readonly SummaryLine[], language: string): boolean {
  return sentencesOf(lines, language).some((u) => u.terms.length > 0);
}

export function summarizeOffline(lines: readonly SummaryLine[], options: SummarizeOptions): StructuredSummary {
  const { language } = options;
  const units = sentencesOf(lines, language);
  if (!units.some((u) => u.terms.length > 0)) return { ...EMPTY_SUMMARY };
  const totalWords = units.reduce((sum, u) => sum + u.wordCount, 0);
  const { idf, candidates } = rankCandidates(units, language);
  const separator = isChinese(language) ? '' : ' ';
  const summary = selectByMmr(candidates, {
    budgetWords: summaryBudgetWords(totalWords),
    maxSentences: options.sentences,
    maxChars: options.maxChars,
    // Two sentences sharing this much weighted vocabulary make one point; only one of them is kept.
    duplicateAbove: 0.4,
    lambda: 0.7,
    separator,
  });
  if (!summary.length && options.maxChars !== undefined && candidates.length) {
    // Even the best sentence is longer than the bound: cut it rather than answer nothing.
    const best = [...candidates].sort((a, b) => b.relevance - a.relevance)[0]!;
    summary.push({ ...best, unit: { ...best.unit, text: [...best.unit.text].slice(0, Math.max(1, options.maxChars - 1)).join('') + '…' } });
  }
  const keyPoints = selectByMmr(candidates, {
    budgetWords: Infinity,
    maxSentences: keyPointCount(totalWords),
    exclude: summary,
    duplicateAbove: 0.45,
    lambda: 0.6,
    separator,
  });
  // Decisions and action items may be short ("We ship on Friday."): every sentence with content is
  // looked at; those outside the ranking pool rank below every ranked one.
  const ranked = new Map(candidates.map((c) => [c.unit.index, c]));
  const floor = Math.min(...candidates.map((c) => c.relevance)) / 2;
  const items = statedItems(
    units.filter((u) => u.terms.length > 0).map((unit) => ranked.get(unit.index) ?? { unit, vector: new Map(), relevance: floor }),
    language,
  );
  return {
    summary: summary.map((c) => c.unit.text).join(separator),
    keyPoints: keyPoints.map((c) => c.unit.text),
    decisions: items.decisions,
    actionItems: items.actionItems,
    keywords: keywordsOf(units, idf, language),
    engine: 'offline',
  };
}

export class OfflineSummarizer implements Summarizer {
  readonly id = 'extractive';

  async summarize(lines: readonly SummaryLine[], options: SummarizeOptions): Promise<StructuredSummary> {
    return summarizeOffline(lines, options);
  }
}
