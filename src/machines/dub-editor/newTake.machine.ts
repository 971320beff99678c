// "New take" of one line (issue 25 §3, features §5): the selected line is voiced again although
// nothing about it changed, while every other line keeps its audio (dubbingCreateIteration with
// `regenerate`: the server clears that line's voiced key, so the re-dub synthesises it alone).
// idle → starting → started (the re-dub is queued; the task shows its progress) | failed (the
// server's reason, or the generic text). Another new take may be asked for from started or failed.
import { assign, emit, fromPromise, setup } from 'xstate';
import { createIteration } from '../../api/dubbing/create-iteration';

export interface NewTakeRequest {
  taskId: string;
  lineId: string;
  /** The line's number as the list shows it (for the status text). */
  number: number;
  lang?: string;
}

export interface NewTakeContext {
  request: NewTakeRequest | null;
  errorKey: string | null;
  errorMessage: string | null;
}

export type NewTakeEvent = { type: 'newTake'; request: NewTakeRequest } | { type: 'dismiss' };
export type NewTakeEmitted = { type: 'newTake.started'; lineId: string };

export const NEW_TAKE_FAILED_KEY = 'dubEditor:newTake.failed';

interface Failure {
  code?: number;
  messageKey?: string;
  message?: string;
}

export const newTakeMachine = setup({
  types: { context: {} as NewTakeContext, events: {} as NewTakeEvent, emitted: {} as NewTakeEmitted },
  actors: {
    startTake: fromPromise<void, NewTakeRequest>(async ({ input, signal }) => {
      const answer = await createIteration({ id: input.taskId, regenerate: [input.lineId], ...(input.lang ? { lang: input.lang } : {}) }, signal);
      if (!answer.ok) throw { code: answer.error.code, messageKey: answer.error.messageKey, message: answer.error.message } satisfies Failure;
    }),
  },
}).createMachine({
  id: 'newTake',
  context: { request: null, errorKey: null, errorMessage: null },
  initial: 'idle',
  states: {
    idle: { on: { newTake: { target: 'starting', actions: assign({ request: ({ event }) => event.request }) } } },
    starting: {
      invoke: {
        id: 'startTake',
        src: 'startTake',
        input: ({ context }) => context.request!,
        onDone: { target: 'started', actions: emit(({ context }) => ({ type: 'newTake.started' as const, lineId: context.request!.lineId })) },
        onError: {
          target: 'failed',
          actions: assign(({ event }) => {
            // A thrown Error is a fault of the page, not a server message: it shows the generic text.
            const failure = (event.error instanceof Error ? {} : (event.error ?? {})) as Failure;
            return { errorKey: failure.message ? null : (failure.messageKey ?? NEW_TAKE_FAILED_KEY), errorMessage: failure.message ?? null };
          }),
        },
      },
    },
    started: {
      on: {
        newTake: { target: 'starting', actions: assign({ request: ({ event }) => event.request }) },
        dismiss: { target: 'idle', actions: assign({ request: null }) },
      },
    },
    failed: {
      on: {
        newTake: { target: 'starting', actions: assign({ request: ({ event }) => event.request, errorKey: null, errorMessage: null }) },
        dismiss: { target: 'idle', actions: assign({ request: null, errorKey: null, errorMessage: null }) },
      },
    },
  },
});

type Snapshot = { value: unknown; context: NewTakeContext };
export type NewTakePhase = 'idle' | 'starting' | 'started' | 'failed';
/** What the button and its status line show. */
export const selectNewTake = (snapshot: Snapshot) => ({
  phase: snapshot.value as NewTakePhase,
  lineId: snapshot.context.request?.lineId ?? null,
  number: snapshot.context.request?.number ?? null,
  errorKey: snapshot.context.errorKey,
  errorMessage: snapshot.context.errorMessage,
});
