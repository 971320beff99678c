// The voice-over panel of the dub editor (issue 13 §5, features §2 'voiceover start checklist', §4
// Dubbing, §9 re-dub cost): loading the checklist (lines to re-voice, cost by the re-dub rule,
// speakers and voices, the composed video so far) → ready → cost check → starting the synthesis →
// composing (read every 1–2 s until completed or failed) → ready again with the result to preview and
// download. A refused cost check or start with 92505000/1/3 asks for the purchase dialog. Closing
// stops whatever runs, the polling included.
import { map } from 'rxjs';
import { assign, emit, enqueueActions, fromEventObservable, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { DubStartFailure } from '../../api/dubbing/transwrite';
import { DUB_ENTITLEMENT_CODES as ENTITLEMENT_CODES } from '../../shared/contract/dub-limits';
import {
  checkVoiceoverCost,
  downloadVoiceover,
  loadChecklist,
  previewUrlOf,
  startSynthesis,
  watchSynthesis$,
  type DubSynthesis,
  type SynthesisUpdate,
  type VoiceoverChecklist,
  type VoiceoverTarget,
} from './voiceover.calls';

export const VOICEOVER_LOAD_FAILED_KEY = 'dubbing:voiceover.loadFailed';
export const VOICEOVER_START_FAILED_KEY = 'dubbing:voiceover.startFailed';
export const VOICEOVER_FAILED_KEY = 'dubbing:voiceover.failed';
export const VOICEOVER_DOWNLOAD_FAILED_KEY = 'dubbing:voiceover.downloadFailed';

export interface VoiceoverInput extends VoiceoverTarget {
  durationSeconds: number;
  userId?: string | null;
}

export interface VoiceoverContext extends VoiceoverInput {
  userId: string | null;
  checklist: VoiceoverChecklist | null;
  synthesis: DubSynthesis | null;
  progress: number | null;
  step: string | null;
  balance: number | null;
  errorKey?: string | undefined;
  errorMessage?: string | undefined;
}

export type VoiceoverEvent =
  | { type: 'voiceover.start' }
  | { type: 'voiceover.retry' }
  | { type: 'voiceover.download' }
  | { type: 'voiceover.close' }
  | ({ type: 'synthesis.update' } & SynthesisUpdate);

export type VoiceoverEmitted =
  | { type: 'voiceover.needsPurchase'; code: number }
  | { type: 'voiceover.error'; messageKey?: string; message?: string }
  | { type: 'voiceover.completed' };

function failureText(error: unknown, fallbackKey: string): { errorKey?: string; errorMessage?: string } {
  const failure = (error ?? {}) as DubStartFailure;
  if (failure.message) return { errorMessage: failure.message };
  return { errorKey: failure.messageKey ?? fallbackKey };
}

const isEntitlementRefusal = (error: unknown) => {
  const code = (error as DubStartFailure | undefined)?.code;
  return code !== undefined && ENTITLEMENT_CODES.includes(code);
};

/** Something to voice: changed lines, or no finished composed video yet. */
export const hasWork = (context: Pick<VoiceoverContext, 'checklist' | 'synthesis'>) =>
  context.checklist !== null && (context.checklist.revoiceLines > 0 || context.synthesis?.state !== 'completed');

export const voiceoverMachine = setup({
  types: {
    input: {} as VoiceoverInput,
    context: {} as VoiceoverContext,
    events: {} as VoiceoverEvent,
    emitted: {} as VoiceoverEmitted,
  },
  actors: {
    loadChecklist: fromPromise<VoiceoverChecklist, VoiceoverTarget & { durationSeconds: number }>(({ input, signal }) => loadChecklist(input, signal)),
    checkCost: fromPromise<{ balance: number | null }, { userId: string | null; costSeconds: number }>(({ input, signal }) => checkVoiceoverCost(input, signal)),
    startSynthesis: fromPromise<DubSynthesis, VoiceoverTarget>(({ input, signal }) => startSynthesis(input, signal)),
    watchSynthesis: fromEventObservable<{ type: 'synthesis.update' } & SynthesisUpdate, VoiceoverTarget>(({ input }) =>
      watchSynthesis$(input).pipe(map((update) => ({ type: 'synthesis.update' as const, ...update }))),
    ),
    download: fromPromise<void, { taskId: string; fileName: string }>(({ input, signal }) => downloadVoiceover(input, signal)),
  },
  guards: {
    hasWork: ({ context }) => hasWork(context),
    completedUpdate: ({ event }) => event.type === 'synthesis.update' && event.synthesis.state === 'completed',
    failedUpdate: ({ event }) => event.type === 'synthesis.update' && event.synthesis.state === 'failed',
    hasResult: ({ context }) => context.synthesis?.state === 'completed',
  },
  actions: {
    clearError: assign({ errorKey: undefined, errorMessage: undefined }),
    /** A refused cost check or start: the reason stays in the panel; an entitlement code asks for a purchase. */
    refuse: enqueueActions(({ enqueue }, error: unknown) => {
      const text = failureText(error, VOICEOVER_START_FAILED_KEY);
      enqueue.assign({ errorKey: text.errorKey, errorMessage: text.errorMessage });
      const code = (error as DubStartFailure | undefined)?.code;
      if (code !== undefined && isEntitlementRefusal(error)) enqueue.emit({ type: 'voiceover.needsPurchase', code });
      enqueue.emit({ type: 'voiceover.error', ...(text.errorMessage ? { message: text.errorMessage } : { messageKey: text.errorKey ?? VOICEOVER_START_FAILED_KEY }) });
    }),
  },
}).createMachine({
  id: 'voiceover',
  context: ({ input }) => ({
    ...input,
    userId: input.userId ?? null,
    checklist: null,
    synthesis: null,
    progress: null,
    step: null,
    balance: null,
  }),
  initial: 'loading',
  on: { 'voiceover.close': '.closed' },
  states: {
    loading: {
      invoke: {
        src: 'loadChecklist',
        id: 'loadChecklist',
        input: ({ context }) => ({ taskId: context.taskId, lang: context.lang, durationSeconds: context.durationSeconds }),
        onDone: [
          {
            // A synthesis already running (started in another window, or before a reload): watch it.
            guard: ({ event }) => event.output.synthesis?.state === 'composing',
            target: 'composing',
            actions: assign({ checklist: ({ event }) => event.output, synthesis: ({ event }) => event.output.synthesis }),
          },
          { target: 'ready', actions: assign({ checklist: ({ event }) => event.output, synthesis: ({ event }) => event.output.synthesis }) },
        ],
        onError: { target: 'loadFailed', actions: assign(({ event }) => failureText(event.error, VOICEOVER_LOAD_FAILED_KEY)) },
      },
    },
    loadFailed: {
      on: { 'voiceover.retry': { target: 'loading', actions: 'clearError' } },
    },
    ready: {
      on: {
        'voiceover.start': { guard: 'hasWork', target: 'checkingCost', actions: 'clearError' },
        'voiceover.download': { guard: 'hasResult', target: 'downloading' },
      },
    },
    checkingCost: {
      invoke: {
        src: 'checkCost',
        id: 'checkCost',
        input: ({ context }) => ({ userId: context.userId, costSeconds: context.checklist?.costSeconds ?? 0 }),
        onDone: { target: 'starting', actions: assign({ balance: ({ event }) => event.output.balance }) },
        onError: { target: 'ready', actions: { type: 'refuse', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    starting: {
      invoke: {
        src: 'startSynthesis',
        id: 'startSynthesis',
        input: ({ context }) => ({ taskId: context.taskId, lang: context.lang }),
        onDone: { target: 'composing', actions: assign({ synthesis: ({ event }) => event.output, progress: null, step: null }) },
        onError: { target: 'ready', actions: { type: 'refuse', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    composing: {
      invoke: {
        src: 'watchSynthesis',
        id: 'watchSynthesis',
        input: ({ context }) => ({ taskId: context.taskId, lang: context.lang }),
        onError: { target: 'failed', actions: assign(({ event }) => failureText(event.error, VOICEOVER_FAILED_KEY)) },
      },
      on: {
        'synthesis.update': [
          // Done: the checklist is read again (nothing left to re-voice, one dubbing more).
          { guard: 'completedUpdate', target: 'loading', actions: [assign({ synthesis: ({ event }) => event.synthesis, progress: 100 }), emit({ type: 'voiceover.completed' })] },
          { guard: 'failedUpdate', target: 'failed', actions: assign({ synthesis: ({ event }) => event.synthesis, errorKey: VOICEOVER_FAILED_KEY }) },
          { actions: assign({ synthesis: ({ event }) => event.synthesis, progress: ({ event }) => event.progress, step: ({ event }) => event.step }) },
        ],
      },
    },
    failed: {
      on: {
        'voiceover.start': { target: 'checkingCost', actions: 'clearError' },
        'voiceover.retry': { target: 'loading', actions: 'clearError' },
      },
    },
    downloading: {
      invoke: {
        src: 'download',
        id: 'download',
        input: ({ context }) => ({ taskId: context.taskId, fileName: `dubbing-${context.taskId}.zip` }),
        onDone: 'ready',
        onError: {
          target: 'ready',
          actions: emit(({ event }) => ({ type: 'voiceover.error' as const, ...failureText(event.error, VOICEOVER_DOWNLOAD_FAILED_KEY) })),
        },
      },
    },
    closed: { type: 'final' },
  },
});

export type VoiceoverSnapshot = SnapshotFrom<typeof voiceoverMachine>;
export type VoiceoverPhase = 'loading' | 'loadFailed' | 'ready' | 'starting' | 'composing' | 'failed' | 'downloading' | 'closed';

export const selectVoiceoverPhase = (snapshot: VoiceoverSnapshot): VoiceoverPhase => {
  if (snapshot.matches('checkingCost') || snapshot.matches('starting')) return 'starting';
  return snapshot.value as VoiceoverPhase;
};
export const selectVoiceoverContext = (snapshot: VoiceoverSnapshot) => snapshot.context;
export const selectCanStart = (snapshot: VoiceoverSnapshot) => (snapshot.matches('ready') || snapshot.matches('failed')) && hasWork(snapshot.context);
export const selectHasResult = (snapshot: VoiceoverSnapshot) => snapshot.context.synthesis?.state === 'completed' && !snapshot.matches('composing');
/** The composed video to preview (only once it is completed and nothing is composing). */
export const selectPreviewUrl = (snapshot: VoiceoverSnapshot) => (selectHasResult(snapshot) ? previewUrlOf(snapshot.context, snapshot.context.synthesis) : null);
