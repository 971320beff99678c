// The home page (issue 10 §3): the user's newest records with their states and progress, read from
// the record list operation, and a first-use guide the user can dismiss for good.
//   recent: loading → ready (idle, or polling while a record is being processed: waiting ⇄ refreshing) | failed
//   guide:  deciding → shown → hidden (remembered in localStorage) | hidden
import { assign, setup, type SnapshotFrom } from 'xstate';
import { queryRecordsActor } from '../../api/records/query-records';
import { describeError } from '../../api/errors';
import { LOAD_FAILED_KEY, isRunning, progressPollActor } from './recordList.rules';
import type { RecordItem, RecordPage, RecordQuery } from './recordList.types';

/** How many of the newest records the home page shows. */
export const HOME_RECENT_COUNT = 5;
export const HOME_GUIDE_DISMISSED_KEY = 'parley.homeGuideDismissed';

/** The newest records first, as the restore check reads them (platform §7). */
export const HOME_RECENT_QUERY: RecordQuery = { pageNum: 1, pageSize: HOME_RECENT_COUNT, isAsc: 'descending', orderByColumn: 'create_time' };

export interface HomeInput {
  guideDismissed: boolean;
}

export interface HomeContext {
  rows: RecordItem[];
  total: number;
  guideDismissed: boolean;
  errorKey?: string | undefined;
  errorMessage?: string | undefined;
}

export type HomeEvent = { type: 'list.reload' } | { type: 'home.retry' } | { type: 'guide.dismiss' } | { type: 'progress.tick' };

/** Whether the guide was dismissed in this browser before (storage may be unavailable: then shown). */
export function readGuideDismissed(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): boolean {
  try {
    return storage?.getItem(HOME_GUIDE_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

export const homeMachine = setup({
  types: {
    input: {} as HomeInput,
    context: {} as HomeContext,
    events: {} as HomeEvent,
  },
  actors: {
    fetchRecent: queryRecordsActor,
    progressPoll: progressPollActor,
  },
  actions: {
    showPage: assign(({ event }) => {
      const page = (event as unknown as { output: RecordPage }).output;
      return { rows: page.rows, total: page.total };
    }),
    rememberGuideDismissed: () => {
      try {
        globalThis.localStorage?.setItem(HOME_GUIDE_DISMISSED_KEY, '1');
      } catch {
        // Storage refused (privacy mode): the guide is hidden for this visit only.
      }
    },
  },
  guards: {
    hasRunningRows: ({ context }) => context.rows.some(isRunning),
    guideDismissed: ({ context }) => context.guideDismissed,
  },
}).createMachine({
  id: 'home',
  context: ({ input }) => ({ rows: [], total: 0, guideDismissed: input.guideDismissed }),
  type: 'parallel',
  states: {
    recent: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'fetchRecent',
            src: 'fetchRecent',
            input: () => ({ query: HOME_RECENT_QUERY }),
            onDone: { target: 'ready', actions: ['showPage', assign({ errorKey: undefined, errorMessage: undefined })] },
            onError: {
              target: 'failed',
              actions: assign(({ event }) => {
                const { errorKey, errorMessage } = describeError(event.error, LOAD_FAILED_KEY);
                return { errorKey, errorMessage };
              }),
            },
          },
        },
        ready: {
          initial: 'idle',
          on: { 'list.reload': 'loading' },
          states: {
            idle: {
              always: { guard: 'hasRunningRows', target: 'polling' },
            },
            // States and progress move on screen while a record is transcribed or translated: one
            // poll for the whole time, each tick reads the newest records again.
            polling: {
              invoke: { id: 'progressPoll', src: 'progressPoll' },
              initial: 'waiting',
              states: {
                waiting: {
                  on: { 'progress.tick': 'refreshing' },
                },
                refreshing: {
                  invoke: {
                    id: 'refreshRecent',
                    src: 'fetchRecent',
                    input: () => ({ query: HOME_RECENT_QUERY }),
                    onDone: [
                      { guard: ({ event }) => (event.output as RecordPage).rows.some(isRunning), target: 'waiting', actions: 'showPage' },
                      { target: '#home.recent.ready.idle', actions: 'showPage' },
                    ],
                    // A failed refresh keeps the rows shown; the next tick tries again.
                    onError: 'waiting',
                  },
                },
              },
            },
          },
        },
        failed: {
          on: { 'home.retry': 'loading', 'list.reload': 'loading' },
        },
      },
    },
    guide: {
      initial: 'deciding',
      states: {
        deciding: {
          always: [{ guard: 'guideDismissed', target: 'hidden' }, { target: 'shown' }],
        },
        shown: {
          on: { 'guide.dismiss': { target: 'hidden', actions: ['rememberGuideDismissed', assign({ guideDismissed: true })] } },
        },
        hidden: {},
      },
    },
  },
});

export type HomeSnapshot = SnapshotFrom<typeof homeMachine>;

export type RecentPhase = 'loading' | 'ready' | 'failed';
export const selectRecentPhase = (snapshot: HomeSnapshot): RecentPhase =>
  snapshot.matches({ recent: 'loading' }) ? 'loading' : snapshot.matches({ recent: 'failed' }) ? 'failed' : 'ready';
export const selectRecentRows = (snapshot: HomeSnapshot) => snapshot.context.rows;
export const selectRecentTotal = (snapshot: HomeSnapshot) => snapshot.context.total;
export const selectRecentError = (snapshot: HomeSnapshot) => ({ errorKey: snapshot.context.errorKey, errorMessage: snapshot.context.errorMessage });
export const selectGuideShown = (snapshot: HomeSnapshot) => snapshot.matches({ guide: 'shown' });
