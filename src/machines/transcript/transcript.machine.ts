// The transcript page's data (a record and its lines): loading → ready | failed. While ready, edits
// (a line's text, a speaker renamed once for all of its lines, a translation added later) run one at
// a time, and a watcher re-reads the record every few seconds while a job is still working on it.
import { assign, fromPromise, raise, setup, type SnapshotFrom } from 'xstate';
import { fetchTranscript } from '../../api/shared/get-trans-result';
import { addTranslationActor } from '../../api/transcript/add-translation';
import { editDetails } from '../../api/transcript/edit-details';
import { renameSpeakerActor } from '../../api/transcript/rename-speaker';
import { retranslateLinesActor } from '../../api/transcript/retranslate-lines';
import { translationStaleAfterEdit } from '../../shared/contract/transcript';
import type { TranscriptLine, TranscriptQuery, TranscriptRecord, TranscriptResult } from './transcript.types';

/** One edited line as the editDetails call takes it (the contract wants nulls, not absences). */
function savedLine(line: TranscriptLine) {
  return {
    id: line.id,
    startMs: line.startMs,
    endMs: line.endMs,
    text: line.text,
    translation: line.translation ?? null,
    speaker: line.speaker ? line.speaker : null,
  };
}

export const PROCESSING_STATES: readonly string[] = ['transcribing', 'translating'];
export const TRANSCRIPT_POLL_MS = 3000;
export const LOAD_FAILED_KEY = 'transcript:loadFailed';
export const SAVE_FAILED_KEY = 'transcript:saveFailed';

export interface TranscriptContext {
  id: string;
  shareCode?: string;
  lang?: string;
  record: TranscriptRecord | null;
  lines: TranscriptLine[];
  pendingEdit: { lineId: string; text: string; translation?: string | null } | null;
  pendingRename: { from: string; to: string } | null;
  errorKey?: string;
  errorMessage?: string;
}

export type TranscriptEvent =
  | { type: 'line.save'; lineId: string; text: string; translation?: string | null }
  | { type: 'speaker.rename'; from: string; to: string }
  | { type: 'translation.add'; lang: string }
  | { type: 'translation.show'; lang: string }
  /** Translate again the stale lines: these (those of them that are stale) or, without ids, all. */
  | { type: 'translation.retranslate'; lineIds?: string[] }
  | { type: 'transcript.reload' }
  | { type: 'watch.resume' };

function describe(error: unknown, fallbackKey: string): Pick<TranscriptContext, 'errorKey' | 'errorMessage'> {
  const known = error as { message?: unknown; messageKey?: unknown } | null;
  if (known && typeof known.message === 'string' && known.message) return { errorMessage: known.message, errorKey: undefined };
  if (known && typeof known.messageKey === 'string') return { errorKey: known.messageKey, errorMessage: undefined };
  return { errorKey: fallbackKey, errorMessage: undefined };
}

export function isProcessing(record: TranscriptRecord | null): boolean {
  return record !== null && PROCESSING_STATES.includes(record.state);
}

function queryOf(context: TranscriptContext): TranscriptQuery {
  return { id: context.id, shareCode: context.shareCode, lang: context.lang };
}

function editedLine(context: TranscriptContext): TranscriptLine {
  const edit = context.pendingEdit!;
  const line = context.lines.find((item) => item.id === edit.lineId)!;
  const translation = edit.translation !== undefined ? edit.translation : (line.translation ?? null);
  const before = { text: line.text, translation: line.translation ?? null, translationStale: line.translationStale === true };
  return { ...line, text: edit.text, translation, translationStale: translationStaleAfterEdit(before, { text: edit.text, translation }) };
}

/** Ids of the lines whose translation is stale, among `only` when given. */
export function staleLineIds(lines: TranscriptLine[], only?: readonly string[]): string[] {
  return lines.filter((line) => line.translationStale && (!only || only.includes(line.id))).map((line) => line.id);
}

/** platform: a speaker is renamed once for all of its lines ('' names the lines without a speaker). */
export function renamed(lines: TranscriptLine[], rename: { from: string; to: string }): TranscriptLine[] {
  return lines.map((line) => ((line.speaker ?? '') === rename.from ? { ...line, speaker: rename.to } : line));
}

