import { createActor, fromPromise, waitFor } from 'xstate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MEETING_SUMMARY_REFRESH_SECONDS } from '../../shared/contract/limits';
import type { Summary } from '../../api/meetings/meeting-types';
import { meetingSummaryMachine } from './meetingSummary.machine';

afterEach(() => vi.useRealTimers());

describe('meetingSummary machine', () => {
  it('summarises on demand and counts down before the next refresh', async () => {
    vi.useFakeTimers();
    const summarize = vi.fn(async () => ({ transId: 't', state: 'completed', content: 'Points', refreshAfterSeconds: 0 }) as Summary);
    const actor = createActor(meetingSummaryMachine.provide({ actors: { summarize: fromPromise(summarize) } }), { input: { transId: 't' } }).start();
    actor.send({ type: 'summary.request' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('coolingDown')).toBe(true));
    expect(actor.getSnapshot().context.summary?.content).toBe('Points');
    expect(actor.getSnapshot().context.secondsLeft).toBe(MEETING_SUMMARY_REFRESH_SECONDS);
    actor.send({ type: 'summary.request' });
    expect(summarize).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(MEETING_SUMMARY_REFRESH_SECONDS * 1000);
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'summary.request' });
    expect(summarize).toHaveBeenCalledTimes(2);
  });

  it('keeps the server message when summarising fails', async () => {
    const actor = createActor(
      meetingSummaryMachine.provide({ actors: { summarize: fromPromise<Summary, { transId: string; lang?: string }>(async () => { throw { kind: 'business', message: 'No lines yet' }; }) } }),
      { input: { transId: 't' } },
    ).start();
    actor.send({ type: 'summary.request' });
    await waitFor(actor, (s) => s.context.errorMessage !== null);
    expect(actor.getSnapshot().context.errorMessage).toBe('No lines yet');
  });
});
