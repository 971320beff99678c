// Record totals per user and folder, kept by triggers so every writer (handlers, the upload
// pipeline, cascades) keeps them right. The list answers its total from here instead of counting
// 100,000 index entries per page (see bench/record-list.bench.ts); filters that cannot be served
// from these totals still count.
import { sql, SqliteAdapter, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('record_counts')
    .addColumn('user_id', 'text', (c) => c.notNull())
    // '' is the default folder (records.folder_id null), so the key can be part of the primary key.
    .addColumn('folder_key', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('favorites', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('record_counts_pk', ['user_id', 'folder_key'])
    .execute();

  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    const add = (row: 'new') => sql.raw(`
      insert into record_counts (user_id, folder_key, total, favorites)
      values (${row}.user_id, coalesce(${row}.folder_id, ''), 1, ${row}.favorite)
      on conflict (user_id, folder_key) do update set total = total + 1, favorites = favorites + excluded.favorites;`);
    const take = (row: 'old') => sql.raw(`
      update record_counts set total = total - 1, favorites = favorites - ${row}.favorite
      where user_id = ${row}.user_id and folder_key = coalesce(${row}.folder_id, '');`);
    await sql`create trigger record_counts_insert after insert on records begin ${add('new')} end`.execute(db);
    await sql`create trigger record_counts_delete after delete on records begin ${take('old')} end`.execute(db);
    await sql`create trigger record_counts_update after update of user_id, folder_id, favorite on records begin ${take('old')} ${add('new')} end`.execute(db);
  } else {
    await sql`
      create function record_counts_follow() returns trigger language plpgsql as $$
      begin
        if tg_op in ('DELETE', 'UPDATE') then
          update record_counts set total = total - 1, favorites = favorites - old.favorite
          where user_id = old.user_id and folder_key = coalesce(old.folder_id, '');
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          insert into record_counts (user_id, folder_key, total, favorites)
          values (new.user_id, coalesce(new.folder_id, ''), 1, new.favorite)
          on conflict (user_id, folder_key) do update
          set total = record_counts.total + 1, favorites = record_counts.favorites + excluded.favorites;
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger record_counts_insert_delete after insert or delete on records
      for each row execute function record_counts_follow()`.execute(db);
    await sql`create trigger record_counts_update after update of user_id, folder_id, favorite on records
      for each row execute function record_counts_follow()`.execute(db);
  }

  await sql`
    insert into record_counts (user_id, folder_key, total, favorites)
    select user_id, coalesce(folder_id, ''), count(*), coalesce(sum(favorite), 0) from records group by user_id, coalesce(folder_id, '')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    for (const name of ['record_counts_insert', 'record_counts_delete', 'record_counts_update']) {
      await sql`drop trigger if exists ${sql.raw(name)}`.execute(db);
    }
  } else {
    await sql`drop trigger if exists record_counts_insert_delete on records`.execute(db);
    await sql`drop trigger if exists record_counts_update on records`.execute(db);
    await sql`drop function if exists record_counts_follow()`.execute(db);
  }
  await db.schema.dropTable('record_counts').execute();
}
