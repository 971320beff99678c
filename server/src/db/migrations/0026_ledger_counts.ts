// Each user's number of ledger rows, kept by a trigger so every writer keeps it right. The ledger is
// append-only, so the count is the version of a user's rows: every balance check compares it with
// the rows held in memory, and a charge from held rows writes only while it still holds. Counting
// the rows instead read the user's whole index every time (~0.2 ms a charge at a few hundred rows,
// growing with every upload: bench/payments.bench.ts).
import { sql, SqliteAdapter, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ledger_counts')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('total', 'integer', (c) => c.notNull())
    .execute();

  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await sql`create trigger ledger_counts_insert after insert on ledger_entries begin
      insert into ledger_counts (user_id, total) values (new.user_id, 1)
      on conflict (user_id) do update set total = total + 1;
    end`.execute(db);
    await sql`create trigger ledger_counts_delete after delete on ledger_entries begin
      update ledger_counts set total = total - 1 where user_id = old.user_id;
    end`.execute(db);
  } else {
    await sql`
      create function ledger_counts_follow() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' then
          update ledger_counts set total = total - 1 where user_id = old.user_id;
        else
          insert into ledger_counts (user_id, total) values (new.user_id, 1)
          on conflict (user_id) do update set total = ledger_counts.total + 1;
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger ledger_counts_insert_delete after insert or delete on ledger_entries
      for each row execute function ledger_counts_follow()`.execute(db);
  }

  await sql`insert into ledger_counts (user_id, total) select user_id, count(*) from ledger_entries group by user_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await sql`drop trigger if exists ledger_counts_insert`.execute(db);
    await sql`drop trigger if exists ledger_counts_delete`.execute(db);
  } else {
    await sql`drop trigger if exists ledger_counts_insert_delete on ledger_entries`.execute(db);
    await sql`drop function if exists ledger_counts_follow()`.execute(db);
  }
  await db.schema.dropTable('ledger_counts').execute();
}