export const transcriptMachine = setup({
  types: {
    input: {} as { id: string; shareCode?: string; lang?: string },
    context: {} as TranscriptContext,
    events: {} as TranscriptEvent,
  },
  actors: {
    // The machine's view of the answer (transcript.types.ts) is narrower than the contract's.
    fetchResult: fromPromise<TranscriptResult, TranscriptQuery>(({ input }) => fetchTranscript(input)),
    /** The watcher's re-read: the same call, its own actor so tests can hold it. */
    refetchResult: fromPromise<TranscriptResult, TranscriptQuery>(({ input }) => fetchTranscript(input)),
    saveLine: fromPromise<void, { id: string; line: TranscriptLine }>(({ input }) => editDetails({ id: input.id, lines: [savedLine(input.line)] })),
    renameSpeaker: renameSpeakerActor,
    addTranslation: addTranslationActor,
    retranslateLines: retranslateLinesActor,
  },
  delays: { pollDelay: TRANSCRIPT_POLL_MS },
  actions: {
    storeResult: assign((_, result: TranscriptResult) => ({ record: result.record, lines: result.lines })),
    clearError: assign({ errorKey: undefined, errorMessage: undefined }),
  },
  guards: {
    processing: ({ context }) => isProcessing(context.record),
  },
}).createMachine({
  id: 'transcript',
  context: ({ input }) => ({
    id: input.id,
    ...(input.shareCode ? { shareCode: input.shareCode } : {}),
    ...(input.lang ? { lang: input.lang } : {}),
    record: null,
    lines: [],
    pendingEdit: null,
    pendingRename: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'fetchResult',
        id: 'fetchResult',
        input: ({ context }) => queryOf(context),
        onDone: { target: 'ready', actions: { type: 'storeResult', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: assign(({ event }) => describe(event.error, LOAD_FAILED_KEY)) },
      },
    },
    failed: {
      on: { 'transcript.reload': 'loading' },
    },
    ready: {
      type: 'parallel',
      on: {
        'transcript.reload': '#transcript.loading',
        'translation.show': { target: '#transcript.loading', actions: assign({ lang: ({ event }) => event.lang }) },
      },
      states: {
        edit: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                // While a job writes the record (transcribing, translating) edits would be overwritten, so they wait.
                'line.save': {
                  guard: ({ context, event }) => !isProcessing(context.record) && context.lines.some((line) => line.id === event.lineId),
                  target: 'savingLine',
                  actions: assign({
                    pendingEdit: ({ event }) => ({
                      lineId: event.lineId,
                      text: event.text,
                      ...(event.translation !== undefined ? { translation: event.translation } : {}),
                    }),
                  }),
                },
                'speaker.rename': {
                  guard: ({ context, event }) => !isProcessing(context.record) && event.to.trim() !== '' && event.to.trim() !== event.from,
                  target: 'renamingSpeaker',
                  actions: assign({ pendingRename: ({ event }) => ({ from: event.from, to: event.to.trim() }) }),
                },
                'translation.add': { guard: ({ context }) => !isProcessing(context.record), target: 'addingTranslation' },
                'translation.retranslate': {
                  guard: ({ context, event }) => !isProcessing(context.record) && staleLineIds(context.lines, event.lineIds).length > 0,
                  target: 'retranslating',
                },
              },
            },
            savingLine: {
              entry: 'clearError',
              invoke: {
                src: 'saveLine',
                id: 'saveLine',
                input: ({ context }) => ({ id: context.id, line: editedLine(context) }),
                onDone: {
                  target: 'idle',
                  actions: assign({
                    lines: ({ context }) => {
                      const edited = editedLine(context);
                      // New text no longer matches the old word timings, so they go (the page estimates).
                      return context.lines.map((line) => (line.id === edited.id ? { ...edited, words: line.text === edited.text ? line.words : undefined } : line));
                    },
                    pendingEdit: null,
                  }),
                },
                onError: { target: 'idle', actions: assign(({ event }) => ({ ...describe(event.error, SAVE_FAILED_KEY), pendingEdit: null })) },
              },
            },
            renamingSpeaker: {
              entry: 'clearError',
              invoke: {
                src: 'renameSpeaker',
                id: 'renameSpeaker',
                input: ({ context }) => ({ id: context.id, from: context.pendingRename?.from ?? '', to: context.pendingRename?.to ?? '' }),
                onDone: {
                  target: 'idle',
                  actions: assign({
                    lines: ({ context }) => renamed(context.lines, context.pendingRename!),
                    pendingRename: null,
                  }),
                },
                onError: { target: 'idle', actions: assign(({ event }) => ({ ...describe(event.error, SAVE_FAILED_KEY), pendingRename: null })) },
              },
            },
            retranslating: {
              entry: 'clearError',
              invoke: {
                src: 'retranslateLines',
                id: 'retranslateLines',
                input: ({ context, event }) => {
                  const only = (event as Extract<TranscriptEvent, { type: 'translation.retranslate' }>).lineIds;
                  return { id: context.id, ...(only ? { lineIds: staleLineIds(context.lines, only) } : {}) };
                },
                // The record is translating now; the watcher reads the new translations when it is done.
                onDone: {
                  target: 'idle',
                  actions: [
                    assign({ record: ({ context }) => (context.record ? { ...context.record, state: 'translating', progress: 0 } : null) }),
                    raise({ type: 'watch.resume' }),
                  ],
                },
                onError: { target: 'idle', actions: assign(({ event }) => describe(event.error, SAVE_FAILED_KEY)) },
              },
            },
            addingTranslation: {
              entry: 'clearError',
              invoke: {
                src: 'addTranslation',
                id: 'addTranslation',
                input: ({ context, event }) => ({ id: context.id, lang: (event as Extract<TranscriptEvent, { type: 'translation.add' }>).lang }),
                onDone: {
                  target: 'idle',
                  actions: [
                    assign({ record: ({ context }) => (context.record ? { ...context.record, state: 'translating', progress: 0 } : null) }),
                    raise({ type: 'watch.resume' }),
                  ],
                },
                onError: { target: 'idle', actions: assign(({ event }) => describe(event.error, SAVE_FAILED_KEY)) },
              },
            },
          },
        },
        watch: {
          initial: 'deciding',
          states: {
            deciding: {
              always: [{ guard: 'processing', target: 'waiting' }, { target: 'still' }],
            },
            waiting: {
              after: { pollDelay: 'refreshing' },
            },
            refreshing: {
              invoke: {
                src: 'refetchResult',
                id: 'refreshResult',
                input: ({ context }) => queryOf(context),
                onDone: { target: 'deciding', actions: { type: 'storeResult', params: ({ event }) => event.output } },
                // A missed poll is retried at the next period.
                onError: 'waiting',
              },
            },
            still: {
              on: { 'watch.resume': 'deciding' },
            },
          },
        },
      },
    },
  },
});

type TranscriptSnapshot = SnapshotFrom<typeof transcriptMachine>;
export const selectTranscriptContext = (snapshot: TranscriptSnapshot) => snapshot.context;
/** Lines whose translation describes older text, for the page's "translate again" actions. */
export const selectStaleLineIds = (snapshot: TranscriptSnapshot) => staleLineIds(snapshot.context.lines);
/** The vocabulary libraries in force on the record (none until it has loaded, or for a share reader). */
export const selectVocabulariesInForce = (snapshot: TranscriptSnapshot) => snapshot.context.record?.vocabularies ?? NO_LIBRARIES;
const NO_LIBRARIES: NonNullable<TranscriptRecord['vocabularies']> = [];
/** Whether stale lines are being sent for translation again. */
export const selectRetranslating = (snapshot: TranscriptSnapshot) => snapshot.matches({ ready: { edit: 'retranslating' } });
export const selectTranscriptStatus = (snapshot: TranscriptSnapshot): 'loading' | 'ready' | 'failed' =>
  snapshot.matches('ready') ? 'ready' : snapshot.matches('failed') ? 'failed' : 'loading';
