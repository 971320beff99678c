import { createActor, waitFor } from 'xstate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { summaryDoubles } from './transcript.doubles';
import { SUMMARY_POLL_MS } from './summary.machine';

describe('summary machine', () => {
  afterEach(() => vi.useRealTimers());

  it('shows an empty panel when there is no summary, then generates and re-reads until complete', async () => {
    vi.useFakeTimers();
    const actor = createActor(summaryDoubles(), { input: { transId: 'none' } }).start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('empty')).toBe(true));
    actor.send({ type: 'summary.generate' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('generating')).toBe(true));
    await vi.advanceTimersByTimeAsync(SUMMARY_POLL_MS);
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ ready: 'refreshable' })).toBe(true));
    expect(actor.getSnapshot().context.summary?.content).toBe('They met and agreed.');
  });

  it('counts down before a refresh is allowed', async () => {
    vi.useFakeTimers();
    const actor = createActor(summaryDoubles(3), { input: { transId: 'r1' } }).start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ ready: 'coolingDown' })).toBe(true));
    actor.send({ type: 'summary.generate' });
    expect(actor.getSnapshot().matches({ ready: 'coolingDown' })).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().context.refreshSecondsLeft).toBe(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(actor.getSnapshot().matches({ ready: 'refreshable' })).toBe(true);
  });

  it('summarises the latest lines on request', async () => {
    const actor = createActor(summaryDoubles(), { input: { transId: 'r1' } }).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'summary.latest', count: 20 });
    await waitFor(actor, (s) => s.matches({ ready: 'refreshable' }));
  });
});
