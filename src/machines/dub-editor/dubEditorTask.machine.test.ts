// @vitest-environment node
import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { dubEditorTaskMachine, NAME_REQUIRED_KEY, selectShownName, selectTask, selectTaskError, selectTaskPhase, TASK_LOAD_FAILED_KEY, type DubEditorTask, type RenameInput } from './dubEditorTask.machine';

const TASK: DubEditorTask = { showName: 'Keynote', audioLanguage: 'en-US', translationLanguage: 'es-ES', durationMs: 60_000, hasDubbedVideo: false, expired: false, voiceLeftDb: null };
const LINES = [{ id: 'l1', startMs: 0, endMs: 1000, text: 'hi' }];
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function start(options: { load?: () => Promise<DubEditorTask>; rename?: (input: { name: string; lines: readonly unknown[] }) => Promise<void> } = {}) {
  const renames: Array<{ name: string; lines: readonly unknown[] }> = [];
  const actor = createActor(
    dubEditorTaskMachine.provide({
      actors: {
        loadTask: fromPromise(options.load ?? (async () => TASK)),
        rename: fromPromise<void, RenameInput>(async ({ input }) => {
          renames.push({ name: input.name, lines: input.lines });
          await options.rename?.(input);
        }),
      },
    }),
    { input: { taskId: 't1' } },
  ).start();
  return { actor, renames };
}

describe('dubEditorTask machine', () => {
  it('loads the task, then renames it with the lines held now', async () => {
    const { actor, renames } = start();
    expect(selectTaskPhase(actor.getSnapshot())).toBe('loading');
    await flush();
    expect(selectTask(actor.getSnapshot())).toEqual(TASK);
    actor.send({ type: 'rename', name: '  Board meeting ', lines: LINES });
    expect(selectShownName(actor.getSnapshot())).toBe('Board meeting');
    await flush();
    expect(renames).toEqual([{ name: 'Board meeting', lines: LINES }]);
    expect(selectTask(actor.getSnapshot())?.showName).toBe('Board meeting');
  });

  it('refuses an empty name without calling the server', async () => {
    const { actor, renames } = start();
    await flush();
    actor.send({ type: 'rename', name: '   ', lines: LINES });
    expect(selectTaskError(actor.getSnapshot()).key).toBe(NAME_REQUIRED_KEY);
    expect(renames).toEqual([]);
    expect(selectShownName(actor.getSnapshot())).toBe('Keynote');
  });

  it('keeps the old name and says why when the server refuses the rename', async () => {
    const { actor } = start({
      rename: async () => {
        throw { message: 'Name too long' };
      },
    });
    await flush();
    actor.send({ type: 'rename', name: 'x', lines: LINES });
    await flush();
    expect(selectShownName(actor.getSnapshot())).toBe('Keynote');
    expect(selectTaskError(actor.getSnapshot()).message).toBe('Name too long');
    actor.send({ type: 'dismissError' });
    expect(selectTaskError(actor.getSnapshot())).toEqual({ key: null, message: null });
  });

  it('fails to load with the server message or the load-failed text, and retries', async () => {
    let calls = 0;
    const { actor } = start({
      load: async () => {
        calls += 1;
        if (calls === 1) throw new Error('offline');
        return TASK;
      },
    });
    await flush();
    expect(selectTaskPhase(actor.getSnapshot())).toBe('failed');
    expect(selectTaskError(actor.getSnapshot()).key).toBe(TASK_LOAD_FAILED_KEY);
    actor.send({ type: 'retry' });
    await flush();
    expect(selectTaskPhase(actor.getSnapshot())).toBe('ready');
  });
});
