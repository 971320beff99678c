// The record list's rules as pure functions, kept apart from the machine so it only wires: which
// rows are running or failed, the server query of a page, and how a refresh or an edited record
// changes the rows (a record that no longer belongs in the list leaves it, and its selection).
// Also the progress timer the record lists and the home page share, and their message keys.
import { map, skip } from 'rxjs';
import { fromEventObservable } from 'xstate';
import { RECORD_BATCH_MAX } from '../../shared/contract/limits';
import { isDubRecord, isDubRunning } from '../../shared/contract/record';
import { poll$ } from '../../streams/poll$';
import type { RecordItem, RecordListContext, RecordQuery, RecordRefresh } from './recordList.types';

/** How often rows that are still being processed are read again. */
export const PROGRESS_POLL_MS = 3000;

export const TITLE_EMPTY_KEY = 'records:titleEmpty';
export const DATE_RANGE_INVALID_KEY = 'records:dateRangeInvalid';
export const LOAD_FAILED_KEY = 'records:loadFailed';
export const DOWNLOAD_FAILED_KEY = 'records:downloadFailed';

const RUNNING_STATES: ReadonlyArray<RecordItem['state']> = ['transcribing', 'translating'];
/** Still being processed: a transcription or translation, or a dubbing task's pipeline. */
export const isRunning = (record: RecordItem) => (record.dub ? isDubRunning(record.dub) : RUNNING_STATES.includes(record.state));
const FAILED_STATES: ReadonlyArray<RecordItem['state']> = ['transcription_err', 'translation_err'];
/** A record whose transcription or translation failed: the list offers Retry on it (a dubbing task is not queued again that way). */
export const isFailed = (record: Pick<RecordItem, 'state' | 'recordType'>) => !isDubRecord(record) && FAILED_STATES.includes(record.state);

/** Ticks while rows are being processed (the record lists and the home page read them again). */
// poll$ ticks at once; the rows were just read, so the first refresh waits one period.
export const progressPollActor = fromEventObservable<{ type: 'progress.tick' }, void>(() =>
  poll$(PROGRESS_POLL_MS).pipe(
    skip(1),
    map(() => ({ type: 'progress.tick' as const })),
  ),
);

/** The server's list query for page `pageNum` of the current settings. */
export function buildQuery(context: Pick<RecordListContext, 'scope' | 'sort' | 'filter' | 'folderId' | 'pageSize'>, pageNum: number): RecordQuery {
  return {
    pageNum,
    pageSize: context.pageSize,
    isAsc: context.sort.ascending ? 'ascending' : 'descending',
    orderByColumn: context.sort.column,
    ...(context.scope === 'all' && context.folderId ? { folderId: context.folderId } : {}),
    ...(context.scope === 'favourite' ? { favorite: '1' as const } : {}),
    ...(context.scope === 'shared' ? { shareStatus: '1' as const } : {}),
    ...(context.filter.beginDate ? { beginTime: context.filter.beginDate } : {}),
    ...(context.filter.endDate ? { endTime: context.filter.endDate } : {}),
  };
}

/** Whether an edited record still belongs in this list (unfavourited, moved away, share ended). */
export function stillListed(context: Pick<RecordListContext, 'scope' | 'folderId'>, record: RecordItem): boolean {
  if (context.scope === 'favourite') return record.favorite === true;
  if (context.scope === 'shared') return record.shareStatus === '1';
  if (context.folderId) return (record.folderId ?? '1') === context.folderId;
  return true;
}

/** Every loaded row is selected, up to the most one batch operation takes. */
export const allSelected = (context: Pick<RecordListContext, 'rows' | 'selectedIds'>) =>
  context.rows.length > 0 && context.selectedIds.length === Math.min(context.rows.length, RECORD_BATCH_MAX);

/** The selection with one record added, or taken out when it was in. */
export const toggledSelection = (context: Pick<RecordListContext, 'selectedIds'>, id: string) =>
  context.selectedIds.includes(id) ? context.selectedIds.filter((selected) => selected !== id) : [...context.selectedIds, id];

type RowsChange = Pick<RecordListContext, 'rows' | 'total' | 'selectedIds'>;

/** Rows after a refresh: updated records replace theirs (or leave when no longer listed), gone ones leave. */
export function mergeRefresh(context: RecordListContext, refresh: RecordRefresh): RowsChange {
  const byId = new Map(refresh.updated.map((record) => [record.id, record]));
  const leaving = new Set(refresh.goneIds);
  for (const record of refresh.updated) if (!stillListed(context, record)) leaving.add(record.id);
  const rows = context.rows.filter((row) => !leaving.has(row.id)).map((row) => byId.get(row.id) ?? row);
  const removed = context.rows.length - rows.length;
  return {
    rows,
    total: Math.max(0, context.total - removed),
    selectedIds: context.selectedIds.filter((id) => !leaving.has(id)),
  };
}

/** Rows after one record was edited here or elsewhere: it replaces its row, or leaves when no longer listed. */
export function withRecord(context: RecordListContext, record: RecordItem): Partial<RowsChange> {
  if (stillListed(context, record)) return { rows: context.rows.map((row) => (row.id === record.id ? record : row)) };
  return {
    rows: context.rows.filter((row) => row.id !== record.id),
    total: Math.max(0, context.total - 1),
    selectedIds: context.selectedIds.filter((id) => id !== record.id),
  };
}
