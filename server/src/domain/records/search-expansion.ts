// SQLite only: the words of the index that each word prefix of a query stands for, read from
// search_words (0012_search_owner_words), so FTS5 reads them as an OR of terms, lazily and newest first,
// instead of merging every doclist the prefix starts before the first row (300 ms → 3 ms for a word
// in half of 5,000,000 lines; bench/search.bench.ts).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { SearchTerm } from './search-query';

/** Beyond this many words FTS5 merges the prefix itself: the OR would read as many doclists anyway. */
export const MAX_SPELLED_OUT = 32;

/**
 * Prefix lengths (in characters) the index keeps a doclist of (0012_search_owner_words: prefix =
 * '1 2 3'): FTS5 reads those as one term, lazily, so spelling them out would only add work.
 */
const INDEXED_PREFIXES = new Set([1, 2, 3]);

/** Highest code point: every word that starts with a prefix sorts below prefix + this. */
const AFTER_ALL = String.fromCodePoint(0x10ffff);

/** Texts whose tokens are kept: a search box's words recur, and cutting them is the same each time. */
const TOKENS_KEPT = 10_000;
const singleTokens = new Map<string, string | null>();

/**
 * Each text cut and folded as the index does it (search_tokens has search_index's tokenizer
 * options): its one token, or null when it is cut into none or several. One statement for the
 * texts not cut before.
 */
async function singleTokenOf(db: Kysely<Database>, texts: string[]): Promise<Array<string | null>> {
  const unknown = [...new Set(texts.filter((text) => !singleTokens.has(text)))];
  if (unknown.length > 0) {
    const tokens = await sql<{ term: number; token: string }>`${sql.join(
      unknown.map((text, i) => sql`select ${i} as term, token from search_tokens where input = ${text}`),
      sql` union all `,
    )}`.execute(db);
    const cut: string[][] = unknown.map(() => []);
    for (const row of tokens.rows) cut[Number(row.term)]!.push(row.token);
    if (singleTokens.size + unknown.length > TOKENS_KEPT) singleTokens.clear();
    unknown.forEach((text, i) => singleTokens.set(text, cut[i]!.length === 1 ? cut[i]![0]! : null));
  }
  return texts.map((text) => singleTokens.get(text) ?? null);
}

/**
 * For each term: the indexed words it matches as a prefix, or null when FTS5 should take the
 * prefix itself (a CJK run of two or more characters is a phrase and never a prefix; a prefix the
 * index keeps; too many words; none at all, where the prefix query costs nothing either).
 */
export async function spelledOutPrefixes(db: Kysely<Database>, terms: SearchTerm[]): Promise<Array<string[] | null>> {
  const candidates = terms.flatMap((term, i) => (term.kind === 'cjk' && [...term.text].length > 1 ? [] : [{ i, text: term.text }]));
  const tokens = await singleTokenOf(db, candidates.map((c) => c.text));
  // A term is spelled out when it is one token whose length (in characters, as the index's prefix
  // lengths count) is not a prefix the index keeps.
  const asked = candidates.flatMap(({ i }, n) => {
    const token = tokens[n];
    return token && !INDEXED_PREFIXES.has([...token].length) ? [{ i, token }] : [];
  });
  const found: string[][] = terms.map(() => []);
  if (asked.length > 0) {
    // One statement for every term (a query of two words paid two round trips through the driver):
    // per term, the words it starts, read as a range of search_words' key and stopping at the limit.
    const perTerm = asked.map(
      ({ i, token }) => sql`select * from (select ${i} as term, word from search_words
        where word >= ${token} and word < ${token + AFTER_ALL} order by word limit ${MAX_SPELLED_OUT + 1})`,
    );
    const words = await sql<{ term: number; word: string }>`${sql.join(perTerm, sql` union all `)}`.execute(db);
    for (const row of words.rows) found[Number(row.term)]!.push(row.word);
  }
  return found.map((words) => (words.length === 0 || words.length > MAX_SPELLED_OUT ? null : words));
}
