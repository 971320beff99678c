// SQLite only: keeps the search index (0009, 0012) in few segments. FTS5 writes a new segment at
// every commit that changed the index and merges only when `automerge` (4) segments pile up on one
// level, so an index in use holds a dozen or more, and a search looks each of its terms up in every
// one of them (a two-word search spelled out as 32 terms, search-expansion.ts: ~450 lookups at 14
// segments). The server merges them itself while no request comes, in slices of FTS5's 'merge'
// command; usermerge = 2 (0027) leaves about one segment a level. At 5,000,000 lines
// (bench/search.bench.ts' database: 14 segments → 3), the page's statement read with a cold cache:
// two words p95 10.7–21.9 → 3.3–4.1 ms, one common word p95 5.4–11.8 → 0.7–1.3 ms. A slice takes a
// few milliseconds; the one that ends a merge of large segments also deletes them (up to ~1 s there).
import { sql, SqliteAdapter, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { periodicSweep } from '../../jobs/periodic-sweep';

/** Pages of merged index written by one slice: a few milliseconds of work, what a request may wait. */
export const MERGE_PAGES_PER_SLICE = 64;
/** How often the server looks for segments to merge (one cheap statement when there are none). */
export const SEARCH_UPKEEP_INTERVAL_MS = 60_000;

/**
 * One slice of merging. Resolves whether it merged anything: by FTS5's documentation, a 'merge'
 * that changed fewer than two rows (sqlite3_total_changes) found nothing to merge.
 */
export async function mergeSearchIndexSlice(db: Kysely<Database>, pages = MERGE_PAGES_PER_SLICE): Promise<boolean> {
  const changes = async () => Number((await sql<{ n: number }>`select total_changes() as n`.execute(db)).rows[0]!.n);
  const before = await changes();
  await sql`insert into search_index (search_index, rank) values ('merge', ${pages})`.execute(db);
  return (await changes()) - before >= 2;
}

/** A server with no request for this long is taken as idle: slices run only then. */
export const QUIET_FOR_MS = 1_000;

export function createSearchIndexUpkeep({
  db,
  log,
  quiet = () => true,
}: {
  db: Kysely<Database>;
  log: { error(obj: unknown, msg?: string): void };
  /** Whether the server is idle now; the merging stops at the first slice it is not (the next round goes on). */
  quiet?: () => boolean;
}) {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  let stopped = false;

  /** Merges slice by slice until nothing is left to merge, a request comes or the server stops; resolves the slices run. */
  async function mergeUntilDone(): Promise<number> {
    let slices = 0;
    while (!stopped && quiet() && (await mergeSearchIndexSlice(db))) {
      slices += 1;
      // Requests that came in meanwhile run before the next slice.
      await new Promise((resolve) => setImmediate(resolve));
    }
    return slices;
  }

  const sweep = periodicSweep(mergeUntilDone, SEARCH_UPKEEP_INTERVAL_MS, (error) => log.error({ err: error }, 'could not merge the search index'));
  return {
    mergeUntilDone,
    /** At start and every interval; PostgreSQL keeps its own index (GIN) and needs none of this. */
    start(): void {
      if (sqlite) sweep.start();
    },
    async stop(): Promise<void> {
      stopped = true;
      await sweep.stop();
    },
    idle: () => sweep.idle(),
  };
}

export type SearchIndexUpkeep = ReturnType<typeof createSearchIndexUpkeep>;
