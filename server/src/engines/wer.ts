// Word error rate = (substitutions + deletions + insertions) / reference words, from a word-level
// Levenshtein alignment. Text is normalised first (case, punctuation, pronunciation-variant marks)
// because recognisers differ in formatting, which is not what the benchmark measures. For Chinese,
// which has no spaces, pass unit 'char' to get the character error rate the field uses instead.

export interface ErrorRate {
  rate: number;
  substitutions: number;
  deletions: number;
  insertions: number;
  referenceLength: number;
}

export function tokenize(text: string, unit: 'word' | 'char' = 'word'): string[] {
  const normalised = text
    .toLowerCase()
    .normalize('NFKC')
    .replace(/\(\d+\)/g, '')
    .replace(/[^\p{L}\p{N}'\s]+/gu, ' ')
    .replace(/(^|\s)'+|'+(?=\s|$)/g, ' ');
  if (unit === 'char') return [...normalised.replace(/\s+/g, '')];
  return normalised.split(/\s+/).filter(Boolean);
}

export function wordErrorRate(reference: string, hypothesis: string, unit: 'word' | 'char' = 'word'): ErrorRate {
  const ref = tokenize(reference, unit);
  const hyp = tokenize(hypothesis, unit);
  // cost[i][j]: edits turning ref[0..i) into hyp[0..j); keep the counts of each edit kind with it.
  type Cell = { cost: number; s: number; d: number; i: number };
  let previous: Cell[] = hyp.map((_, j) => ({ cost: j + 1, s: 0, d: 0, i: j + 1 }));
  previous.unshift({ cost: 0, s: 0, d: 0, i: 0 });
  for (let i = 1; i <= ref.length; i++) {
    const row: Cell[] = [{ cost: i, s: 0, d: i, i: 0 }];
    for (let j = 1; j <= hyp.length; j++) {
      const diagonal = previous[j - 1]!;
      const same = ref[i - 1] === hyp[j - 1];
      const options: Cell[] = [
        { ...diagonal, cost: diagonal.cost + (same ? 0 : 1), s: diagonal.s + (same ? 0 : 1) },
        { ...previous[j]!, cost: previous[j]!.cost + 1, d: previous[j]!.d + 1 },
        { ...row[j - 1]!, cost: row[j - 1]!.cost + 1, i: row[j - 1]!.i + 1 },
      ];
      // Ties prefer substitution, then deletion: a stable, conventional alignment.
      row.push(options.reduce((best, option) => (option.cost < best.cost ? option : best)));
    }
    previous = row;
  }
  const last = previous[hyp.length]!;
  return {
    rate: ref.length === 0 ? (hyp.length === 0 ? 0 : 1) : last.cost / ref.length,
    substitutions: last.s,
    deletions: last.d,
    insertions: last.i,
    referenceLength: ref.length,
  };
}
