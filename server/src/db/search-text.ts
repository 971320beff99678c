// The text the full-text index holds for a record name or transcript line. Neither SQLite's
// unicode61 tokenizer nor PostgreSQL's 'simple' parser splits Chinese or Japanese (a whole run of
// characters becomes one token), so each such run is indexed as overlapping character bigrams:
// "开会时间" → "开会 会时 时间". A query is cut the same way and matched as a phrase of bigrams,
// so any substring of two or more characters is found — two-character words are the common case in
// Chinese, which a trigram index cannot answer. Other text is left to the database's tokenizer.
// PostgreSQL runs the same rule as a plpgsql function (0009_search); a test compares the two.

/** Han (with extension A and compatibility ideographs), kana and Hangul: scripts written without spaces. */
export const CJK_CLASS = '\\u3040-\\u30ff\\u3400-\\u4dbf\\u4e00-\\u9fff\\uac00-\\ud7af\\uf900-\\ufaff';
const CJK_RUN = new RegExp(`[${CJK_CLASS}]+`, 'g');

/** Overlapping pairs of a run; a lone character stays itself. */
export function bigrams(run: string): string[] {
  const chars = [...run];
  if (chars.length < 2) return chars;
  return chars.slice(1).map((char, i) => chars[i] + char);
}

export function searchText(source: string | null | undefined): string {
  if (!source) return '';
  return source.replace(CJK_RUN, (run) => ` ${bigrams(run).join(' ')} `);
}

/** The name under which both databases know the rule (a registered SQLite function, a PostgreSQL function). */
export const SEARCH_TEXT_FUNCTION = 'parley_search_text';
