// The dubbing task behind the dub editor screen (issue 13 §2 header): its name, languages, length
// and whether a dubbed video can be played (dubbed and not expired), read with getFileByTaskId;
// and the record name, renamed through the edits call. The name is required: an empty one is
// refused here as in the header. loading → ready (idle ⇄ renaming) or failed (retry).
import { assign, fromPromise, setup } from 'xstate';
import { getDubTask } from '../../api/dubbing/get-file-by-task-id';
import { renameDubTask } from '../../api/dubbing/rename-task';
import { required, unwrap } from '../../api/errors';
import type { DubLine } from './subtitleEditor.types';

// The player's addresses (the media element fetches them itself), for the route.
export { dubMediaUrlOf } from '../../api/dubbing/media-url';

export interface DubEditorTask {
  showName: string;
  audioLanguage: string | null;
  translationLanguage: string | null;
  durationMs: number | null;
  /** A composed dubbed video exists and was not purged after 7 days. */
  hasDubbedVideo: boolean;
  expired: boolean;
  /** Voice removal of the last dub: dB the original sits below the dub under its lines (null before one). */
  voiceLeftDb: number | null;
}

export interface RenameInput {
  taskId: string;
  name: string;
  lines: readonly DubLine[];
}

export interface DubEditorTaskContext {
  taskId: string;
  task: DubEditorTask | null;
  /** The name being saved; the task keeps the old one until the server took it. */
  pendingName: string | null;
  errorKey: string | null;
  errorMessage: string | null;
}

export type DubEditorTaskEvent = { type: 'rename'; name: string; lines: readonly DubLine[] } | { type: 'retry' } | { type: 'dismissError' };

export const TASK_LOAD_FAILED_KEY = 'dubEditor:page.loadFailed';
export const NAME_REQUIRED_KEY = 'dubEditor:header.nameRequired';
const RENAME_FAILED_KEY = 'api:error';

interface Failure {
  messageKey?: string;
  message?: string;
}
const failureOf = (error: unknown, fallbackKey: string) => {
  const failure = (error instanceof Error ? {} : (error ?? {})) as Failure;
  return { errorKey: failure.message ? null : (failure.messageKey ?? fallbackKey), errorMessage: failure.message ?? null };
};

async function readTask(taskId: string, signal?: AbortSignal): Promise<DubEditorTask> {
  const task = required(unwrap(await getDubTask(taskId, signal)));
  return {
    showName: task.showName,
    audioLanguage: task.audioLanguage ?? null,
    translationLanguage: task.translationLanguage ?? null,
    durationMs: task.duration ? Math.round(task.duration * 1000) : null,
    hasDubbedVideo: task.state === 'dubbed' && !task.expired,
    expired: Boolean(task.expired),
    voiceLeftDb: task.voiceLeftDb ?? null,
  };
}

/** Task reads started before the machine (by prefetchTask), by task id; each is taken by one load. */
const prefetchedTasks = new Map<string, Promise<DubEditorTask>>();

/**
 * Starts reading the task as soon as the route knows its id (issue 13 benchmark: the route's
 * translations and the machine's start came first). Idempotent while not taken, so a render that is
 * suspended and rendered again asks once.
 */
export function prefetchTask(taskId: string): void {
  if (prefetchedTasks.has(taskId)) return;
  const read = readTask(taskId);
  // Reported by the load that takes it.
  read.catch(() => undefined);
  prefetchedTasks.set(taskId, read);
}

/** The first load takes the prefetch; a retry reads afresh. */
function takePrefetchedTask(taskId: string): Promise<DubEditorTask> | undefined {
  const read = prefetchedTasks.get(taskId);
  prefetchedTasks.delete(taskId);
  return read;
}

/** Forgets a prefetch nobody took. */
export function dropPrefetchedTask(taskId: string): void {
  prefetchedTasks.delete(taskId);
}

export const dubEditorTaskMachine = setup({
  types: { context: {} as DubEditorTaskContext, events: {} as DubEditorTaskEvent, input: {} as { taskId: string } },
  actors: {
    loadTask: fromPromise<DubEditorTask, { taskId: string }>(({ input, signal }) => takePrefetchedTask(input.taskId) ?? readTask(input.taskId, signal)),
    rename: fromPromise<void, RenameInput>(({ input, signal }) => renameDubTask(input.taskId, input.name, input.lines, signal)),
  },
  guards: {
    nameGiven: ({ event }) => event.type === 'rename' && event.name.trim().length > 0,
  },
}).createMachine({
  id: 'dubEditorTask',
  context: ({ input }) => ({ taskId: input.taskId, task: null, pendingName: null, errorKey: null, errorMessage: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadTask',
        src: 'loadTask',
        input: ({ context }) => ({ taskId: context.taskId }),
        onDone: { target: 'ready', actions: assign({ task: ({ event }) => event.output, errorKey: null, errorMessage: null }) },
        onError: { target: 'failed', actions: assign(({ event }) => failureOf(event.error, TASK_LOAD_FAILED_KEY)) },
      },
    },
    failed: { on: { retry: 'loading' } },
    ready: {
      initial: 'idle',
      on: { dismissError: { actions: assign({ errorKey: null, errorMessage: null }) } },
      states: {
        idle: {
          on: {
            rename: [
              { guard: 'nameGiven', target: 'renaming', actions: assign({ pendingName: ({ event }) => event.name.trim(), errorKey: null, errorMessage: null }) },
              { actions: assign({ errorKey: NAME_REQUIRED_KEY, errorMessage: null }) },
            ],
          },
        },
        renaming: {
          invoke: {
            id: 'rename',
            src: 'rename',
            input: ({ context, event }) => ({ taskId: context.taskId, name: context.pendingName!, lines: event.type === 'rename' ? event.lines : [] }),
            onDone: { target: 'idle', actions: assign({ task: ({ context }) => ({ ...context.task!, showName: context.pendingName! }), pendingName: null }) },
            onError: { target: 'idle', actions: assign(({ event }) => ({ pendingName: null, ...failureOf(event.error, RENAME_FAILED_KEY) })) },
          },
        },
      },
    },
  },
});

type Snapshot = { value: unknown; context: DubEditorTaskContext; matches(value: unknown): boolean };
export const selectTask = (snapshot: Snapshot) => snapshot.context.task;
export const selectTaskPhase = (snapshot: Snapshot): 'loading' | 'ready' | 'failed' => (snapshot.matches('loading') ? 'loading' : snapshot.matches('failed') ? 'failed' : 'ready');
/** The name the header shows: the one being saved, else the task's. */
export const selectShownName = (snapshot: Snapshot) => snapshot.context.pendingName ?? snapshot.context.task?.showName ?? '';
export const selectTaskError = (snapshot: Snapshot) => ({ key: snapshot.context.errorKey, message: snapshot.context.errorMessage });
