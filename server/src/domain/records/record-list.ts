// One page of a user's records. Every filter and order starts with user_id and ends with id, so
// page 1 is read from an index (0002_records) however many records the user or others have.
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { DEFAULT_FOLDER_ID } from '../../../../src/shared/contract/limits';
import type { Clock } from '../../clock';
import type { Database, RecordRow } from '../../db/schema';
import { folderNotFound } from '../folders/folder-errors';
import { invalidDate } from './record-errors';

export interface RecordListQuery {
  pageNum?: number;
  pageSize?: number;
  isAsc?: 'ascending' | 'descending';
  orderByColumn?: 'create_time' | 'update_time' | 'show_name';
  folderId?: string;
  favorite?: '0' | '1';
  shareStatus?: '0' | '1';
  showName?: string;
  beginTime?: string;
  endTime?: string;
}

const ORDER_COLUMNS = { create_time: 'created_at', update_time: 'updated_at', show_name: 'show_name' } as const;
const DAY_MS = 24 * 3600 * 1000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A date filter as an instant: a bare day means its start (UTC); `endOfDay` moves it to the next day's start. */
export function dateBound(value: string, endOfDay: boolean): string {
  const dateOnly = DATE_ONLY.test(value);
  const parsed = new Date(dateOnly ? `${value}T00:00:00.000Z` : value);
  // Date rolls 2024-02-31 over to March; comparing back refuses such days.
  if (Number.isNaN(parsed.getTime()) || (dateOnly && parsed.toISOString().slice(0, 10) !== value)) throw invalidDate(value);
  return new Date(parsed.getTime() + (dateOnly && endOfDay ? DAY_MS : 0)).toISOString();
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

type RecordsQuery = SelectQueryBuilder<Database, 'records', object>;

function filtered(db: Kysely<Database>, clock: Clock, userId: string, query: RecordListQuery): RecordsQuery {
  let q = db.selectFrom('records').where('records.user_id', '=', userId);
  if (query.folderId !== undefined) {
    q = query.folderId === DEFAULT_FOLDER_ID ? q.where('records.folder_id', 'is', null) : q.where('records.folder_id', '=', query.folderId);
  }
  if (query.favorite !== undefined) q = q.where('records.favorite', '=', query.favorite === '1' ? 1 : 0);
  if (query.shareStatus !== undefined) {
    const now = clock.now().toISOString();
    q = q.where((eb) => {
      const live = eb
        .selectFrom('record_shares')
        .select('record_shares.code')
        .whereRef('record_shares.record_id', '=', 'records.id')
        .where('record_shares.revoked_at', 'is', null)
        .where((inner) => inner.or([inner('record_shares.expires_at', 'is', null), inner('record_shares.expires_at', '>', now)]));
      return query.shareStatus === '1' ? eb.exists(live) : eb.not(eb.exists(live));
    });
  }
  const name = query.showName?.trim();
  if (name) q = q.where(sql<boolean>`lower(records.show_name) like ${`%${escapeLike(name.toLowerCase())}%`} escape '\\'`);
  if (query.beginTime) q = q.where('records.created_at', '>=', dateBound(query.beginTime, false));
  if (query.endTime) {
    const end = dateBound(query.endTime, true);
    q = DATE_ONLY.test(query.endTime) ? q.where('records.created_at', '<', end) : q.where('records.created_at', '<=', end);
  }
  return q;
}

export async function listRecords(
  db: Kysely<Database>,
  clock: Clock,
  userId: string,
  query: RecordListQuery,
): Promise<{ total: number; rows: RecordRow[] }> {
  if (query.folderId !== undefined && query.folderId !== DEFAULT_FOLDER_ID) {
    const folder = await db.selectFrom('folders').select('id').where('id', '=', query.folderId).where('user_id', '=', userId).executeTakeFirst();
    if (!folder) throw folderNotFound();
  }
  const page = recordPageQueries(db, clock, userId, query);
  const kept = keptTotal(db, userId, query);
  const [rows, total] = await Promise.all([
    page.rows.execute(),
    kept ?? page.count.executeTakeFirstOrThrow().then((count) => Number(count.total)),
  ]);
  return { total, rows };
}

/**
 * The total from the trigger-kept counts when only the folder and favourite filters are used
 * (the record list, a folder, the favourites); null when the query has to count.
 */
function keptTotal(db: Kysely<Database>, userId: string, query: RecordListQuery): Promise<number> | null {
  if (query.shareStatus !== undefined || query.showName?.trim() || query.beginTime || query.endTime) return null;
  let counts = db.selectFrom('record_counts').where('user_id', '=', userId);
  if (query.folderId !== undefined) counts = counts.where('folder_key', '=', query.folderId === DEFAULT_FOLDER_ID ? '' : query.folderId);
  return counts
    .select((eb) => [eb.fn.sum<number | string | null>('total').as('total'), eb.fn.sum<number | string | null>('favorites').as('favorites')])
    .executeTakeFirstOrThrow()
    .then((sums) => {
      const total = Number(sums.total ?? 0);
      const favorites = Number(sums.favorites ?? 0);
      return query.favorite === undefined ? total : query.favorite === '1' ? favorites : total - favorites;
    });
}

/** The two statements of a page (exported so a test can read their query plans). */
export function recordPageQueries(db: Kysely<Database>, clock: Clock, userId: string, query: RecordListQuery) {
  const pageNum = query.pageNum ?? 1;
  const pageSize = query.pageSize ?? 10;
  const column = ORDER_COLUMNS[query.orderByColumn ?? 'create_time'];
  const direction = query.isAsc === 'ascending' ? 'asc' : 'desc';
  const base = filtered(db, clock, userId, query);
  return {
    rows: base
      .selectAll('records')
      .orderBy(`records.${column}`, direction)
      .orderBy('records.id', direction)
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize),
    count: base.select((eb) => eb.fn.countAll<number | string>().as('total')),
  };
}
