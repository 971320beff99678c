// Maximal marginal relevance: take the most relevant sentence, then each next one by relevance minus
// its similarity to what is already taken, until the word budget is spent. Near-duplicates (the same
// point said twice) are never both taken, and no text is ever taken twice.
import { cosine, type TermVector } from './rank';
import type { SentenceUnit } from './sentences';

export interface Candidate {
  unit: SentenceUnit;
  vector: TermVector;
  relevance: number;
}

export interface SelectionLimits {
  budgetWords: number;
  maxSentences?: number;
  maxChars?: number;
  /** Already shown elsewhere (the summary, when choosing key points): nothing close to them is taken. */
  exclude?: readonly Candidate[];
  /** Above this cosine to a taken or excluded sentence a candidate is a repeat and skipped. */
  duplicateAbove: number;
  /** Weight of relevance against redundancy. */
  lambda: number;
  separator: string;
}

export const textKey = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

export function selectByMmr(candidates: readonly Candidate[], limits: SelectionLimits): Candidate[] {
  const taken: Candidate[] = [];
  const seen = new Set((limits.exclude ?? []).map((c) => textKey(c.unit.text)));
  // Each candidate's highest similarity to anything taken or excluded, updated as sentences are taken.
  const redundancy = new Map<Candidate, number>();
  for (const candidate of candidates) {
    redundancy.set(candidate, (limits.exclude ?? []).reduce((max, other) => Math.max(max, cosine(candidate.vector, other.vector)), 0));
  }
  const topRelevance = Math.max(1e-9, ...candidates.map((c) => c.relevance));
  let words = 0;
  let chars = 0;
  while (redundancy.size && taken.length < (limits.maxSentences ?? Infinity)) {
    let best: Candidate | null = null;
    let bestValue = -Infinity;
    for (const [candidate, similarity] of redundancy) {
      const addedChars = candidate.unit.text.length + (taken.length ? limits.separator.length : 0);
      const overWords = taken.length > 0 && words + candidate.unit.wordCount > limits.budgetWords;
      const overChars = limits.maxChars !== undefined && chars + addedChars > limits.maxChars;
      // A repeat, or a sentence that no longer fits (the budget only shrinks), is out for good.
      if (similarity > limits.duplicateAbove || overWords || overChars || seen.has(textKey(candidate.unit.text))) {
        redundancy.delete(candidate);
        continue;
      }
      const value = limits.lambda * (candidate.relevance / topRelevance) - (1 - limits.lambda) * similarity;
      if (value > bestValue) [best, bestValue] = [candidate, value];
    }
    if (!best) break;
    redundancy.delete(best);
    taken.push(best);
    seen.add(textKey(best.unit.text));
    words += best.unit.wordCount;
    chars += best.unit.text.length + (taken.length > 1 ? limits.separator.length : 0);
    for (const [candidate, similarity] of redundancy) redundancy.set(candidate, Math.max(similarity, cosine(candidate.vector, best.vector)));
    if (words >= limits.budgetWords * 0.97) break;
  }
  return taken.sort((a, b) => a.unit.index - b.unit.index);
}
