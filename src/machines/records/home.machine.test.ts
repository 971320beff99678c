import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { fakeRecord } from './recordList.doubles';
import { PROGRESS_POLL_MS } from './recordList.rules';
import type { RecordPage, RecordQuery } from './recordList.types';
import {
  HOME_GUIDE_DISMISSED_KEY,
  HOME_RECENT_COUNT,
  homeMachine,
  readGuideDismissed,
  selectGuideShown,
  selectRecentError,
  selectRecentPhase,
  selectRecentRows,
} from './home.machine';

type Answer = RecordPage | Error;

function start(answers: Answer[], guideDismissed = false) {
  const queries: RecordQuery[] = [];
  const machine = homeMachine.provide({
    actors: {
      fetchRecent: fromPromise<RecordPage, { query: RecordQuery }>(async ({ input }) => {
        queries.push(input.query);
        const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
        if (answer instanceof Error) throw answer;
        return answer;
      }),
    },
  });
  const actor = createActor(machine, { input: { guideDismissed } }).start();
  return { actor, queries };
}

const page = (...rows: RecordPage['rows']): RecordPage => ({ total: rows.length + 10, rows });

describe('home page machine: newest records', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.useRealTimers());

  it('reads the newest records first from the record list operation', async () => {
    const { actor, queries } = start([page(fakeRecord(2), fakeRecord(1))]);
    expect(selectRecentPhase(actor.getSnapshot())).toBe('loading');
    await waitFor(actor, (s) => selectRecentPhase(s) === 'ready');
    expect(queries).toEqual([{ pageNum: 1, pageSize: HOME_RECENT_COUNT, isAsc: 'descending', orderByColumn: 'create_time' }]);
    expect(selectRecentRows(actor.getSnapshot()).map((r) => r.id)).toEqual(['r2', 'r1']);
  });

  it('shows a failure in place and loads again on retry', async () => {
    const { actor } = start([new Error('offline'), page(fakeRecord(1))]);
    await waitFor(actor, (s) => selectRecentPhase(s) === 'failed');
    expect(selectRecentError(actor.getSnapshot()).errorKey).toBe('records:loadFailed');
    actor.send({ type: 'home.retry' });
    await waitFor(actor, (s) => selectRecentPhase(s) === 'ready');
    expect(selectRecentRows(actor.getSnapshot())).toHaveLength(1);
    expect(selectRecentError(actor.getSnapshot()).errorKey).toBeUndefined();
  });

  it('follows a running record until it is done, then stops asking', async () => {
    vi.useFakeTimers();
    const { actor, queries } = start([
      page(fakeRecord(1, { state: 'transcribing', progress: 20 })),
      page(fakeRecord(1, { state: 'transcribing', progress: 60 })),
      page(fakeRecord(1, { state: 'transcription_completed', progress: 100 })),
    ]);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches({ recent: { ready: 'polling' } })).toBe(true);
    await vi.advanceTimersByTimeAsync(PROGRESS_POLL_MS);
    expect(selectRecentRows(actor.getSnapshot())[0]!.progress).toBe(60);
    await vi.advanceTimersByTimeAsync(PROGRESS_POLL_MS);
    expect(selectRecentRows(actor.getSnapshot())[0]!.state).toBe('transcription_completed');
    expect(actor.getSnapshot().matches({ recent: { ready: 'idle' } })).toBe(true);
    await vi.advanceTimersByTimeAsync(PROGRESS_POLL_MS * 3);
    expect(queries).toHaveLength(3);
  });

  it('keeps the rows shown when a refresh fails', async () => {
    vi.useFakeTimers();
    const { actor } = start([page(fakeRecord(1, { state: 'translating', progress: 10 })), new Error('offline')]);
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(PROGRESS_POLL_MS);
    expect(selectRecentPhase(actor.getSnapshot())).toBe('ready');
    expect(selectRecentRows(actor.getSnapshot())[0]!.progress).toBe(10);
  });

  it('reloads when records were added (list.reload)', async () => {
    const { actor, queries } = start([page(fakeRecord(1)), page(fakeRecord(2), fakeRecord(1))]);
    await waitFor(actor, (s) => selectRecentPhase(s) === 'ready');
    actor.send({ type: 'list.reload' });
    await waitFor(actor, (s) => selectRecentRows(s).length === 2);
    expect(queries).toHaveLength(2);
  });
});

describe('home page machine: first-use guide', () => {
  beforeEach(() => localStorage.clear());

  it('is shown until dismissed, and the dismissal is remembered', () => {
    const first = start([page()]);
    expect(selectGuideShown(first.actor.getSnapshot())).toBe(true);
    first.actor.send({ type: 'guide.dismiss' });
    expect(selectGuideShown(first.actor.getSnapshot())).toBe(false);
    expect(localStorage.getItem(HOME_GUIDE_DISMISSED_KEY)).toBe('1');
    expect(readGuideDismissed()).toBe(true);
    const again = start([page()], readGuideDismissed());
    expect(selectGuideShown(again.actor.getSnapshot())).toBe(false);
  });

  it('is shown when storage cannot be read', () => {
    expect(readGuideDismissed({ getItem: () => { throw new Error('denied'); } })).toBe(false);
    expect(readGuideDismissed(undefined)).toBe(false);
  });
});
