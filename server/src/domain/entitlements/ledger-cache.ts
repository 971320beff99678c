// The ledger rows of recently checked users held in memory, with their replay. The ledger is
// append-only, so a user's row count (kept by triggers, 0026_ledger_counts) is the version of their
// rows: one primary-key read per check says whether the rows held here are still all of them (on any instance).
import type { Kysely } from 'kysely';
import type { Database, LedgerRow } from '../../db/schema';
import { LedgerReplay } from './balances';
import { appendRow, appendRowIfCount, entriesOf, ledgerCount, type NewLedgerEntry } from './ledger';

/** Users whose ledger rows are kept in memory between checks (least recently used go first). */
export const CACHED_USERS = 2_000;

/**
 * What is held of one user: the replay of all their rows (count of them) and the newest id among
 * them, where a read of the rows appended since starts. Carried forward in place, so holding a long
 * history costs nothing per write.
 */
interface Held {
  count: number;
  newestId: string;
  replay: LedgerReplay;
}

const newestOf = (rows: readonly LedgerRow[], after = '') => rows.reduce((max, r) => (r.id > max ? r.id : max), after);

export function createLedgerCache() {
  const cached = new Map<string, Held>();

  function keep(userId: string, held: Held): void {
    cached.delete(userId);
    cached.set(userId, held);
    if (cached.size > CACHED_USERS) cached.delete(cached.keys().next().value!);
  }

  /** The user's rows replayed: from memory when unchanged, carried forward when rows were appended. */
  async function replayOf(runner: Kysely<Database>, userId: string): Promise<{ replay: LedgerReplay }> {
    const count = await ledgerCount(runner, userId);
    const held = cached.get(userId);
    if (held && held.count === count) {
      keep(userId, held);
      return held;
    }
    // Ids sort by creation time, so the rows appended since are usually those after the newest held;
    // when the numbers do not add up (a row from a lagging clock, a write that rolled back after it
    // was held), everything is read again.
    if (held && held.count > 0 && held.count < count) {
      const added = await runner.selectFrom('ledger_entries').selectAll().where('user_id', '=', userId).where('id', '>', held.newestId).execute();
      // Checked and applied with no await in between: two requests never carry one replay forward
      // twice (one that did first moved the count, and the other reads everything).
      if (cached.get(userId) === held && held.count + added.length === count && held.replay.appendable(added)) {
        held.replay.apply(added);
        held.count = count;
        held.newestId = newestOf(added, held.newestId);
        keep(userId, held);
        return held;
      }
    }
    const rows = await entriesOf(runner, userId);
    const fresh: Held = { count: rows.length, newestId: newestOf(rows), replay: new LedgerReplay().apply(rows) };
    // Kept only when it is all of them (read inside the same transaction as the count when there is one).
    if (fresh.count === count) keep(userId, fresh);
    else cached.delete(userId);
    return fresh;
  }

  /** The user's rows held here and their count as last seen (no read). */
  function held(userId: string): { count: number; replay: LedgerReplay } | null {
    return cached.get(userId) ?? null;
  }

  /** Carries the held replay forward with a row just written; drops it when it cannot be. */
  function carry(userId: string, row: LedgerRow): void {
    const rows = cached.get(userId);
    if (rows && rows.replay.appendable([row])) {
      rows.replay.apply([row]);
      rows.count += 1;
      if (row.id > rows.newestId) rows.newestId = row.id;
    } else {
      cached.delete(userId);
    }
  }

  /**
   * SQLite: writes a row checked against the held rows, only while the table still has `count` of
   * the user's (appendRowIfCount). False when it does not hold (the caller checks again, locked).
   */
  async function appendIfCount(runner: Kysely<Database>, entry: NewLedgerEntry, count: number): Promise<boolean> {
    const row = await appendRowIfCount(runner, entry, count);
    if (!row) return false;
    if (cached.get(entry.userId)?.count === count) carry(entry.userId, row);
    else cached.delete(entry.userId);
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
