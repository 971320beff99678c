// Every word the SQLite search index holds, so a word prefix can be answered from the index in
// recency order without FTS5 merging whole doclists (record-search.ts, search-expansion.ts).
//
// FTS5 answers a prefix query ("lolo"*) that no prefix index covers by merging the doclists of
// every term it starts — with their positions — into one list in memory before the first row comes
// out: 300 ms for a word in half of 5,000,000 lines (bench/search.bench.ts). An OR of the same terms
// spelled out ("lolo" OR "lolobe" OR …) is read lazily, newest first, and stops at the page. This
// table lists the terms: search_tokens is the same unicode61 tokenizer with the same options as
// search_index (FTS3's implementation of it; search-words.test.ts checks that both cut and fold
// every character alike), and triggers add the words of every name and line as they are written.
// Words are never removed: a word no longer indexed only adds a term that matches nothing.
//
// PostgreSQL needs none of this: its prefix matches (to_tsquery ':*') are read from the GIN index.
import { sql, SqliteAdapter, type Kysely } from 'kysely';
import { SEARCH_TEXT_FUNCTION } from '../search-text';

/** The words of a name or line, as the search index's tokenizer cuts and folds them. */
const addWords = (column: string) =>
  sql.raw(`insert or ignore into search_words (word) select token from search_tokens where input = ${SEARCH_TEXT_FUNCTION}(${column});`);

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return;
  await sql`create table search_words (word text primary key) without rowid`.execute(db);
  // The options must stay those of search_index's tokenize = 'unicode61 remove_diacritics 2' (0009).
  await sql`create virtual table search_tokens using fts3tokenize('unicode61', 'remove_diacritics=2')`.execute(db);
  await sql`create trigger search_words_record_insert after insert on records begin ${addWords('new.show_name')} end`.execute(db);
  await sql`create trigger search_words_record_rename after update of show_name on records begin ${addWords('new.show_name')} end`.execute(db);
  await sql`create trigger search_words_segment_insert after insert on record_segments begin ${addWords('new.text')} end`.execute(db);
  await sql`create trigger search_words_segment_edit after update of text on record_segments begin ${addWords('new.text')} end`.execute(db);
  // Names and lines written before this migration.
  await sql`insert or ignore into search_words (word)
    select t.token from records r, search_tokens t where t.input = ${sql.raw(SEARCH_TEXT_FUNCTION)}(r.show_name)`.execute(db);
  await sql`insert or ignore into search_words (word)
    select t.token from record_segments s, search_tokens t where t.input = ${sql.raw(SEARCH_TEXT_FUNCTION)}(s.text)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return;
  for (const name of ['record_insert', 'record_rename', 'segment_insert', 'segment_edit']) {
    await sql`drop trigger if exists ${sql.raw(`search_words_${name}`)}`.execute(db);
  }
  await sql`drop table if exists search_tokens`.execute(db);
  await sql`drop table if exists search_words`.execute(db);
}
