// Path model of the dub editor's task. Task 'gone' is refused by the load double (not found); a
// rename to a name starting with 'bad' is refused by the rename double; anything else succeeds.
import { fromPromise, type AnyMachineSnapshot } from 'xstate';
import type { PathsModel } from '../../testing/paths';
import { dubEditorTaskMachine, type DubEditorTask, type DubEditorTaskContext, type RenameInput } from './dubEditorTask.machine';

const TASK: DubEditorTask = { showName: 'Keynote', audioLanguage: 'en-US', translationLanguage: 'es-ES', durationMs: 60_000, hasDubbedVideo: true, expired: false, voiceLeftDb: 38.5 };
const NOT_FOUND = { message: 'Not found' };
const RENAME_REFUSED = { message: 'Refused' };
const LINES = [{ id: 'l1', startMs: 0, endMs: 1000, text: 'hi' }];
const context = (snapshot: AnyMachineSnapshot) => snapshot.context as DubEditorTaskContext;

export const pathsModel: PathsModel = {
  name: 'dubEditorTask',
  machine: dubEditorTaskMachine.provide({
    actors: {
      loadTask: fromPromise<DubEditorTask, { taskId: string }>(async ({ input }) => {
        if (input.taskId === 'gone') throw NOT_FOUND;
        return TASK;
      }),
      rename: fromPromise<void, RenameInput>(async ({ input }) => {
        if (input.name.startsWith('bad')) throw RENAME_REFUSED;
      }),
    },
  }),
  inputs: [{ taskId: 't1' }, { taskId: 'gone' }],
  events: {
    rename: ['Board meeting', 'bad name', '   '].map((name) => ({ type: 'rename', name, lines: LINES })),
    'xstate.done.actor.loadTask': (snapshot) => (context(snapshot).taskId === 'gone' ? [] : [{ type: 'xstate.done.actor.loadTask', output: TASK }]),
    'xstate.error.actor.loadTask': (snapshot) => (context(snapshot).taskId === 'gone' ? [{ type: 'xstate.error.actor.loadTask', error: NOT_FOUND }] : []),
    'xstate.done.actor.rename': (snapshot) => ((context(snapshot).pendingName ?? '').startsWith('bad') ? [] : [{ type: 'xstate.done.actor.rename' }]),
    'xstate.error.actor.rename': (snapshot) => ((context(snapshot).pendingName ?? '').startsWith('bad') ? [{ type: 'xstate.error.actor.rename', error: RENAME_REFUSED }] : []),
  },
  serializeContext: (c: DubEditorTaskContext) => ({ task: c.taskId, name: c.task?.showName ?? null, pending: c.pendingName, error: c.errorKey ?? c.errorMessage }),
};
