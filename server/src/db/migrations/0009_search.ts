// Full-text search of record names and transcript lines (Issue 10 §9), in the database's own index:
// SQLite FTS5 (unicode61 tokenizer) on the embedded default, a GIN-indexed tsvector ('simple'
// configuration) on PostgreSQL. Chinese and Japanese runs are indexed as character bigrams by
// parley_search_text (db/search-text.ts) on both, so the same queries find the same rows.
//
// search_entries has one row per record name (segment_id null) and one per line, with the owner's
// user_id so the search never leaves the caller's rows. Triggers keep it in step with every writer
// (upload pipeline, transcript edits, renames, copies, deletes and their cascades), like
// record_counts (0003). The entry number grows with each write, so "newest first" is an index order.
import { sql, SqliteAdapter, type Kysely } from 'kysely';
import { CJK_CLASS, SEARCH_TEXT_FUNCTION } from '../search-text';

const fn = sql.raw(SEARCH_TEXT_FUNCTION);

export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) await upSqlite(db);
  else await upPostgres(db);
}

async function upSqlite(db: Kysely<unknown>): Promise<void> {
  await sql`create table search_entries (
    entry integer primary key,
    user_id text not null,
    record_id text not null,
    segment_id text
  )`.execute(db);
  await sql`create index search_entries_record on search_entries (record_id)`.execute(db);
  await sql`create unique index search_entries_segment on search_entries (segment_id)`.execute(db);
  // Contentless: the text stays in records/record_segments; the index keeps only tokens, and
  // contentless_delete lets triggers remove a row by its entry number. Prefix indexes of 2 and 3
  // characters: every word term is a prefix query (results while typing), and without them a short
  // prefix merges the doclists of every word it starts (48 ms → 0.2 ms in bench/search.bench.ts).
  await sql`create virtual table search_index using fts5(
    body, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
  )`.execute(db);

  const indexName = (row: 'new') => sql.raw(`
    insert into search_index (rowid, body)
    select entry, ${SEARCH_TEXT_FUNCTION}(${row}.show_name) from search_entries where record_id = ${row}.id and segment_id is null;`);
  const indexLine = (row: 'new') => sql.raw(`
    insert into search_index (rowid, body)
    select entry, ${SEARCH_TEXT_FUNCTION}(${row}.text) from search_entries where segment_id = ${row}.id;`);
  await sql`create trigger search_record_insert after insert on records begin
    insert into search_entries (user_id, record_id, segment_id) values (new.user_id, new.id, null);
    ${indexName('new')}
  end`.execute(db);
  await sql`create trigger search_record_rename after update of show_name on records begin
    delete from search_index where rowid in (select entry from search_entries where record_id = old.id and segment_id is null);
    ${indexName('new')}
  end`.execute(db);
  await sql`create trigger search_record_owner after update of user_id on records begin
    update search_entries set user_id = new.user_id where record_id = new.id;
  end`.execute(db);
  await sql`create trigger search_record_delete after delete on records begin
    delete from search_index where rowid in (select entry from search_entries where record_id = old.id);
    delete from search_entries where record_id = old.id;
  end`.execute(db);
  await sql`create trigger search_segment_insert after insert on record_segments begin
    insert into search_entries (user_id, record_id, segment_id) select user_id, id, new.id from records where id = new.record_id;
    ${indexLine('new')}
  end`.execute(db);
  await sql`create trigger search_segment_edit after update of text on record_segments begin
    delete from search_index where rowid in (select entry from search_entries where segment_id = old.id);
    ${indexLine('new')}
  end`.execute(db);
  await sql`create trigger search_segment_delete after delete on record_segments begin
    delete from search_index where rowid in (select entry from search_entries where segment_id = old.id);
    delete from search_entries where segment_id = old.id;
  end`.execute(db);

  // Rows written before this migration.
  await sql`insert into search_entries (user_id, record_id, segment_id) select user_id, id, null from records order by created_at`.execute(db);
  await sql`insert into search_entries (user_id, record_id, segment_id)
    select r.user_id, r.id, s.id from record_segments s join records r on r.id = s.record_id order by r.created_at, s.position`.execute(db);
  await sql`insert into search_index (rowid, body)
    select e.entry, ${fn}(coalesce(s.text, r.show_name)) from search_entries e
    join records r on r.id = e.record_id left join record_segments s on s.id = e.segment_id`.execute(db);
}

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`create table search_entries (
    entry bigint generated always as identity primary key,
    user_id text not null,
    record_id text not null,
    segment_id text,
    body tsvector not null
  )`.execute(db);
  await sql`create index search_entries_record on search_entries (record_id)`.execute(db);
  await sql`create unique index search_entries_segment on search_entries (segment_id)`.execute(db);
  await sql`create index search_entries_body on search_entries using gin (body)`.execute(db);
  // The same rule as searchText in db/search-text.ts: each run of CJK characters becomes its
  // overlapping bigrams, set apart by spaces; everything else is kept for the parser.
  await sql`
    create function ${fn}(source text) returns text language plpgsql immutable as $$
    declare
      result text := '';
      run text := '';
      ch text;
      i integer;
    begin
      if source is null then return ''; end if;
      for i in 1 .. char_length(source) + 1 loop
        ch := substr(source, i, 1);
        if ch <> '' and ch ~ ${sql.raw(`'[${CJK_CLASS.replace(/\\u([0-9a-f]{4})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)))}]'`)} then
          run := run || ch;
        else
          if run <> '' then
            result := result || ' ';
            if char_length(run) = 1 then
              result := result || run;
            else
              for j in 1 .. char_length(run) - 1 loop
                result := result || substr(run, j, 2) || case when j < char_length(run) - 1 then ' ' else '' end;
              end loop;
            end if;
            result := result || ' ';
            run := '';
          end if;
          result := result || ch;
        end if;
      end loop;
      return result;
    end $$`.execute(db);
  const vector = (column: string) => sql.raw(`to_tsvector('simple', ${SEARCH_TEXT_FUNCTION}(${column}))`);
  await sql`
    create function search_follow_records() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into search_entries (user_id, record_id, segment_id, body) values (new.user_id, new.id, null, ${vector('new.show_name')});
      elsif tg_op = 'UPDATE' then
        if new.show_name is distinct from old.show_name then
          update search_entries set body = ${vector('new.show_name')} where record_id = new.id and segment_id is null;
        end if;
        if new.user_id is distinct from old.user_id then
          update search_entries set user_id = new.user_id where record_id = new.id;
        end if;
      else
        delete from search_entries where record_id = old.id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create function search_follow_segments() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into search_entries (user_id, record_id, segment_id, body)
        select user_id, id, new.id, ${vector('new.text')} from records where id = new.record_id;
      elsif tg_op = 'UPDATE' then
        update search_entries set body = ${vector('new.text')} where segment_id = new.id;
      else
        delete from search_entries where segment_id = old.id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger search_records after insert or delete or update of show_name, user_id on records
    for each row execute function search_follow_records()`.execute(db);
  await sql`create trigger search_segments after insert or delete or update of text on record_segments
    for each row execute function search_follow_segments()`.execute(db);

  await sql`insert into search_entries (user_id, record_id, segment_id, body)
    select user_id, id, null, ${vector('show_name')} from records order by created_at`.execute(db);
  await sql`insert into search_entries (user_id, record_id, segment_id, body)
    select r.user_id, r.id, s.id, ${vector('s.text')} from record_segments s join records r on r.id = s.record_id
    order by r.created_at, s.position`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    for (const name of ['record_insert', 'record_rename', 'record_owner', 'record_delete', 'segment_insert', 'segment_edit', 'segment_delete']) {
      await sql`drop trigger if exists ${sql.raw(`search_${name}`)}`.execute(db);
    }
    await sql`drop table if exists search_index`.execute(db);
  } else {
    await sql`drop trigger if exists search_records on records`.execute(db);
    await sql`drop trigger if exists search_segments on record_segments`.execute(db);
    await sql`drop function if exists search_follow_records()`.execute(db);
    await sql`drop function if exists search_follow_segments()`.execute(db);
    await sql`drop function if exists ${fn}(text)`.execute(db);
  }
  await sql`drop table if exists search_entries`.execute(db);
}
