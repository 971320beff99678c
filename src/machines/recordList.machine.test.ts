import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  DATE_RANGE_INVALID_KEY,
  TITLE_EMPTY_KEY,
  buildQuery,
  recordListMachine,
  selectAllSelected,
  selectHasMore,
  type RecordListInput,
} from './recordList.machine';
import { createFakeRecordStore } from './recordList.testing';
import type { RecordPage, RecordQuery } from './recordList.types';

function start(count: number, input: Partial<RecordListInput> = {}) {
  const store = createFakeRecordStore(count);
  const actor = createActor(recordListMachine.provide({ actors: store.actors }), {
    input: { scope: 'all', pageSize: 10, ...input },
  }).start();
  const settle = () => waitFor(actor, (s) => s.matches('ready') || s.matches('failed') || s.matches('confirmingDelete'));
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
    expect(actor.getSnapshot().value).toBe('ready');
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
    expect(actor.getSnapshot().value).toBe('confirmingDelete');
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
    expect(actor.getSnapshot().value).toBe('ready');
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
    const fav = start(0, { scope: 'favourite' });
    fav.store.records.push();
    await fav.settle();
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
    await settle();
    actor.send({ type: 'selection.toggled', id: 'r1' });
    actor.send({ type: 'selection.toggled', id: 'r2' });
    actor.send({ type: 'batch.exportRequested', format: 'srt' });
    expect(actor.getSnapshot().value).toBe('exporting');
    await settle();
    expect(store.exported).toEqual([{ ids: ['r1', 'r2'], format: 'srt' }]);
    expect(actor.getSnapshot().context.exportsDone).toBe(1);
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
