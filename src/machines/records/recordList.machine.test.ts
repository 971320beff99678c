// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  recordListMachine,
  selectIsPolling,
  selectAllSelected,
  selectHasMore,
  selectListPhase,
  type RecordListInput,
} from './recordList.machine';
import { recordBatchMachine } from './recordBatch.machine';
import { DATE_RANGE_INVALID_KEY, TITLE_EMPTY_KEY, PROGRESS_POLL_MS, buildQuery } from './recordList.rules';
import { createFakeRecordStore } from './recordList.doubles';
import type { RecordItem, RecordPage, RecordQuery, RecordRefresh } from './recordList.types';

function start(count: number, input: Partial<RecordListInput> = {}, prepare: (store: ReturnType<typeof createFakeRecordStore>) => void = () => undefined) {
  const store = createFakeRecordStore(count);
  prepare(store);
  const actor = createActor(recordListMachine.provide({ actors: store.actors }), {
    input: { scope: 'all', pageSize: 10, ...input },
  }).start();
  const settle = () => waitFor(actor, (s) => s.matches('ready') || s.matches('failed') || selectListPhase(s) === 'confirmingDelete');
  return { actor, store, settle };
}

describe('recordList machine', () => {
  it('loads page 1, then one page per loadMore until every record is listed', async () => {
    const { actor, store, settle } = start(25);
    await settle();
    expect(actor.getSnapshot().context.rows.map((r) => r.id).slice(0, 2)).toEqual(['r1', 'r2']);
    expect(actor.getSnapshot().context.total).toBe(25);
    expect(store.queries[0]).toEqual({ pageNum: 1, pageSize: 10, isAsc: 'descending', orderByColumn: 'create_time' });
    actor.send({ type: 'list.loadMore' });
    await settle();
    actor.send({ type: 'list.loadMore' });
    await settle();
    expect(actor.getSnapshot().context.rows).toHaveLength(25);
    expect(selectHasMore(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'list.loadMore' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(store.queries.map((q) => q.pageNum)).toEqual([1, 2, 3]);
  });

  it('sorts on the server: a new sort starts again at page 1 with isAsc and orderByColumn', async () => {
    const { actor, store, settle } = start(15);
    await settle();
    actor.send({ type: 'list.loadMore' });
    await settle();
    actor.send({ type: 'list.sortChanged', sort: { column: 'show_name', ascending: true } });
    expect(actor.getSnapshot().context.rows).toEqual([]);
    await settle();
    expect(store.queries.at(-1)).toMatchObject({ pageNum: 1, isAsc: 'ascending', orderByColumn: 'show_name' });
    expect(actor.getSnapshot().context.pagesLoaded).toBe(1);
  });

  it('filters by date range and refuses a start after the end without calling', async () => {
    const { actor, store, settle } = start(3);
    await settle();
    actor.send({ type: 'list.filterChanged', filter: { beginDate: '2025-02-01', endDate: '2025-01-01' } });
    expect(actor.getSnapshot().context.errorKey).toBe(DATE_RANGE_INVALID_KEY);
    expect(store.queries).toHaveLength(1);
    actor.send({ type: 'list.filterChanged', filter: { beginDate: '2025-01-01', endDate: '2025-01-31' } });
    await settle();
    expect(store.queries.at(-1)).toMatchObject({ beginTime: '2025-01-01', endTime: '2025-01-31' });
    expect(actor.getSnapshot().context.errorKey).toBeUndefined();
  });

  it('asks the server for one folder, favourites or shares by scope', () => {
    const base = { sort: { column: 'update_time' as const, ascending: false }, filter: { beginDate: null, endDate: null }, pageSize: 20 };
    expect(buildQuery({ ...base, scope: 'all', folderId: '7' }, 2)).toMatchObject({ folderId: '7', pageNum: 2, orderByColumn: 'update_time' });
    expect(buildQuery({ ...base, scope: 'favourite', folderId: '7' }, 1)).toEqual({
      pageNum: 1, pageSize: 20, isAsc: 'descending', orderByColumn: 'update_time', favorite: '1',
    });
    expect(buildQuery({ ...base, scope: 'shared', folderId: null }, 1)).toMatchObject({ shareStatus: '1' });
  });

  it('selects all loaded rows, deletes them after a confirmation and reloads', async () => {
    const { actor, store, settle } = start(12);
    await settle();
    actor.send({ type: 'selection.allToggled' });
    expect(selectAllSelected(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'selection.toggled', id: 'r3' });
    expect(actor.getSnapshot().context.selectedIds).toHaveLength(9);
    actor.send({ type: 'batch.deleteRequested' });
    expect(selectListPhase(actor.getSnapshot())).toBe('confirmingDelete');
    actor.send({ type: 'batch.deleteCancelled' });
    expect(store.removed).toEqual([]);
    actor.send({ type: 'batch.deleteRequested' });
    actor.send({ type: 'batch.deleteConfirmed' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.total === 3);
    expect(store.removed[0]).toHaveLength(9);
    expect(store.removed[0]).not.toContain('r3');
    expect(actor.getSnapshot().context.rows.map((r) => r.id)).toEqual(['r3', 'r11', 'r12']);
    expect(actor.getSnapshot().context.selectedIds).toEqual([]);
  });

  it('does not ask to delete with nothing selected', async () => {
    const { actor, settle } = start(2);
    await settle();
    actor.send({ type: 'batch.deleteRequested' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
  });

  it("refuses an empty title with 'Record title cannot be empty' and saves a trimmed one", async () => {
    const { actor, store, settle } = start(2);
    await settle();
    actor.send({ type: 'record.renameStarted', id: 'r1' });
    actor.send({ type: 'record.renamed', id: 'r1', title: '   ' });
    expect(actor.getSnapshot().context.renameErrorKey).toBe(TITLE_EMPTY_KEY);
    expect(actor.getSnapshot().context.editingId).toBe('r1');
    expect(store.edits).toEqual([]);
    actor.send({ type: 'record.renamed', id: 'r1', title: '  Board meeting ' });
    await settle();
    expect(store.edits).toEqual([{ id: 'r1', showName: 'Board meeting' }]);
    expect(actor.getSnapshot().context.rows[0]!.showName).toBe('Board meeting');
    expect(actor.getSnapshot().context.editingId).toBeNull();
  });

  it('tells a failed delete as an error notice once, and a refused rename not at all (it shows by the name)', async () => {
    const refusal = { kind: 'business', code: 500, message: 'Deleting is not possible now' };
    const store = createFakeRecordStore(2);
    const actor = createActor(
      recordListMachine.provide({
        actors: {
          ...store.actors,
          recordBatch: recordBatchMachine.provide({ actors: { ...store.batchActors, removeRecords: fromPromise(() => Promise.reject(refusal)) } }),
        },
      }),
      { input: { scope: 'all', pageSize: 10 } },
    ).start();
    const notices: unknown[] = [];
    actor.on('notice', (notice) => notices.push(notice));
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'record.deleteRequested', id: 'r1' });
    actor.send({ type: 'batch.deleteConfirmed' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(notices).toEqual([{ type: 'notice', level: 'error', message: 'Deleting is not possible now', messageKey: undefined }]);
    actor.send({ type: 'record.renameStarted', id: 'r2' });
    actor.send({ type: 'record.renamed', id: 'r2', title: 'a <bad> name' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.errorMessage).toBe('A title may not contain control characters');
    expect(notices).toHaveLength(1);
  });

  it("keeps the rename open with the server's reason when it refuses", async () => {
    const { actor, settle } = start(1);
    await settle();
    actor.send({ type: 'record.renameStarted', id: 'r1' });
    actor.send({ type: 'record.renamed', id: 'r1', title: 'a <bad> name' });
    await settle();
    expect(actor.getSnapshot().context.editingId).toBe('r1');
    expect(actor.getSnapshot().context.errorMessage).toBe('A title may not contain control characters');
  });

  it('drops a record from the favourites list when it is unfavourited, and from a folder when moved away', async () => {
    const fav = start(3, { scope: 'favourite' }, (store) => {
      store.update('r1', { favorite: true });
      store.update('r3', { favorite: true });
    });
    await fav.settle();
    expect(fav.actor.getSnapshot().context.rows.map((r) => r.id)).toEqual(['r1', 'r3']);
    fav.actor.send({ type: 'selection.toggled', id: 'r1' });
    fav.actor.send({ type: 'record.favouriteToggled', id: 'r1' });
    await fav.settle();
    expect(fav.store.edits).toEqual([{ id: 'r1', favorite: false }]);
    expect(fav.actor.getSnapshot().context.rows.map((r) => r.id)).toEqual(['r3']);
    expect(fav.actor.getSnapshot().context.total).toBe(1);
    expect(fav.actor.getSnapshot().context.selectedIds).toEqual([]);
    const inFolder = start(3, { folderId: '1' });
    await inFolder.settle();
    inFolder.actor.send({ type: 'record.moved', id: 'r2', folderId: '9' });
    await inFolder.settle();
    expect(inFolder.actor.getSnapshot().context.rows.map((r) => r.id)).toEqual(['r1', 'r3']);
    expect(inFolder.actor.getSnapshot().context.total).toBe(2);
    inFolder.actor.send({ type: 'record.favouriteToggled', id: 'r1' });
    await inFolder.settle();
    expect(inFolder.store.edits.at(-1)).toEqual({ id: 'r1', favorite: true });
    expect(inFolder.actor.getSnapshot().context.rows[0]!.favorite).toBe(true);
  });

  it('exports the selection in the chosen format', async () => {
    const { actor, store, settle } = start(3);
    const notices: unknown[] = [];
    actor.on('notice', (notice) => notices.push(notice));
    await settle();
    actor.send({ type: 'selection.toggled', id: 'r1' });
    actor.send({ type: 'selection.toggled', id: 'r2' });
    actor.send({ type: 'batch.exportRequested', format: 'srt' });
    expect(selectListPhase(actor.getSnapshot())).toBe('exporting');
    await settle();
    expect(store.exported).toEqual([{ ids: ['r1', 'r2'], format: 'srt' }]);
    expect(notices).toEqual([{ type: 'notice', level: 'success', messageKey: 'records:exportDone' }]);
  });

  it('shows a failed load with the server message and loads again on reload', async () => {
    let fail = true;
    const machine = recordListMachine.provide({
      actors: {
        fetchPage: fromPromise<RecordPage, { query: RecordQuery }>(async () => {
          if (fail) throw { kind: 'transport', messageKey: 'api:networkError' };
          return { total: 0, rows: [] };
        }),
      },
    });
    const actor = createActor(machine, { input: { scope: 'shared' } }).start();
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.errorKey).toBe('api:networkError');
    fail = false;
    actor.send({ type: 'list.reload' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.errorKey).toBeUndefined();
  });

  it('switches between list and card view in any state', async () => {
    const { actor } = start(1);
    actor.send({ type: 'list.viewModeChanged', mode: 'card' });
    expect(actor.getSnapshot().context.viewMode).toBe('card');
  });
});

describe('recordList machine: progress of running records', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const running = (store: ReturnType<typeof createFakeRecordStore>) => {
    store.update('r2', { state: 'transcribing', progress: 10 });
    store.update('r3', { state: 'translating', progress: 0 });
  };

  it('reads transcribing and translating rows again every period until none is running, then stops', async () => {
    vi.useFakeTimers();
    const { actor, store, settle } = start(3, {}, running);
    await settle();
    expect(selectIsPolling(actor.getSnapshot())).toBe(true);
    expect(store.refreshes).toEqual([]);

    await vi.advanceTimersByTimeAsync(PROGRESS_POLL_MS);
    expect(store.refreshes).toEqual([['r2', 'r3']]);

    store.update('r2', { progress: 60 });
    await vi.advanceTimersByTimeAsync(PROGRESS_POLL_MS);
    expect(actor.getSnapshot().context.rows.find((r) => r.id === 'r2')?.progress).toBe(60);

    store.update('r2', { state: 'transcription_completed', progress: null });
    store.update('r3', { state: 'translation_err', progress: null, errorMessage: 'No translation engine for en-US → xx' });
    await vi.advanceTimersByTimeAsync(PROGRESS_POLL_MS);
    const rows = actor.getSnapshot().context.rows;
    expect(rows.map((r) => r.state)).toEqual(['transcription_completed', 'transcription_completed', 'translation_err']);
    expect(rows[2]!.errorMessage).toBe('No translation engine for en-US → xx');
    expect(selectIsPolling(actor.getSnapshot())).toBe(false);

    await vi.advanceTimersByTimeAsync(PROGRESS_POLL_MS * 5);
    expect(store.refreshes).toHaveLength(3);
    // Only the running rows are read again, never the whole list.
    expect(store.queries).toHaveLength(1);
  });

  it('does not poll a list without running rows', async () => {
    vi.useFakeTimers();
    const { actor, store, settle } = start(3);
    await settle();
    expect(selectIsPolling(actor.getSnapshot())).toBe(false);
    await vi.advanceTimersByTimeAsync(PROGRESS_POLL_MS * 3);
    expect(store.refreshes).toEqual([]);
  });

  it('pauses while the page is hidden and resumes when it shows again', async () => {
    vi.useFakeTimers();
    const { actor, store, settle } = start(3, {}, running);
    await settle();
    actor.send({ type: 'list.visibilityChanged', visible: false });
    expect(selectIsPolling(actor.getSnapshot())).toBe(false);
    await vi.advanceTimersByTimeAsync(PROGRESS_POLL_MS * 3);
    expect(store.refreshes).toEqual([]);
    actor.send({ type: 'list.visibilityChanged', visible: true });
    await vi.advanceTimersByTimeAsync(PROGRESS_POLL_MS);
    expect(store.refreshes).toEqual([['r2', 'r3']]);
  });

  it('drops a running record deleted meanwhile and keeps the rows when a refresh fails', async () => {
    vi.useFakeTimers();
    const { actor, store, settle } = start(3, {}, running);
    await settle();
    store.remove('r3');
    await vi.advanceTimersByTimeAsync(PROGRESS_POLL_MS);
    expect(actor.getSnapshot().context.rows.map((r) => r.id)).toEqual(['r1', 'r2']);
    expect(actor.getSnapshot().context.total).toBe(2);

    const failing = createActor(
      recordListMachine.provide({
        actors: {
          ...store.actors,
          refreshRecords: fromPromise<RecordRefresh, { ids: string[] }>(async () => {
            throw { kind: 'transport', messageKey: 'api:networkError' };
          }),
        },
      }),
      { input: { scope: 'all', pageSize: 10 } },
    ).start();
    await waitFor(failing, (s) => s.matches('ready'));
    await vi.advanceTimersByTimeAsync(PROGRESS_POLL_MS * 2);
    expect(failing.getSnapshot().context.rows.map((r) => r.id)).toEqual(['r1', 'r2']);
    expect(selectIsPolling(failing.getSnapshot())).toBe(true);
    expect(failing.getSnapshot().context.errorKey).toBeUndefined();
  });

  it('reloads page 1 when asked while a first load is still on its way', async () => {
    const { actor, store, settle } = start(2);
    actor.send({ type: 'list.reload' });
    await settle();
    expect(store.queries.map((q) => q.pageNum)).toEqual([1, 1]);
    expect(actor.getSnapshot().context.rows).toHaveLength(2);
  });
});

describe('recordList machine: revoking a share from the shares list', () => {
  const shared = (store: ReturnType<typeof createFakeRecordStore>) => {
    store.update('r1', { shareStatus: '1', shareCode: 'abcdefghijklmnop' });
    store.update('r2', { shareStatus: '1', shareCode: 'qrstuvwxyzabcdef' });
  };

  it("asks to confirm, then revokes with shareStatus '0' and the row leaves the list", async () => {
    const { actor, store, settle } = start(3, { scope: 'shared' }, shared);
    const notices: unknown[] = [];
    actor.on('notice', (notice) => notices.push(notice));
    await settle();
    expect(actor.getSnapshot().context.rows.map((r) => r.id)).toEqual(['r1', 'r2']);
    actor.send({ type: 'record.revokeRequested', id: 'r1' });
    expect(actor.getSnapshot().value).toBe('confirmingRevoke');
    actor.send({ type: 'record.revokeCancelled' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(store.edits).toEqual([]);

    actor.send({ type: 'record.revokeRequested', id: 'r1' });
    actor.send({ type: 'record.revokeConfirmed' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.pendingRevokeId === null);
    expect(notices).toEqual([{ type: 'notice', level: 'success', messageKey: 'records:revoked' }]);
    expect(store.edits).toEqual([{ id: 'r1', shareStatus: '0' }]);
    expect(actor.getSnapshot().context.rows.map((r) => r.id)).toEqual(['r2']);
    expect(actor.getSnapshot().context.total).toBe(1);
    expect(actor.getSnapshot().context.pendingRevokeId).toBeNull();
  });

  it('does not offer to revoke a record that is not shared', async () => {
    const { actor, settle } = start(2);
    await settle();
    actor.send({ type: 'record.revokeRequested', id: 'r1' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
  });
});

describe('recordList machine: Retry on a failed record', () => {
  const failedTwo = (store: ReturnType<typeof createFakeRecordStore>) => {
    store.update('r1', { state: 'transcription_err', errorMessage: 'no speech recognition engine for zh-CN; set ASR_URL' });
    store.update('r2', { state: 'translation_err', errorMessage: 'no translation engine' });
  };

  it('queues a failed record again and shows it running, then polls it', async () => {
    const { actor, store, settle } = start(3, {}, failedTwo);
    await settle();
    actor.send({ type: 'record.retryRequested', id: 'r1' });
    expect(actor.getSnapshot().matches('retrying')).toBe(true);
    expect(actor.getSnapshot().context.pendingRetryId).toBe('r1');
    await waitFor(actor, (s) => s.matches('ready'));
    expect(store.retries).toEqual(['r1']);
    const row = actor.getSnapshot().context.rows.find((r) => r.id === 'r1')!;
    expect(row).toMatchObject({ state: 'transcribing', errorMessage: null });
    expect(actor.getSnapshot().context.pendingRetryId).toBeNull();
    // A running row is read again on the timer, like any other.
    expect(actor.getSnapshot().matches({ ready: 'polling' })).toBe(true);

    actor.send({ type: 'record.retryRequested', id: 'r2' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.pendingRetryId === null);
    expect(actor.getSnapshot().context.rows.find((r) => r.id === 'r2')!.state).toBe('translating');
  });

  it('offers no retry on a record that did not fail, nor on one it does not list', async () => {
    const { actor, store, settle } = start(3, {}, failedTwo);
    await settle();
    actor.send({ type: 'record.retryRequested', id: 'r3' });
    actor.send({ type: 'record.retryRequested', id: 'r99' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(store.retries).toEqual([]);
  });

  it('tells a refused retry as a notice and keeps the row as it was', async () => {
    const store = createFakeRecordStore(2);
    failedTwo(store);
    const actor = createActor(
      recordListMachine.provide({
        actors: {
          ...store.actors,
          retryRecord: fromPromise<RecordItem, { id: string }>(async () => {
            throw { kind: 'business', code: 404, message: 'The record does not exist' };
          }),
        },
      }),
      { input: { scope: 'all', pageSize: 10 } },
    ).start();
    const notices: unknown[] = [];
    actor.on('notice', (notice) => notices.push(notice));
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'record.retryRequested', id: 'r1' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.pendingRetryId === null);
    expect(notices).toEqual([{ type: 'notice', level: 'error', message: 'The record does not exist', messageKey: undefined }]);
    expect(actor.getSnapshot().context.rows.find((r) => r.id === 'r1')!.state).toBe('transcription_err');
  });
});
