// Path model of the home page (convention: src/testing/paths.ts). The records double answers
// by the page's own context (its parent): nothing read yet → fails once; after the failure → a
// running record (30%); then further on (60%), then done; a finished one shown → a new running one
// (the reload after an upload). Two inputs: the guide not dismissed yet, and dismissed before.
import { fromPromise, type AnyMachineSnapshot } from 'xstate';
import type { PathsModel } from '../../testing/paths';
import { fakeRecord } from './recordList.doubles';
import type { RecordPage, RecordQuery } from './recordList.types';
import { homeMachine, type HomeContext } from './home.machine';

const OFFLINE = { kind: 'transport', messageKey: 'api:networkError' };
const RUNNING: RecordPage = { total: 1, rows: [fakeRecord(1, { state: 'transcribing', progress: 30 })] };
const FURTHER: RecordPage = { total: 1, rows: [fakeRecord(1, { state: 'transcribing', progress: 60 })] };
const DONE: RecordPage = { total: 1, rows: [fakeRecord(1, { state: 'transcription_completed', progress: 100 })] };

type Answer = { fails: true } | { page: RecordPage };
function answerFor(context: HomeContext | undefined): Answer {
  if (!context || (context.rows.length === 0 && !context.errorKey)) return { fails: true };
  if (context.rows.length === 0) return { page: RUNNING };
  const shown = context.rows[0]!;
  if (shown.state !== 'transcribing') return { page: RUNNING };
  return { page: shown.progress === 30 ? FURTHER : DONE };
}

const parentContext = (self: { _parent?: { getSnapshot(): { context?: unknown } } }) => self._parent?.getSnapshot().context as HomeContext | undefined;
const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as HomeContext;
const outcome = (id: string) => ({
  [`xstate.done.actor.${id}`]: (snapshot: AnyMachineSnapshot) => {
    const answer = answerFor(contextOf(snapshot));
    return 'page' in answer ? [{ type: `xstate.done.actor.${id}`, output: answer.page }] : [];
  },
  [`xstate.error.actor.${id}`]: (snapshot: AnyMachineSnapshot) =>
    'fails' in answerFor(contextOf(snapshot)) ? [{ type: `xstate.error.actor.${id}`, error: OFFLINE }] : [],
});

export const pathsModel: PathsModel = {
  name: 'home',
  unreachable: [
    {
      transition: 'recent.ready.polling.refreshing -xstate.error:refreshRecent-> recent.ready.polling.waiting',
      reason:
        'Not walkable by a path model: the double answers by context, and a refresh only starts with rows shown, where the first ' +
        "load's failure is already behind. Covered by home.machine.test.ts ('keeps the rows shown when a refresh fails').",
    },
  ],
  machine: homeMachine.provide({
    actors: {
      fetchRecent: fromPromise<RecordPage, { query: RecordQuery }>(async ({ self }) => {
        const answer = answerFor(parentContext(self));
        if ('fails' in answer) throw OFFLINE;
        return answer.page;
      }),
    },
  }),
  inputs: [{ guideDismissed: false }, { guideDismissed: true }],
  events: {
    // A refresh settles within the tick that started it, so nothing else is sent while it runs.
    'guide.dismiss': (snapshot) => (snapshot.matches({ recent: { ready: { polling: 'refreshing' } } }) ? [] : [{ type: 'guide.dismiss' }]),
    'list.reload': (snapshot) => (snapshot.matches({ recent: { ready: { polling: 'refreshing' } } }) ? [] : [{ type: 'list.reload' }]),
    ...outcome('fetchRecent'),
    ...outcome('refreshRecent'),
  },
  produced: ['progress.tick'],
  serializeContext: (context: HomeContext) => ({
    rows: context.rows.map((row) => `${row.state}:${row.progress ?? ''}`),
    failed: Boolean(context.errorKey),
    guideDismissed: context.guideDismissed,
  }),
};
