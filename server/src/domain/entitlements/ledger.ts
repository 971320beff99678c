// Appending to the ledger. Rows are never updated or deleted; a source key that is already there
// means the thing was credited or charged before, and the second attempt writes nothing.
import { CompiledQuery, PostgresAdapter, type Kysely } from 'kysely';
import type { Database, LedgerAccount, LedgerKind, LedgerRow, UsageKind } from '../../db/schema';
import { sortableId } from '../../db/sortable-id';

export interface NewLedgerEntry {
  userId: string;
  account: LedgerAccount;
  kind: LedgerKind;
  sourceKey: string;
  seconds: number;
  allowanceSeconds?: number;
  usage?: UsageKind | null;
  usageDay?: string | null;
  expiresAt?: string | null;
  packageId?: string | null;
  recordId?: string | null;
  note?: string | null;
  createdAt: string;
}

/** Resolves true when written, false when the source key was already in the ledger. */
export async function appendEntry(db: Kysely<Database>, entry: NewLedgerEntry): Promise<boolean> {
  return (await appendRow(db, entry)) !== null;
}

/** The row as written, or null when the source key was already in the ledger. */
function rowOf(entry: NewLedgerEntry): LedgerRow {
  return {
    id: sortableId(),
    user_id: entry.userId,
    account: entry.account,
    kind: entry.kind,
    source_key: entry.sourceKey,
    seconds: Math.round(entry.seconds),
    allowance_seconds: Math.round(entry.allowanceSeconds ?? 0),
    usage: entry.usage ?? null,
    usage_day: entry.usageDay ?? null,
    expires_at: entry.expiresAt ?? null,
    package_id: entry.packageId ?? null,
    record_id: entry.recordId ?? null,
    note: entry.note ?? null,
    created_at: entry.createdAt,
  };
}

export async function appendRow(db: Kysely<Database>, entry: NewLedgerEntry): Promise<LedgerRow | null> {
  const row = rowOf(entry);
  const inserted = await db
    .insertInto('ledger_entries')
    .values(row)
    .onConflict((oc) => oc.column('source_key').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1 ? row : null;
}

/** The user's number of ledger rows (kept by triggers, 0026_ledger_counts): one primary-key read. */
export async function ledgerCount(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db.selectFrom('ledger_counts').select('total').where('user_id', '=', userId).executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** The statement of appendRowIfCount with its columns in order, composed on first use. */
let insertIfCount: { text: string; columns: ReadonlyArray<keyof LedgerRow> } | null = null;

/**
 * Composed from the row's own fields (rowOf gives every row the same ones in the same order), once:
 * the text never changes, so composing it per charge (and hashing the new string to find its
 * prepared statement) was work repeated on every write.
 */
function insertIfCountOf(row: LedgerRow): { text: string; columns: ReadonlyArray<keyof LedgerRow> } {
  if (insertIfCount) return insertIfCount;
  const columns = Object.keys(row) as Array<keyof LedgerRow>;
  const userWhileCounted = 'case when coalesce((select total from ledger_counts where user_id = ?), 0) = ? then ? end';
  const text = `insert or ignore into ledger_entries (${columns.join(', ')}) values (${columns.map((c) => (c === 'user_id' ? userWhileCounted : '?')).join(', ')})`;
  insertIfCount = { text, columns };
  return insertIfCount;
}

/**
 * SQLite only: writes the row only while the user has exactly `count` rows, in one statement (so
 * atomically: SQLite runs one writer at a time). The row as written, or null when the count moved
 * or the source key was already there.
 *
 * A moved count makes the row's user_id null, which `or ignore` skips like the duplicate key: an
 * `insert … select … where` would say the same, but a table with a row trigger (ledger_counts)
 * makes SQLite stage such an insert in a temporary table first, ~50 µs more a charge.
 */
export async function appendRowIfCount(db: Kysely<Database>, entry: NewLedgerEntry, count: number): Promise<LedgerRow | null> {
  const row = rowOf(entry);
  // Composed by hand: Kysely's builder took longer to compose it than SQLite takes to run it.
  const { text, columns } = insertIfCountOf(row);
  const values: unknown[] = [];
  for (const column of columns) {
    if (column === 'user_id') values.push(row.user_id, count, row.user_id);
    else values.push(row[column]);
  }
  const inserted = await db.executeQuery(CompiledQuery.raw(text, values));
  return Number(inserted.numAffectedRows ?? 0n) === 1 ? row : null;
}

export async function entriesOf(db: Kysely<Database>, userId: string): Promise<LedgerRow[]> {
  return db.selectFrom('ledger_entries').selectAll().where('user_id', '=', userId).execute();
}

export async function entryByKey(db: Kysely<Database>, sourceKey: string): Promise<LedgerRow | undefined> {
  return db.selectFrom('ledger_entries').selectAll().where('source_key', '=', sourceKey).executeTakeFirst();
}

/**
 * Runs `work` so that no other check-and-charge of the same user interleaves: PostgreSQL locks the
 * user's row; SQLite runs one transaction at a time on its single connection.
 */
export async function withUserLocked<T>(db: Kysely<Database>, userId: string, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return db.transaction().execute(async (trx) => {
    if (postgres) await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
    return work(trx);
  });
}
