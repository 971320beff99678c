// Search of one user's record names and transcript lines in the database's full-text index
// (0009_search, 0012_search_owner_words). Only the caller's entries are read (search_entries.user_id), newest first; the
// folder and favourite filters apply to the record. A page is fetched with one extra row to say
// whether more follow: counting every match of a common word in 100,000 records would cost more
// than the page itself (bench/search.bench.ts).
import { sql, SqliteAdapter, type Kysely } from 'kysely';
import { DEFAULT_FOLDER_ID } from '../../../../src/shared/contract/limits';
import type { Database, RecordRow, RecordSegmentRow } from '../../db/schema';
import { folderNotFound } from '../folders/folder-errors';
import { spelledOutPrefixes } from './search-expansion';
import { fts5OwnQuery, fts5Query, highlightRanges, searchTerms, tsQuery } from './search-query';

export interface RecordSearchQuery {
  q: string;
  folderId?: string;
  favorite?: '0' | '1';
  pageNum?: number;
  pageSize?: number;
}

/** What a hit shows of its line: the line's place in the transcript (`index`), its times and text. */
export type MatchedLine = Pick<RecordSegmentRow, 'id' | 'start_ms' | 'end_ms' | 'text'> & { index: number };

export interface SearchMatch {
  record: RecordRow;
  /** The matching line; null when the record's name matched. */
  line: MatchedLine | null;
  /** [start, end) offsets in the line's text, or in the name when line is null. */
  marks: Array<[number, number]>;
}

/** An entry with its record's columns and its line's (null for a name entry, or a line gone since). */
type EntryRow = RecordRow & {
  entry_segment_id: string | null;
  line_id: string | null;
  line_position: number | null;
  line_start_ms: number | null;
  line_end_ms: number | null;
  line_text: string | null;
};

/**
 * The page's records and lines come with the entries, in the one statement: each is a primary-key
 * lookup of a row the join reads anyway (records) or one more (record_segments), where separate
 * statements by id cost two more round trips a search (bench/search.bench.ts).
 */
const ENTRY_COLUMNS = sql`r.*, e.segment_id as entry_segment_id, g.id as line_id, g.position as line_position,
  g.start_ms as line_start_ms, g.end_ms as line_end_ms, g.text as line_text`;

/**
 * Below this share of the index the query names the owner. Naming it lets FTS5 skip other users'
 * rows (without it, a word common in their lines but absent from the caller's is read in full:
 * 2.2 s at 5,000,000 lines), but costs a seek in the owner's doclist at every step of an AND, which
 * for a user who owns most rows is pure overhead (two rare words: 1 ms → 60-80 ms at 100,000
 * records). Above it, at most 1 row in 4 read belongs to someone else.
 */
const OWNER_TERM_BELOW_SHARE = 0.25;

/** How long a user's share is taken as known: it only steers the plan, the answer never depends on it. */
const SHARE_KEPT_MS = 60_000;
const knownShares = new WeakMap<Kysely<Database>, Map<string, { selective: boolean; until: number }>>();

/** ownerIsSelective, read again at most once a minute a user: one statement less on most searches. */
async function ownerIsSelectiveKept(db: Kysely<Database>, userId: string): Promise<boolean> {
  let known = knownShares.get(db);
  if (!known) knownShares.set(db, (known = new Map()));
  const kept = known.get(userId);
  if (kept && kept.until > performance.now()) return kept.selective;
  const selective = await ownerIsSelective(db, userId);
  if (known.size >= 10_000) known.clear();
  known.set(userId, { selective, until: performance.now() + SHARE_KEPT_MS });
  return selective;
}

/** SQLite: whether the caller owns a small enough share of the records for the owner term to pay. */
async function ownerIsSelective(db: Kysely<Database>, userId: string): Promise<boolean> {
  // Both numbers are kept without counting: record_counts by triggers (0003), and the largest rowid
  // of records (every record ever written, a fair measure of the index's size).
  const { rows } = await sql<{ own: number | null; every: number | null }>`
    select (select sum(total) from record_counts where user_id = ${userId}) as own, (select max(rowid) from records) as every`.execute(db);
  const own = Number(rows[0]?.own ?? 0);
  const every = Number(rows[0]?.every ?? 0);
  return own < every * OWNER_TERM_BELOW_SHARE;
}

