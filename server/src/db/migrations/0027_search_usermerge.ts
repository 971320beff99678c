// SQLite's search index (0009, 0012) is merged in idle time by domain/records/search-index-upkeep.ts.
// FTS5's 'merge' command only merges a level once `usermerge` of its segments are there (4 by
// default, which leaves up to 3 a level); at 2, about one segment a level remains.
import { sql, SqliteAdapter, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return;
  await sql`insert into search_index (search_index, rank) values ('usermerge', 2)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return;
  await sql`insert into search_index (search_index, rank) values ('usermerge', 4)`.execute(db);
}
