// Loading millions of lines for a benchmark (bench/search.bench.ts) with the per-row search
// triggers of 0009_search and 0012_search_owner_words set aside, then filling the index and the word list
// in a few statements. The fill makes the
// same writes the triggers would have made, in the same order, through the same registered
// parley_search_text function: search_entries gets one row per name and line numbered record by
// record (name first, then lines in insertion order, which is the order the triggers number them
// when each record is written followed by its lines, as the upload pipeline and the bench do), and
// search_index receives the same (rowid, owner, text) inserts in entry order, so it holds the same terms at
// the same rows and offsets (search-bulk-load.test.ts compares the two term by term). Only FTS5's
// segment layout differs, since it flushes pending terms when each statement ends: one statement
// writes a few large segments where the upload pipeline's statement per record writes many small
// ones that automerge folds together. Measured at 2,000 records × 50 lines: 8 segments in bulk, 9
// with one statement per record, so a search reads about as many segments either way. The word list
// (search_words) gets the tokens of the same names and lines through the same tokenizer table.
// SQLite only; the caller's connection must have registerSearchText (db/dialect.ts).
import type SQLite from 'better-sqlite3';
import { SEARCH_TEXT_FUNCTION } from '../db/search-text';

/** The triggers that index inserted rows (0009, 0012); the others (edit, rename, delete) stay in place. */
const INSERT_TRIGGERS = ['search_record_insert', 'search_segment_insert', 'search_words_record_insert', 'search_words_segment_insert'];

/**
 * Runs `load` in one transaction with the insert triggers dropped, indexes every record and line it
 * inserted, and puts the triggers back exactly as they were (their own stored SQL).
 */
export function loadWithSearchIndexDeferred(raw: SQLite.Database, load: () => void): void {
  const triggers = raw
    .prepare(`select name, sql from sqlite_master where type = 'trigger' and name in (${INSERT_TRIGGERS.map(() => '?').join(', ')})`)
    .all(...INSERT_TRIGGERS) as Array<{ name: string; sql: string }>;
  if (triggers.length !== INSERT_TRIGGERS.length) throw new Error('the search index triggers of 0012_search_owner_words are missing');
  const watermark = (table: string) => (raw.prepare(`select coalesce(max(rowid), 0) as n from ${table}`).get() as { n: number }).n;

  raw.transaction(() => {
    const records = watermark('records');
    const lines = watermark('record_segments');
    const entries = watermark('search_entries');
    for (const { name } of triggers) raw.exec(`drop trigger ${name}`);
    load();
    raw
      .prepare(
        `insert into search_entries (user_id, record_id, segment_id)
         select user_id, record_id, segment_id from (
           select r.user_id, r.id as record_id, null as segment_id, r.rowid as record_order, 0 as line_order
           from records r where r.rowid > ?
           union all
           select r.user_id, r.id, s.id, r.rowid, s.rowid
           from record_segments s join records r on r.id = s.record_id where s.rowid > ?
         ) order by record_order, line_order`,
      )
      .run(records, lines);
    raw
      .prepare(
        `insert into search_index (rowid, owner, body)
         select e.entry, hex(e.user_id), ${SEARCH_TEXT_FUNCTION}(case when e.segment_id is null then r.show_name else s.text end)
         from search_entries e join records r on r.id = e.record_id left join record_segments s on s.id = e.segment_id
         where e.entry > ? order by e.entry`,
      )
      .run(entries);
    // The words of the same names and lines, through the same tokenizer as the 0012 triggers.
    raw
      .prepare(`insert or ignore into search_words (word) select t.token from records r, search_tokens t
        where r.rowid > ? and t.input = ${SEARCH_TEXT_FUNCTION}(r.show_name)`)
      .run(records);
    raw
      .prepare(`insert or ignore into search_words (word) select t.token from record_segments s, search_tokens t
        where s.rowid > ? and t.input = ${SEARCH_TEXT_FUNCTION}(s.text)`)
      .run(lines);
    for (const { sql } of triggers) raw.exec(sql);
  })();
}
