// Search at scale on SQLite (bench/search.bench.ts: 100,000 records × 50 lines): three changes to the
// FTS5 index of 0009_search so that a page of results is read newest first and stops at the page.
//
// 1. The owner in the index. search_index gets an `owner` column holding hex(user_id) as a single
//    token; the query of a user who owns a small share of the records asks for it (owner : "…" AND
//    body : (…); record-search.ts), so FTS5 walks that user's rows only. Before, the index was shared
//    and the owner checked after it: a word common in other users' lines but absent from the
//    caller's was read in full (2.2 s for a word in half of 5,000,000 lines, searched by a user
//    without records).
//
// 2. A prefix index of 1 character beside 0009's 2 and 3: searching starts at the first character
//    typed, and "l"* merged every word starting with l (450 ms at 100,000 records); a lone Chinese
//    character (the bigrams it starts) is read the same way.
//
// 3. Every word the index holds (search_words), so a word prefix can be spelled out as an OR of
//    words. FTS5 answers a prefix query ("lolo"*) that no prefix index covers by merging the
//    doclists of every term it starts — with their positions — into one list in memory before the
//    first row comes out (300 ms for a word in half of the lines); the spelled-out OR is read
//    lazily, newest first (domain/records/search-expansion.ts). search_tokens is the same unicode61
//    tokenizer with the same options as search_index (FTS3's implementation of it;
//    search-words.test.ts checks that both cut and fold every character alike), and triggers add
//    the words of every name and line as they are written. Words are never removed: a word no
//    longer indexed only adds a term that matches nothing.
//
// PostgreSQL needs neither: its entries carry user_id beside the tsvector, and its prefix matches
// (to_tsquery ':*') are read from the GIN index.
import { sql, SqliteAdapter, type Kysely } from 'kysely';
import { SEARCH_TEXT_FUNCTION } from '../search-text';
import * as search0009 from './0009_search';

const fn = SEARCH_TEXT_FUNCTION;

/** The words of a name or line, as the search index's tokenizer cuts and folds them. */
const addWords = (column: string) => `insert or ignore into search_words (word) select token from search_tokens where input = ${fn}(${column});`;

/** (Re)indexes the entries `where` selects (over search_entries e), text and owner as they are now. */
const indexEntries = (where: string) => `
  insert into search_index (rowid, owner, body)
  select e.entry, hex(e.user_id), ${fn}(case when e.segment_id is null then r.show_name else s.text end)
  from search_entries e join records r on r.id = e.record_id left join record_segments s on s.id = e.segment_id
  where ${where} order by e.entry;`;

/** Takes the entries `where` selects out of the index (contentless_delete: by rowid alone). */
const unindexEntries = (where: string) => `delete from search_index where rowid in (select e.entry from search_entries e where ${where});`;

/** 0009's triggers that write search_index, replaced below; its delete triggers stay (they delete by rowid). */
const REPLACED = ['search_record_insert', 'search_record_rename', 'search_record_owner', 'search_segment_insert', 'search_segment_edit'];

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return;
  for (const name of REPLACED) await sql`drop trigger ${sql.raw(name)}`.execute(db);
  await sql`drop table search_index`.execute(db);
  await sql`create virtual table search_index using fts5(
    owner, body, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3'
  )`.execute(db);
  const trigger = (name: string, event: string, body: string) =>
    sql`create trigger ${sql.raw(name)} after ${sql.raw(event)} begin ${sql.raw(body)} end`.execute(db);
  await trigger(
    'search_record_insert',
    'insert on records',
    `insert into search_entries (user_id, record_id, segment_id) values (new.user_id, new.id, null);
     ${indexEntries('e.record_id = new.id and e.segment_id is null')}`,
  );
  await trigger(
    'search_record_rename',
    'update of show_name on records',
    `${unindexEntries('e.record_id = old.id and e.segment_id is null')} ${indexEntries('e.record_id = new.id and e.segment_id is null')}`,
  );
  // A new owner re-keys every entry of the record, name and lines.
  await trigger(
    'search_record_owner',
    'update of user_id on records',
    `${unindexEntries('e.record_id = old.id')}
     update search_entries set user_id = new.user_id where record_id = new.id;
     ${indexEntries('e.record_id = new.id')}`,
  );
  await trigger(
    'search_segment_insert',
    'insert on record_segments',
    `insert into search_entries (user_id, record_id, segment_id) select user_id, id, new.id from records where id = new.record_id;
     ${indexEntries('e.segment_id = new.id')}`,
  );
  await trigger('search_segment_edit', 'update of text on record_segments', `${unindexEntries('e.segment_id = old.id')} ${indexEntries('e.segment_id = new.id')}`);
  await sql.raw(indexEntries('1 = 1')).execute(db);

  await sql`create table search_words (word text primary key) without rowid`.execute(db);
  // The options must stay those of search_index's tokenize = 'unicode61 remove_diacritics 2'.
  await sql`create virtual table search_tokens using fts3tokenize('unicode61', 'remove_diacritics=2')`.execute(db);
  await trigger('search_words_record_insert', 'insert on records', addWords('new.show_name'));
  await trigger('search_words_record_rename', 'update of show_name on records', addWords('new.show_name'));
  await trigger('search_words_segment_insert', 'insert on record_segments', addWords('new.text'));
  await trigger('search_words_segment_edit', 'update of text on record_segments', addWords('new.text'));
  // Names and lines written before this migration.
  await sql`insert or ignore into search_words (word)
    select t.token from records r, search_tokens t where t.input = ${sql.raw(fn)}(r.show_name)`.execute(db);
  await sql`insert or ignore into search_words (word)
    select t.token from record_segments s, search_tokens t where t.input = ${sql.raw(fn)}(s.text)`.execute(db);
}

/** Back to 0009's index: everything it made is dropped and built again as it builds it. */
export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return;
  for (const name of ['record_insert', 'record_rename', 'segment_insert', 'segment_edit']) {
    await sql`drop trigger if exists ${sql.raw(`search_words_${name}`)}`.execute(db);
  }
  await sql`drop table if exists search_tokens`.execute(db);
  await sql`drop table if exists search_words`.execute(db);
  await search0009.down(db);
  await search0009.up(db);
}
