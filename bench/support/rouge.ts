// ROUGE-N and ROUGE-L F1 (Lin 2004) as the usual evaluation scripts compute them: lower-cased
// alphanumeric tokens, no stemming, no stop-word removal, one reference. Small enough to read; a
// package would add a dependency for forty lines.
export interface RougeScores {
  rouge1: number;
  rouge2: number;
  rougeL: number;
}

export const rougeTokens = (text: string) => text.toLowerCase().match(/[a-z0-9]+/g) ?? [];

function ngramCounts(tokens: readonly string[], n: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i + n <= tokens.length; i++) {
    const gram = tokens.slice(i, i + n).join(' ');
    counts.set(gram, (counts.get(gram) ?? 0) + 1);
  }
  return counts;
}

const f1 = (overlap: number, candidateTotal: number, referenceTotal: number) => {
  if (!overlap || !candidateTotal || !referenceTotal) return 0;
  const precision = overlap / candidateTotal;
  const recall = overlap / referenceTotal;
  return (2 * precision * recall) / (precision + recall);
};

function rougeN(candidate: readonly string[], reference: readonly string[], n: number): number {
  const c = ngramCounts(candidate, n);
  const r = ngramCounts(reference, n);
  let overlap = 0;
  for (const [gram, count] of c) overlap += Math.min(count, r.get(gram) ?? 0);
  return f1(overlap, Math.max(0, candidate.length - n + 1), Math.max(0, reference.length - n + 1));
}

function longestCommonSubsequence(a: readonly string[], b: readonly string[]): number {
  let previous = new Uint32Array(b.length + 1);
  let current = new Uint32Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) current[j] = a[i - 1] === b[j - 1] ? previous[j - 1]! + 1 : Math.max(previous[j]!, current[j - 1]!);
    [previous, current] = [current, previous];
  }
  return previous[b.length]!;
}

export function rouge(candidateText: string, referenceText: string): RougeScores {
  const candidate = rougeTokens(candidateText);
  const reference = rougeTokens(referenceText);
  return {
    rouge1: rougeN(candidate, reference, 1),
    rouge2: rougeN(candidate, reference, 2),
    rougeL: f1(longestCommonSubsequence(candidate, reference), candidate.length, reference.length),
  };
}
