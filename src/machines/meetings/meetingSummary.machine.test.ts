// @vitest-environment node
import { createActor, fromPromise, waitFor } from 'xstate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MEETING_SUMMARY_REFRESH_SECONDS } from '../../shared/contract/limits';
import type { Summary } from '../../api/meetings/meeting-types';
import { meetingSummaryMachine } from './meetingSummary.machine';

afterEach(() => vi.useRealTimers());

const answer = (content: string, keyPoints: string[] = []): Summary => ({ transId: 't', state: 'completed', content, keyPoints, lang: 'en-US', refreshAfterSeconds: 0 });

function started(summarize: (input: { transId: string; lang?: string }) => Promise<Summary>, languages = ['en-US', 'es-ES']) {
  const logic = meetingSummaryMachine.provide({ actors: { summarize: fromPromise<Summary, { transId: string; lang?: string }>(({ input }) => summarize(input)) } });
  return createActor(logic, { input: { transId: 't', languages } }).start();
}

describe('meetingSummary machine', () => {
  it('summarises on demand, then refreshes by itself each time its countdown runs out, until the meeting ends', async () => {
    vi.useFakeTimers();
    const summarize = vi.fn(async () => answer('Points.'));
    const actor = started(summarize);
    actor.send({ type: 'summary.request', hostLanguage: 'en-US' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('coolingDown')).toBe(true));
    expect(actor.getSnapshot().context.summary?.content).toBe('Points.');
    expect(actor.getSnapshot().context.secondsLeft).toBe(MEETING_SUMMARY_REFRESH_SECONDS);
    // A request during the countdown asks nothing more.
    actor.send({ type: 'summary.request' });
    expect(summarize).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(MEETING_SUMMARY_REFRESH_SECONDS * 1000);
    expect(summarize).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().matches('coolingDown')).toBe(true);
    actor.send({ type: 'summary.stop' });
    await vi.advanceTimersByTimeAsync(MEETING_SUMMARY_REFRESH_SECONDS * 3000);
    expect(summarize).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().value).toBe('stopped');
  });

  it('asks in the host’s interface language (not the first translation language) and shows each sentence once', async () => {
    // The reported case: an English host got one Spanish sentence three times, and again as key points.
    const summarize = vi.fn(async (_: { transId: string; lang?: string }) => answer('We ship Friday. We ship Friday. We ship Friday.', ['We ship Friday.', 'We ship Friday.', 'Ann writes the notes.']));
    const actor = started(summarize);
    actor.send({ type: 'summary.request', hostLanguage: 'en-US' });
    await waitFor(actor, (s) => s.matches('coolingDown'));
    expect(summarize.mock.calls[0]![0]).toEqual({ transId: 't', lang: 'en-US' });
    expect(actor.getSnapshot().context.summary).toMatchObject({ content: 'We ship Friday.', keyPoints: ['Ann writes the notes.'], lang: 'en-US' });
  });

  it('leaves the language to the record when the host’s is not one of the meeting’s', async () => {
    const summarize = vi.fn(async (_: { transId: string; lang?: string }) => answer('Points.'));
    const actor = started(summarize, ['es-ES', 'fr-FR']);
    actor.send({ type: 'summary.request', hostLanguage: 'zh-TW' });
    await waitFor(actor, (s) => s.matches('coolingDown'));
    expect(summarize.mock.calls[0]![0]).toEqual({ transId: 't' });
  });

  it('keeps the server message when summarising fails', async () => {
    const actor = started(async () => {
      throw { kind: 'business', message: 'No lines yet' };
    });
    actor.send({ type: 'summary.request' });
    await waitFor(actor, (s) => s.context.errorMessage !== null);
    expect(actor.getSnapshot().context.errorMessage).toBe('No lines yet');
    expect(actor.getSnapshot().value).toBe('idle');
  });
});
