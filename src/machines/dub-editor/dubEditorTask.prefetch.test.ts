// @vitest-environment node
// The task read the route starts before it can suspend: the machine's first load takes it (no second
// request), a retry or a dropped prefetch reads afresh.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';

import '../../api/test-relative-request';
import { answering, json } from '../../api/test-fetch';
import { dropPrefetchedTask, dubEditorTaskMachine, prefetchTask, selectTask } from './dubEditorTask.machine';

afterEach(() => vi.unstubAllGlobals());

const task = { id: 't1', showName: 'Keynote', audioLanguage: 'en-US', translationLanguage: 'es-ES', duration: 60, state: 'translated' };
const ok = (data: unknown) => json({ code: 200, msg: '', data });

async function loaded(taskId: string) {
  const actor = createActor(dubEditorTaskMachine, { input: { taskId } }).start();
  await waitFor(actor, (snapshot) => snapshot.matches('ready') || snapshot.matches('failed'));
  const shown = selectTask(actor.getSnapshot());
  actor.stop();
  return shown;
}

describe('dubEditorTask prefetch', () => {
  it('the first load takes the prefetched read; a later load reads afresh', async () => {
    const requests = answering(() => ok(task));
    prefetchTask('p1');
    prefetchTask('p1');
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(new URL(requests[0]!.url).searchParams.get('taskId')).toBe('p1');
    expect((await loaded('p1'))?.showName).toBe('Keynote');
    expect(requests).toHaveLength(1);
    await loaded('p1');
    expect(requests).toHaveLength(2);
  });

  it('a dropped prefetch is not taken', async () => {
    const requests = answering(() => ok(task));
    prefetchTask('p2');
    dropPrefetchedTask('p2');
    expect((await loaded('p2'))?.durationMs).toBe(60_000);
    expect(requests).toHaveLength(2);
  });
});
