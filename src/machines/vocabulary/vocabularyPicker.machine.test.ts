// @vitest-environment node
import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { selectPickerConfirmed, selectPickerFailed, selectPickerLibraries, selectPickerSelected, vocabularyPickerMachine } from './vocabularyPicker.machine';
import { LIBRARIES, vocabularyPickerDoubles } from './vocabularyPicker.paths';

const start = (confirmed?: string[], loadLibraries = vocabularyPickerDoubles.loadLibraries) =>
  createActor(vocabularyPickerMachine.provide({ actors: { loadLibraries } }), { input: confirmed ? { confirmed } : {} }).start();

describe('vocabulary picker', () => {
  it('loads the libraries on open, confirms the ticked ones', async () => {
    const queries: unknown[] = [];
    const actor = start(undefined, fromPromise(async ({ input }: { input: { picked: string[] } }) => (queries.push(input), LIBRARIES)));
    actor.send({ type: 'picker.open' });
    await waitFor(actor, (s) => s.matches('choosing'));
    expect(queries).toEqual([{ picked: [] }]);
    expect(selectPickerLibraries(actor.getSnapshot()).map((l) => l.id)).toEqual(['lib-proper', 'lib-sensitive']);
    actor.send({ type: 'picker.toggle', id: 'lib-sensitive' });
    actor.send({ type: 'picker.toggle', id: 'lib-proper' });
    actor.send({ type: 'picker.toggle', id: 'lib-sensitive' });
    actor.send({ type: 'picker.confirm' });
    expect(actor.getSnapshot().matches('closed')).toBe(true);
    expect(selectPickerConfirmed(actor.getSnapshot())).toEqual(['lib-proper']);
  });

  it('cancel keeps the earlier pick, and a deleted library drops out of it', async () => {
    const actor = start(['lib-proper', 'deleted']);
    actor.send({ type: 'picker.open' });
    await waitFor(actor, (s) => s.matches('choosing'));
    expect(selectPickerSelected(actor.getSnapshot())).toEqual(['lib-proper']);
    actor.send({ type: 'picker.toggle', id: 'lib-proper' });
    actor.send({ type: 'picker.cancel' });
    expect(selectPickerConfirmed(actor.getSnapshot())).toEqual(['lib-proper', 'deleted']);
    actor.send({ type: 'picker.open' });
    expect(selectPickerSelected(actor.getSnapshot())).toEqual(['lib-proper', 'deleted']);
  });

  it('shows a failed load and retries it', async () => {
    let calls = 0;
    const actor = start(undefined, fromPromise<typeof LIBRARIES, { picked: string[] }>(async () => {
      calls++;
      if (calls === 1) throw new Error('offline');
      return LIBRARIES;
    }));
    actor.send({ type: 'picker.open' });
    await waitFor(actor, (s) => selectPickerFailed(s));
    actor.send({ type: 'picker.retry' });
    await waitFor(actor, (s) => s.matches('choosing'));
    expect(calls).toBe(2);
  });
});
