// The ledger rows of recently checked users held in memory, with their replay. The ledger is
// append-only, so a user's row count (kept by triggers, 0026_ledger_counts) is the version of their
// rows: one primary-key read per check says whether the rows held here are still all of them (on any instance).
import type { Kysely } from 'kysely';
import type { Database, LedgerRow } from '../../db/schema';
import { LedgerReplay } from './balances';
import { appendRow, appendRowIfCount, entriesOf, ledgerCount, type NewLedgerEntry } from './ledger';

/** Users whose ledger rows are kept in memory between checks (least recently used go first). */
export const CACHED_USERS = 2_000;

export function createLedgerCache() {
  const cachedRows = new Map<string, { count: number; rows: LedgerRow[]; replay: LedgerReplay }>();

  /** The user's rows replayed: from memory when unchanged, carried forward when rows were appended. */
  async function replayOf(runner: Kysely<Database>, userId: string): Promise<{ rows: LedgerRow[]; replay: LedgerReplay }> {
    const count = await ledgerCount(runner, userId);
    const held = cachedRows.get(userId);
    let fresh: { count: number; rows: LedgerRow[]; replay: LedgerReplay } | null = held && held.count === count ? held : null;
    // Ids sort by creation time, so the rows appended since are usually those after the newest held;
    // when the lengths do not add up (a row from a lagging clock), everything is read again.
    if (!fresh && held && held.rows.length > 0 && held.count < count) {
      const newest = held.rows.reduce((max, r) => (r.id > max ? r.id : max), '');
      const added = await runner.selectFrom('ledger_entries').selectAll().where('user_id', '=', userId).where('id', '>', newest).execute();
      // Checked and applied with no await in between: two requests never carry one replay forward twice.
      if (held.rows.length + added.length === count && held.replay.count === held.rows.length && held.replay.appendable(added)) {
        // The held replay is carried forward in place: every earlier holder has moved on to this one.
        fresh = { count, rows: [...held.rows, ...added], replay: held.replay.apply(added) };
      }
    }
    if (!fresh) {
      const rows = await entriesOf(runner, userId);
      fresh = { count: rows.length, rows, replay: new LedgerReplay().apply(rows) };
    }
    // Kept only when it is all of them (read inside the same transaction as the count when there is one).
    if (fresh.count === count) {
      cachedRows.delete(userId);
      cachedRows.set(userId, fresh);
      if (cachedRows.size > CACHED_USERS) cachedRows.delete(cachedRows.keys().next().value!);
    } else {
      cachedRows.delete(userId);
    }
    return fresh;
  }

  /** The user's rows held here and their count as last seen, when the replay is of all of them (no read). */
  function held(userId: string): { count: number; replay: LedgerReplay } | null {
    const rows = cachedRows.get(userId);
    return rows && rows.replay.count === rows.rows.length && rows.rows.length === rows.count ? { count: rows.count, replay: rows.replay } : null;
  }

  /** Carries the held replay forward with a row just written; drops it when it cannot be. */
  function carry(userId: string, row: LedgerRow): void {
    const rows = cachedRows.get(userId);
    if (rows && rows.replay.count === rows.rows.length && rows.rows.length === rows.count && rows.replay.appendable([row])) {
      cachedRows.set(userId, { count: rows.count + 1, rows: [...rows.rows, row], replay: rows.replay.apply([row]) });
    } else {
      cachedRows.delete(userId);
    }
  }

  /**
   * SQLite: writes a row checked against the held rows, only while the table still has `count` of
   * the user's (appendRowIfCount). False when it does not hold (the caller checks again, locked).
   */
  async function appendIfCount(runner: Kysely<Database>, entry: NewLedgerEntry, count: number): Promise<boolean> {
    const row = await appendRowIfCount(runner, entry, count);
    if (!row) return false;
    const rows = cachedRows.get(entry.userId);
    if (rows?.count === count) carry(entry.userId, row);
    else cachedRows.delete(entry.userId);
    return true;
  }

  /**
   * Writes a row and carries the held replay forward with it, so the next check needs only its
   * count (not a read of the rows appended since). A write whose transaction does not commit leaves
   * the held count one ahead of the table's: the next check sees the mismatch and reads everything.
   */
  async function append(runner: Kysely<Database>, entry: NewLedgerEntry): Promise<boolean> {
    const row = await appendRow(runner, entry);
    if (!row) return false;
    carry(entry.userId, row);
    return true;
  }

  return { replayOf, append, held, appendIfCount };
}

export type LedgerCache = ReturnType<typeof createLedgerCache>;
