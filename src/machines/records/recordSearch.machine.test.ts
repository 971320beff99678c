// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { SearchPage, SearchRecordsQuery } from '../../api/records/search-records';
import { answerSearch, searchDouble } from './recordSearch.doubles';
import {
  SEARCH_DEBOUNCE_MS,
  recordSearchMachine,
  searchQueryOf,
  selectSearchError,
  selectSearchHits,
  selectSearchStatus,
  type RecordSearchInput,
} from './recordSearch.machine';

/** A search whose answers the test releases, recording each request and whether it was aborted. */
function controlledSearch() {
  const calls: Array<{ query: SearchRecordsQuery; signal: AbortSignal; resolve(page: SearchPage): void; reject(error: unknown): void }> = [];
  const actor = fromPromise<SearchPage, SearchRecordsQuery>(
    ({ input, signal }) => new Promise<SearchPage>((resolve, reject) => calls.push({ query: input, signal, resolve, reject })),
  );
  return { actor, calls };
}

function start(input: RecordSearchInput = {}, search = searchDouble) {
  return createActor(recordSearchMachine.provide({ actors: { search } }), { input }).start();
}

describe('recordSearch machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits until typing pauses, then asks once for the last text', async () => {
    const { actor: search, calls } = controlledSearch();
    const actor = start({}, search);
    for (const text of ['b', 'bu', 'bud', 'budget']) {
      actor.send({ type: 'search.typed', text });
      await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 50);
    }
    expect(calls).toHaveLength(0);
    expect(selectSearchStatus(actor.getSnapshot())).toBe('waiting');
    await vi.advanceTimersByTimeAsync(50);
    expect(calls.map((call) => call.query.q)).toEqual(['budget']);
    calls[0]!.resolve(answerSearch(calls[0]!.query));
    await vi.advanceTimersByTimeAsync(0);
    expect(selectSearchStatus(actor.getSnapshot())).toBe('showing');
    expect(selectSearchHits(actor.getSnapshot())).toHaveLength(3);
  });

  it('aborts a request made stale by newer typing and never shows its answer', async () => {
    const { actor: search, calls } = controlledSearch();
    const actor = start({}, search);
    actor.send({ type: 'search.typed', text: 'line 1' });
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    actor.send({ type: 'search.typed', text: 'line 2' });
    expect(calls[0]!.signal.aborted).toBe(true);
    calls[0]!.resolve(answerSearch(calls[0]!.query));
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    expect(selectSearchHits(actor.getSnapshot())).toEqual([]);
    calls[1]!.resolve(answerSearch(calls[1]!.query));
    await vi.advanceTimersByTimeAsync(0);
    expect(selectSearchHits(actor.getSnapshot()).map((hit) => hit.line?.id)).toEqual(['l2']);
    expect(calls[1]!.signal.aborted).toBe(false);
  });

  it('clears the results when the box is emptied, cancelling a request in flight', async () => {
    const { actor: search, calls } = controlledSearch();
    const actor = start({}, search);
    actor.send({ type: 'search.typed', text: 'budget' });
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    actor.send({ type: 'search.typed', text: '   ' });
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(selectSearchStatus(actor.getSnapshot())).toBe('idle');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS * 3);
    expect(calls).toHaveLength(1);
  });

  it('narrows to the current folder and to favourites, searching again at once', async () => {
    const actor = start({ folderId: 'f1' });
    actor.send({ type: 'search.typed', text: 'budget' });
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    expect(selectSearchHits(actor.getSnapshot())).toHaveLength(3);
    actor.send({ type: 'search.filtersChanged', inFolderOnly: true, favoriteOnly: false });
    await vi.advanceTimersByTimeAsync(0);
    expect(selectSearchHits(actor.getSnapshot()).map((hit) => hit.record.folderId)).toEqual(['f1', 'f1']);
    actor.send({ type: 'search.filtersChanged', inFolderOnly: true, favoriteOnly: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(selectSearchHits(actor.getSnapshot()).map((hit) => hit.record.id)).toEqual([]);
    actor.send({ type: 'search.filtersChanged', inFolderOnly: false, favoriteOnly: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(selectSearchHits(actor.getSnapshot()).map((hit) => hit.record.id)).toEqual(['r3']);
    // The page moves to another folder: with 'this folder only', the search follows it.
    actor.send({ type: 'search.filtersChanged', inFolderOnly: true, favoriteOnly: false });
    actor.send({ type: 'search.folderChanged', folderId: '1' });
    await vi.advanceTimersByTimeAsync(0);
    expect(selectSearchHits(actor.getSnapshot()).map((hit) => hit.record.id)).toEqual(['r1', 'r3', 'r5']);
  });

  it('asks for the query as the server takes it: trimmed, capped, filters only when set', () => {
    const context = { text: `  ${'x'.repeat(150)} `, folderId: 'f1', inFolderOnly: false, favoriteOnly: false, hits: [], hasMore: false, pageNum: 0 };
    expect(searchQueryOf(context, 1)).toEqual({ q: 'x'.repeat(100), pageNum: 1, pageSize: 20 });
    expect(searchQueryOf({ ...context, text: 'a', inFolderOnly: true, favoriteOnly: true }, 2)).toEqual({
      q: 'a',
      pageNum: 2,
      pageSize: 20,
      folderId: 'f1',
      favorite: '1',
    });
    // 'This folder only' on a page that shows all records searches everything.
    expect(searchQueryOf({ ...context, text: 'a', folderId: null, inFolderOnly: true }, 1)).toEqual({ q: 'a', pageNum: 1, pageSize: 20 });
  });

  it('reads further pages and keeps earlier hits when one fails', async () => {
    const { actor: search, calls } = controlledSearch();
    const actor = start({}, search);
    actor.send({ type: 'search.typed', text: 'budget' });
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    calls[0]!.resolve({ rows: answerSearch(calls[0]!.query).rows.slice(0, 2), hasMore: true });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'search.more' });
    expect(calls[1]!.query.pageNum).toBe(2);
    calls[1]!.reject({ kind: 'transport', messageKey: 'api:networkError' });
    await vi.advanceTimersByTimeAsync(0);
    expect(selectSearchStatus(actor.getSnapshot())).toBe('showing');
    expect(selectSearchHits(actor.getSnapshot())).toHaveLength(2);
    expect(selectSearchError(actor.getSnapshot()).errorKey).toBe('api:networkError');
    actor.send({ type: 'search.more' });
    calls[2]!.resolve({ rows: answerSearch(calls[0]!.query).rows.slice(2, 3), hasMore: false });
    await vi.advanceTimersByTimeAsync(0);
    expect(selectSearchHits(actor.getSnapshot()).map((hit) => hit.line?.id)).toEqual(['l1', 'l2', 'l3']);
    actor.send({ type: 'search.more' });
    expect(calls).toHaveLength(3);
  });

  it('shows a failure with the server message and tries again on retry', async () => {
    const actor = start();
    actor.send({ type: 'search.typed', text: 'failing' });
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    expect(selectSearchStatus(actor.getSnapshot())).toBe('failed');
    expect(selectSearchError(actor.getSnapshot()).errorMessage).toBe('search refused');
    actor.send({ type: 'search.typed', text: 'budget' });
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    expect(selectSearchStatus(actor.getSnapshot())).toBe('showing');
    expect(selectSearchError(actor.getSnapshot())).toEqual({ errorKey: undefined, errorMessage: undefined });
  });
});
