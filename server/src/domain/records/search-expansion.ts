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

/**
 * For each term: the indexed words it matches as a prefix, or null when FTS5 should take the
 * prefix itself (a CJK run of two or more characters is a phrase and never a prefix; a prefix the
 * index keeps; too many words; none at all, where the prefix query costs nothing either).
 */
export async function spelledOutPrefixes(db: Kysely<Database>, terms: SearchTerm[]): Promise<Array<string[] | null>> {
  const asked = terms.flatMap((term, i) => (term.kind === 'cjk' && [...term.text].length > 1 ? [] : [{ i, text: term.text }]));
  const found: string[][] = terms.map(() => []);
  if (asked.length > 0) {
    // One statement for every term (a query of two words paid two round trips through the driver).
    // Per term: the term cut and folded as the index does it (search_tokens has search_index's
    // tokenizer options), and the words it starts when it is one token the index keeps no prefix of.
    // length() counts characters, as the index's prefix lengths do. The token as scalar subqueries
    // (constants to the planner), so the words are read as a range of search_words' key, stopping at
    // the limit; as a join, SQLite scans every word instead.
    const perTerm = asked.map(
      ({ i, text }) => sql`select * from (
        with t as (select token from search_tokens where input = ${text})
        select ${i} as term, word from search_words
        where word >= (select token from t) and word < (select token from t) || ${AFTER_ALL}
          and (select count(*) from t) = 1 and length((select token from t)) not in (${sql.join([...INDEXED_PREFIXES])})
        order by word limit ${MAX_SPELLED_OUT + 1})`,
    );
    const words = await sql<{ term: number; word: string }>`${sql.join(perTerm, sql` union all `)}`.execute(db);
    for (const row of words.rows) found[Number(row.term)]!.push(row.word);
  }
  return found.map((words) => (words.length === 0 || words.length > MAX_SPELLED_OUT ? null : words));
}
