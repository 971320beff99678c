// An in-memory record store for the record machines' tests and path models: paging, favourites,
// shares, folders and edits behave like the server's, without a network.
import { fromPromise } from 'xstate';
import { recordBatchMachine } from './recordBatch.machine';
import type { ExportFormat, RecordEdit, RecordItem, RecordPage, RecordQuery, RecordRefresh } from './recordList.types';

export function fakeRecord(index: number, overrides: Partial<RecordItem> = {}): RecordItem {
  const at = new Date(Date.UTC(2025, 0, 1) + index * 60_000).toISOString();
  return {
    id: `r${index}`,
    showName: `Record ${index}`,
    state: 'transcription_completed',
    languages: ['en-US'],
    targetLanguages: [],
    createTime: at,
    updateTime: at,
    folderId: '1',
    folderName: 'Default folder',
    favorite: false,
    shareStatus: '0',
    copyStatus: '0',
    shareCode: null,
    ...overrides,
  };
}

/** One page of `records` for a query, filtered and cut the way the server does. */
export function pageOf(records: RecordItem[], query: RecordQuery): RecordPage {
  const matching = records.filter(
    (r) =>
      (!query.folderId || r.folderId === query.folderId) &&
      (query.favorite !== '1' || r.favorite) &&
      (query.shareStatus !== '1' || r.shareStatus === '1'),
  );
  const size = query.pageSize ?? 10;
  const start = ((query.pageNum ?? 1) - 1) * size;
  return { total: matching.length, rows: matching.slice(start, start + size) };
}

export function applyEdit(record: RecordItem, change: RecordEdit): RecordItem {
  return {
    ...record,
    ...(change.showName !== undefined ? { showName: change.showName } : {}),
    ...(change.favorite !== undefined ? { favorite: change.favorite } : {}),
    ...(change.folderId !== undefined ? { folderId: change.folderId } : {}),
    ...(change.shareStatus !== undefined ? { shareStatus: change.shareStatus, ...(change.shareStatus === '0' ? { shareCode: null } : {}) } : {}),
  };
}

export function createFakeRecordStore(count: number) {
  let records = Array.from({ length: count }, (_, i) => fakeRecord(i + 1));
  const queries: RecordQuery[] = [];
  const removed: string[][] = [];
  const exported: Array<{ ids: string[]; format: ExportFormat }> = [];
  const edits: RecordEdit[] = [];
  const refreshes: string[][] = [];
  const retries: string[] = [];

  function page(query: RecordQuery): RecordPage {
    queries.push(query);
    return pageOf(records, query);
  }

  function edit(change: RecordEdit): RecordItem {
    edits.push(change);
    const record = records.find((r) => r.id === change.id);
    if (!record) throw { kind: 'business', code: 404, message: 'The record does not exist' };
    if (change.showName !== undefined && change.showName.includes('<bad>')) {
      throw { kind: 'business', code: 400, message: 'A title may not contain control characters' };
    }
    const updated = applyEdit(record, change);
    records = records.map((r) => (r.id === change.id ? updated : r));
    return updated;
  }

  // The batch child's calls (the list's tests replace one of them through recordBatch).
  const batchActors = {
    removeRecords: fromPromise<void, { ids: string[] }>(async ({ input }) => {
      removed.push(input.ids);
      records = records.filter((r) => !input.ids.includes(r.id));
    }),
    exportRecords: fromPromise<void, { ids: string[]; format: ExportFormat }>(async ({ input }) => {
      exported.push(input);
    }),
  };

  const actors = {
    fetchPage: fromPromise<RecordPage, { query: RecordQuery }>(async ({ input }) => page(input.query)),
    recordBatch: recordBatchMachine.provide({ actors: batchActors }),
    editRecord: fromPromise<RecordItem, RecordEdit>(async ({ input }) => edit(input)),
    retryRecord: fromPromise<RecordItem, { id: string }>(async ({ input }) => {
      retries.push(input.id);
      const record = records.find((r) => r.id === input.id);
      if (!record) throw { kind: 'business', code: 404, message: 'The record does not exist' };
      // As the server does: a failed step is queued again, anything else is only read.
      const state = record.state === 'transcription_err' ? 'transcribing' : record.state === 'translation_err' ? 'translating' : record.state;
      const updated: RecordItem = { ...record, state, errorMessage: state === record.state ? (record.errorMessage ?? null) : null };
      records = records.map((r) => (r.id === input.id ? updated : r));
      return updated;
    }),
    refreshRecords: fromPromise<RecordRefresh, { ids: string[] }>(async ({ input }) => {
      refreshes.push(input.ids);
      return {
        updated: records.filter((r) => input.ids.includes(r.id)),
        goneIds: input.ids.filter((id) => !records.some((r) => r.id === id)),
      };
    }),
  };

  return {
    actors,
    batchActors,
    queries,
    removed,
    exported,
    edits,
    refreshes,
    retries,
    get records() {
      return records;
    },
    /** Changes records behind the list's back, as the server's pipeline does. */
    update(id: string, change: Partial<RecordItem>) {
      records = records.map((r) => (r.id === id ? { ...r, ...change } : r));
    },
    remove(id: string) {
      records = records.filter((r) => r.id !== id);
    },
  };
}
