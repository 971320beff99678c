// Centrality of sentences (LexRank with continuous weights, i.e. TextRank over TF-IDF cosine
// similarity): a sentence is central when many other sentences say something like it, which is what a
// meeting keeps coming back to. The graph is built through an inverted index, so only sentences that
// share a term are compared and a 4-hour meeting stays well under a second.
export type TermVector = Map<string, number>;

const DAMPING = 0.85;
const ITERATIONS = 40;
/** Below this cosine two sentences are not linked: chance overlaps of one common word are noise. */
const MIN_EDGE = 0.08;

export function inverseDocumentFrequency(termLists: readonly (readonly string[])[]): Map<string, number> {
  const df = new Map<string, number>();
  for (const terms of termLists) for (const term of new Set(terms)) df.set(term, (df.get(term) ?? 0) + 1);
  const n = termLists.length;
  const idf = new Map<string, number>();
  for (const [term, count] of df) idf.set(term, Math.log((n + 1) / (count + 0.5)));
  return idf;
}

/** Unit-length TF-IDF vector; an empty map when the sentence has no content term. */
export function termVector(terms: readonly string[], idf: ReadonlyMap<string, number>): TermVector {
  const vector: TermVector = new Map();
  for (const term of terms) vector.set(term, (vector.get(term) ?? 0) + (idf.get(term) ?? 0));
  let norm = 0;
  for (const weight of vector.values()) norm += weight * weight;
  norm = Math.sqrt(norm);
  if (norm > 0) for (const [term, weight] of vector) vector.set(term, weight / norm);
  return vector;
}

export function cosine(a: TermVector, b: TermVector): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [term, weight] of small) {
    const other = large.get(term);
    if (other !== undefined) dot += weight * other;
  }
  return dot;
}

/** PageRank over the similarity graph; scores sum to 1. */
export function lexRank(vectors: readonly TermVector[]): Float64Array {
  const n = vectors.length;
  const scores = new Float64Array(n).fill(n ? 1 / n : 0);
  if (n < 2) return scores;
  const postings = new Map<string, { sentence: number; weight: number }[]>();
  vectors.forEach((vector, sentence) => {
    for (const [term, weight] of vector) {
      let list = postings.get(term);
      if (!list) postings.set(term, (list = []));
      list.push({ sentence, weight });
    }
  });
  const edges: { to: number; weight: number }[][] = Array.from({ length: n }, () => []);
  const accumulator = new Float64Array(n);
  const touched: number[] = [];
  for (let i = 0; i < n; i++) {
    for (const [term, weight] of vectors[i]!) {
      for (const posting of postings.get(term)!) {
        if (posting.sentence <= i) continue;
        if (accumulator[posting.sentence] === 0) touched.push(posting.sentence);
        accumulator[posting.sentence] = accumulator[posting.sentence]! + weight * posting.weight;
      }
    }
    for (const j of touched) {
      const similarity = accumulator[j]!;
      accumulator[j] = 0;
      if (similarity < MIN_EDGE) continue;
      edges[i]!.push({ to: j, weight: similarity });
      edges[j]!.push({ to: i, weight: similarity });
    }
    touched.length = 0;
  }
  const outWeight = edges.map((list) => list.reduce((sum, edge) => sum + edge.weight, 0));
  let next = new Float64Array(n);
  let current = scores;
  for (let iteration = 0; iteration < ITERATIONS; iteration++) {
    next.fill((1 - DAMPING) / n);
    // A sentence linked to nothing spreads its score evenly (the random jump), so scores keep summing to 1.
    let dangling = 0;
    for (let i = 0; i < n; i++) {
      if (outWeight[i] === 0) {
        dangling += current[i]!;
        continue;
      }
      const share = (DAMPING * current[i]!) / outWeight[i]!;
      for (const edge of edges[i]!) next[edge.to] = next[edge.to]! + share * edge.weight;
    }
    if (dangling) for (let i = 0; i < n; i++) next[i] = next[i]! + (DAMPING * dangling) / n;
    [current, next] = [next, current];
  }
  return current;
}