/** The page's entries (exported so a test can read the SQLite query plan). */
export async function searchEntriesQuery(db: Kysely<Database>, userId: string, query: RecordSearchQuery) {
  const terms = searchTerms(query.q);
  const pageSize = query.pageSize ?? 20;
  const offset = ((query.pageNum ?? 1) - 1) * pageSize;
  const filters = [sql`e.user_id = ${userId}`];
  if (query.folderId !== undefined) {
    filters.push(query.folderId === DEFAULT_FOLDER_ID ? sql`r.folder_id is null` : sql`r.folder_id = ${query.folderId}`);
  }
  if (query.favorite !== undefined) filters.push(sql`r.favorite = ${query.favorite === '1' ? 1 : 0}`);
  const where = sql.join(filters, sql` and `);
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    // Newest first straight from the index's rowid order: FTS5 walks the doclists backwards and the
    // walk stops at the page, so a word in millions of lines costs what a rare one does — as long as
    // no prefix has to be merged up front (search-expansion.ts spells those out). e.user_id keeps
    // the answer to the caller's rows; the owner term (0012) only spares FTS5 the others' rows.
    const termsQuery = fts5Query(terms, terms.length ? await spelledOutPrefixes(db, terms) : []);
    // The terms are always held to the body: the owner column's hex token is no word of the text.
    const match = (await ownerIsSelectiveKept(db, userId)) ? fts5OwnQuery(userId, termsQuery) : `body : (${termsQuery})`;
    return {
      terms,
      pageSize,
      statement: sql<EntryRow>`
        select ${ENTRY_COLUMNS}
        from search_index s join search_entries e on e.entry = s.rowid join records r on r.id = e.record_id
        left join record_segments g on g.id = e.segment_id
        where search_index match ${match} and ${where}
        order by s.rowid desc limit ${pageSize + 1} offset ${offset}`,
    };
  }
  return {
    terms,
    pageSize,
    statement: sql<EntryRow>`
      select ${ENTRY_COLUMNS}
      from search_entries e join records r on r.id = e.record_id
      left join record_segments g on g.id = e.segment_id
      where e.body @@ to_tsquery('simple', ${tsQuery(terms)}) and ${where}
      order by e.entry desc limit ${pageSize + 1} offset ${offset}`,
  };
}

export async function searchRecords(
  db: Kysely<Database>,
  userId: string,
  query: RecordSearchQuery,
): Promise<{ matches: SearchMatch[]; hasMore: boolean }> {
  if (query.folderId !== undefined && query.folderId !== DEFAULT_FOLDER_ID) {
    const folder = await db.selectFrom('folders').select('id').where('id', '=', query.folderId).where('user_id', '=', userId).executeTakeFirst();
    if (!folder) throw folderNotFound();
  }
  const { terms, pageSize, statement } = await searchEntriesQuery(db, userId, query);
  if (terms.length === 0) return { matches: [], hasMore: false };
  const entries = (await statement.execute(db)).rows;
  const matches: SearchMatch[] = [];
  for (const row of entries.slice(0, pageSize)) {
    const { entry_segment_id, line_id, line_position, line_start_ms, line_end_ms, line_text, ...record } = row;
    // Entries carry their owner already; the record's own user_id is checked once more all the same.
    if (record.user_id !== userId) continue;
    if (entry_segment_id === null) {
      matches.push({ record, line: null, marks: highlightRanges(record.show_name, terms) });
      continue;
    }
    if (line_id === null || line_text === null) continue;
    // Positions are kept 0..n-1 by every transcript edit (transcripts/transcript-edit.ts), so a
    // line's position is its place in the transcript as the page lists it.
    const line = { id: line_id, index: Number(line_position), start_ms: Number(line_start_ms), end_ms: Number(line_end_ms), text: line_text };
    matches.push({ record, line, marks: highlightRanges(line_text, terms) });
  }
  return { matches, hasMore: entries.length > pageSize };
}
