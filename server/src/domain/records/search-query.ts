// What the search box text means, for both databases and for highlighting. The text is cut into
// terms: a word of letters or digits matches indexed words that start with it (so results appear
// while a word is still being typed), and a run of CJK characters matches as a phrase of its
// bigrams, i.e. anywhere as a substring (db/search-text.ts explains the bigrams). Every term must
// match. Punctuation and operators are dropped, so no input can change the query's syntax.
import { bigrams, CJK_CLASS } from '../../db/search-text';

export type SearchTerm = { kind: 'word'; text: string } | { kind: 'cjk'; text: string };

const TERM = new RegExp(`([${CJK_CLASS}]+)|((?:(?![${CJK_CLASS}])[\\p{L}\\p{N}])+)`, 'gu');
/** Enough for any real query; keeps one request from asking the index for hundreds of phrases. */
const MAX_TERMS = 8;

export function searchTerms(query: string): SearchTerm[] {
  const terms: SearchTerm[] = [];
  for (const match of query.normalize('NFC').toLowerCase().matchAll(TERM)) {
    terms.push(match[1] ? { kind: 'cjk', text: match[1] } : { kind: 'word', text: match[2]! });
    if (terms.length === MAX_TERMS) break;
  }
  return terms;
}

const quoted = (text: string) => `"${text.replaceAll('"', '""')}"`;

/**
 * FTS5 query: "word"* for words, "b1 b2 …" for CJK runs (a lone character: the bigrams it starts).
 * `spelledOut[i]`, when given, lists the indexed words term i stands for as a prefix (search-expansion.ts):
 * ("w1" OR "w2" …) matches the same rows as the prefix query, but FTS5 reads it lazily.
 */
export function fts5Query(terms: SearchTerm[], spelledOut: Array<string[] | null> = []): string {
  return terms
    .map((term, i) => {
      const words = spelledOut[i];
      if (words?.length) return words.length === 1 ? quoted(words[0]!) : `(${words.map(quoted).join(' OR ')})`;
      if (term.kind === 'word') return `"${term.text}"*`;
      // A lone character can only be matched as the start of an indexed bigram.
      return [...term.text].length === 1 ? `"${term.text}"*` : `"${bigrams(term.text).join(' ')}"`;
    })
    .join(' AND ');
}

/**
 * The FTS5 query of one user's rows: the owner column holds hex(user_id) as one token
 * (0012_search_owner_words), so FTS5 walks only that user's rows; the terms must match in the body.
 */
export function fts5OwnQuery(userId: string, termsQuery: string): string {
  return `owner : "${Buffer.from(userId, 'utf8').toString('hex')}" AND body : (${termsQuery})`;
}

/** PostgreSQL to_tsquery('simple', …) text with the same meaning. */
export function tsQuery(terms: SearchTerm[]): string {
  return terms
    .map((term) => {
      if (term.kind === 'word') return `'${term.text}':*`;
      return [...term.text].length === 1 ? `'${term.text}':*` : `(${bigrams(term.text).map((gram) => `'${gram}'`).join(' <-> ')})`;
    })
    .join(' & ');
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const CJK_CHAR = new RegExp(`[${CJK_CLASS}]`);

/**
 * Where the terms occur in a matched line or name, as [start, end) UTF-16 offsets, sorted and
 * merged: a word term where an indexed word starts with it, a CJK term anywhere.
 */
export function highlightRanges(text: string, terms: SearchTerm[]): Array<[number, number]> {
  const lower = text.toLowerCase();
  const ranges: Array<[number, number]> = [];
  // toLowerCase keeps UTF-16 length for the scripts searched here; where it would not, offsets
  // could drift, so such text gets no marks rather than wrong ones.
  if (lower.length !== text.length) return ranges;
  for (const term of terms) {
    for (let at = lower.indexOf(term.text); at !== -1; at = lower.indexOf(term.text, at + 1)) {
      const before = at === 0 ? '' : lower[at - 1]!;
      // The index cuts words at CJK characters too (search-text.ts puts spaces around each run).
      const wordStart = before === '' || !LETTER_OR_DIGIT.test(before) || CJK_CHAR.test(before);
      if (term.kind === 'cjk' || wordStart) ranges.push([at, at + term.text.length]);
    }
  }
  ranges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: Array<[number, number]> = [];
  for (const range of ranges) {
    const last = merged[merged.length - 1];
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([...range]);
  }
  return merged;
}
