// Per-line preview of the dub editor (issue 13 §2): the line's current text is voiced by the server
// with its speaker's voice (dubbingPreviewLine, WAV) and played over the video from the line's
// start. idle → loading → playing → idle; a failed voicing is 'failed' with the error's key until
// the next preview. A new preview while one loads or plays replaces it (the earlier answer is
// cancelled and never played). The route owns the audio and video elements and reports 'ended'.
import { assign, fromPromise, setup } from 'xstate';
import { previewDubLine } from '../../api/dubbing/preview-line';

export interface LinePreviewRequest {
  taskId: string;
  lineId: string;
  text: string;
  speakerId: string | null;
  startMs: number;
  endMs: number;
  lang?: string;
}

export interface LinePreviewContext {
  request: LinePreviewRequest | null;
  audio: Blob | null;
  errorKey: string | null;
  errorMessage: string | null;
}

export type LinePreviewEvent = { type: 'preview'; request: LinePreviewRequest } | { type: 'stop' } | { type: 'ended' };

export const PREVIEW_FAILED_KEY = 'dubEditor:previewFailed';

interface PreviewFailure {
  messageKey?: string;
  message?: string;
}

export const linePreviewMachine = setup({
  types: { context: {} as LinePreviewContext, events: {} as LinePreviewEvent },
  actors: {
    voiceLine: fromPromise<Blob, LinePreviewRequest>(async ({ input, signal }) => {
      const { lineId: _lineId, lang, ...body } = input;
      const answer = await previewDubLine({ id: body.taskId, text: body.text, startMs: body.startMs, endMs: body.endMs, speakerId: body.speakerId, ...(lang ? { lang } : {}) }, signal);
      if (!answer.ok) throw { messageKey: answer.error.messageKey, message: answer.error.message } satisfies PreviewFailure;
      return answer.data.blob;
    }),
  },
}).createMachine({
  id: 'linePreview',
  context: { request: null, audio: null, errorKey: null, errorMessage: null },
  initial: 'idle',
  on: {
    preview: { target: '.loading', reenter: true, actions: assign({ request: ({ event }) => event.request, audio: null, errorKey: null, errorMessage: null }) },
  },
  states: {
    idle: {},
    loading: {
      invoke: {
        id: 'voiceLine',
        src: 'voiceLine',
        input: ({ context }) => context.request!,
        onDone: { target: 'playing', actions: assign({ audio: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: assign(({ event }) => {
            // A thrown Error is a fault of the page, not a server message: it shows the generic text.
            const failure = (event.error instanceof Error ? {} : (event.error ?? {})) as PreviewFailure;
            return { errorKey: failure.message ? null : (failure.messageKey ?? PREVIEW_FAILED_KEY), errorMessage: failure.message ?? null };
          }),
        },
      },
      on: { stop: { target: 'idle', actions: assign({ request: null }) } },
    },
    playing: {
      on: {
        ended: { target: 'idle', actions: assign({ audio: null, request: null }) },
        stop: { target: 'idle', actions: assign({ audio: null, request: null }) },
      },
    },
    failed: {
      on: { stop: { target: 'idle', actions: assign({ errorKey: null, errorMessage: null, request: null }) } },
    },
  },
});

type Snapshot = { value: unknown; context: LinePreviewContext };
/** The line being voiced or played, and how far it got. */
export const selectPreview = (snapshot: Snapshot) => ({
  phase: snapshot.value as 'idle' | 'loading' | 'playing' | 'failed',
  lineId: snapshot.context.request?.lineId ?? null,
  startMs: snapshot.context.request?.startMs ?? 0,
  audio: snapshot.context.audio,
  errorKey: snapshot.context.errorKey,
  errorMessage: snapshot.context.errorMessage,
});
