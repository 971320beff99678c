// @vitest-environment node
import { createActor, fromPromise, waitFor } from 'xstate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SummaryView } from './transcript.types';
import { summaryDoubles, summaryOf } from './transcript.doubles';
import { SUMMARY_POLL_MS, selectCanRefresh, selectOffersRegenerate } from './summary.machine';

describe('summary machine', () => {
  afterEach(() => vi.useRealTimers());

  it('shows an empty panel when there is no summary, then generates and re-reads until complete', async () => {
    vi.useFakeTimers();
    const actor = createActor(summaryDoubles(), { input: { transId: 'none' } }).start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('empty')).toBe(true));
    actor.send({ type: 'summary.generate' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('generating')).toBe(true));
    await vi.advanceTimersByTimeAsync(SUMMARY_POLL_MS);
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ ready: 'current' })).toBe(true));
    expect(actor.getSnapshot().context.summary?.content).toBe('They met and agreed.');
    // Made from the transcript as it is: "Summarise now" is not offered again.
    expect(selectOffersRegenerate(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'summary.generate' });
    expect(actor.getSnapshot().matches({ ready: 'current' })).toBe(true);
  });

  it('offers to regenerate a summary older than the transcript’s edits, after the countdown', async () => {
    vi.useFakeTimers();
    const actor = createActor(summaryDoubles(3), { input: { transId: 'edited' } }).start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ ready: 'coolingDown' })).toBe(true));
    actor.send({ type: 'summary.generate' });
    expect(actor.getSnapshot().matches({ ready: 'coolingDown' })).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().context.refreshSecondsLeft).toBe(2);
    expect(selectOffersRegenerate(actor.getSnapshot())).toBe(true);
    expect(selectCanRefresh(actor.getSnapshot())).toBe(false);
    await vi.advanceTimersByTimeAsync(2000);
    expect(actor.getSnapshot().matches({ ready: 'refreshable' })).toBe(true);
    actor.send({ type: 'summary.generate' });
    expect(actor.getSnapshot().matches('requesting')).toBe(true);
  });

  it('summarises the latest lines on request', async () => {
    const asked: Array<{ transId: string; count: number }> = [];
    const machine = summaryDoubles().provide({
      actors: {
        latest: fromPromise<SummaryView | null, { transId: string; count: number }>(async ({ input }) => {
          asked.push(input);
          return { ...summaryOf('completed'), content: 'Lately: the budget was approved.' };
        }),
      },
    });
    const actor = createActor(machine, { input: { transId: 'r1' } }).start();
    await waitFor(actor, (s) => s.matches({ ready: 'current' }));
    expect(actor.getSnapshot().context.summary?.content).toBe('They met and agreed.');
    actor.send({ type: 'summary.latest', count: 20 });
    expect(actor.getSnapshot().matches('requestingLatest')).toBe(true);
    expect(asked).toEqual([{ transId: 'r1', count: 20 }]);
    await waitFor(actor, (s) => s.matches({ ready: 'current' }));
    expect(actor.getSnapshot().context.summary?.content).toBe('Lately: the budget was approved.');
  });
});
