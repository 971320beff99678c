// The dub editor's document (issue 13 §3, §6): loading → ready | loadFailed. While ready two regions
// run side by side:
// - editing: every edit goes through the rules (subtitleEditor.edits.ts); a refused edit leaves the
//   lines as they were and a refusal for the screen to translate; a merge of lines of different
//   speakers waits in `asking` for the speaker to keep. Undo/redo swap whole line arrays (at most
//   DUB_EDITOR_LIMITS.undoSteps kept), which share every untouched line object, and select the line
//   the step brought back or changed.
// - saving: optimistic. The lines change at once; ~400 ms after the last change they are saved
//   (renamed speakers first), a failed save keeps the edit and tries again with backoff or on
//   save.retry. A change made while a save is in flight is saved right after it.
// The window's own edits are published to the other windows of the task (streams/edit-records-channel$);
// a state received from another window is adopted without publishing (no echo) and without saving
// (its sender saves it).
// The server calls (subtitleEditor.calls.ts) are the actors loadEditor and saveEdits; tests provide doubles.
import { assign, enqueueActions, fromCallback, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { describeError, type ErrorText } from '../../api/errors';
import { DUB_EDITOR_LIMITS } from '../../shared/contract/dub-limits';
import { editRecordsChannel$ } from '../../streams/edit-records-channel$';
import { loadEditor, saveEdits, type EditorLoadInput, type EditorLoadOutput, type EditorSaveInput } from './subtitleEditor.calls';
import { clampToMedia, indexOfLine, renamedOnLines, retimeRefusal, speakerName, touchedLineId } from './line-rules';
import { answerMerge, applyLineEdit, type EditOutcome, type LineEditEvent, type MergeQuestion } from './subtitleEditor.edits';
import type { DubLine, DubSpeaker, EditRefusal, SaveState, SubtitleEditorEvent } from './subtitleEditor.types';

export const SAVE_DEBOUNCE_MS = 400;
export const SAVE_RETRY_FIRST_MS = 1000;
export const SAVE_RETRY_MAX_MS = 30_000;
/** Shown when a failed save brings neither a message nor a key of its own. */
export const SAVE_FAILED_KEY = 'api:error';

/** What one window publishes and the other adopts: the document with its history. */
export interface SharedEditState {
  lines: readonly DubLine[];
  speakers: readonly DubSpeaker[];
  undo: ReadonlyArray<readonly DubLine[]>;
  redo: ReadonlyArray<readonly DubLine[]>;
}

export type RemoteApplyEvent = { type: 'remote.apply'; state: SharedEditState };
type SyncPublishEvent = { type: 'publish'; state: SharedEditState };
type InternalEvent = RemoteApplyEvent | { type: 'changed' };
export type SubtitleEditorMachineEvent = SubtitleEditorEvent | InternalEvent;

export interface SubtitleEditorInput {
  taskId: string;
  lang?: string;
  /** Known from the task before the player has loaded the media; null until then. */
  durationMs?: number | null;
}

export interface SubtitleEditorContext {
  taskId: string;
  lang: string | undefined;
  durationMs: number | null;
  lines: readonly DubLine[];
  speakers: readonly DubSpeaker[];
  selectedLineId: string | null;
  /** Older line arrays, newest last. */
  undo: ReadonlyArray<readonly DubLine[]>;
  redo: ReadonlyArray<readonly DubLine[]>;
  refusal: EditRefusal | null;
  mergeQuestion: MergeQuestion | null;
  /** Counts this window's changes; savedVersion is the last one the server has. */
  version: number;
  savedVersion: number;
  sendingVersion: number;
  /** Renames not yet saved, by speaker id; sendingRenames: those the save in flight carries. */
  renames: Readonly<Record<string, string>>;
  sendingRenames: Readonly<Record<string, string>>;
  saveFailures: number;
  /** Why the last save failed: the server's translated message, or a message key (api/errors). */
  saveError: ErrorText | null;
  loadFailed: boolean;
}

/** A line id drawn in the browser: the edits call keeps it, so a line keeps its id across saves. */
export function newLineId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `l-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

function pushBounded(stack: ReadonlyArray<readonly DubLine[]>, lines: readonly DubLine[]): Array<readonly DubLine[]> {
  const next = stack.length >= DUB_EDITOR_LIMITS.undoSteps ? stack.slice(stack.length - DUB_EDITOR_LIMITS.undoSteps + 1) : stack.slice();
  next.push(lines);
  return next;
}


/** The selection survives a change only while its line exists. */
function keptSelection(lines: readonly DubLine[], selected: string | null): string | null {
  return selected !== null && lines.some((line) => line.id === selected) ? selected : null;
}

type History = Pick<SubtitleEditorContext, 'lines' | 'undo' | 'redo'>;

/** Undo or redo: the newest array of one stack becomes the lines, the current lines go onto the other. */
function travelled(context: History, direction: 'undo' | 'redo'): History | null {
  const from = direction === 'undo' ? context.undo : context.redo;
  const target = from.at(-1);
  if (!target) return null;
  const rest = from.slice(0, -1);
  const other = pushBounded(direction === 'undo' ? context.redo : context.undo, context.lines);
  return direction === 'undo' ? { lines: target, undo: rest, redo: other } : { lines: target, undo: other, redo: rest };
}

export function saveRetryDelay(failures: number): number {
  return Math.min(SAVE_RETRY_MAX_MS, SAVE_RETRY_FIRST_MS * 2 ** Math.max(0, failures - 1));
}

const LINE_EDITS: ReadonlyArray<LineEditEvent['type']> = [
  'edit.text',
  'edit.translation',
  'retime',
  'retime.typed',
  'split',
  'merge',
  'insert',
  'delete',
  'speaker.change',
  'import',
];

export const subtitleEditorMachine = setup({
  types: {
    input: {} as SubtitleEditorInput,
    context: {} as SubtitleEditorContext,
    events: {} as SubtitleEditorMachineEvent,
  },
  actors: {
    loadEditor: fromPromise<EditorLoadOutput, EditorLoadInput>(({ input, signal }) => loadEditor(input, signal)),
    saveEdits: fromPromise<void, EditorSaveInput>(({ input, signal }) => saveEdits(input, signal)),
    /** The edit-records channel: publishes on 'publish', reports other windows' states as remote.apply. */
    sync: fromCallback<SyncPublishEvent, { taskId: string }>(({ input, sendBack, receive }) => {
      const channel = editRecordsChannel$<SharedEditState>(input.taskId);
      const subscription = channel.incoming$.subscribe((message) => sendBack({ type: 'remote.apply', state: message.state } satisfies RemoteApplyEvent));
      receive((event) => channel.publish(event.state));
      return () => {
        subscription.unsubscribe();
        channel.close();
      };
    }),
  },
  delays: {
    saveDebounce: SAVE_DEBOUNCE_MS,
    saveRetry: ({ context }) => saveRetryDelay(context.saveFailures),
  },
  actions: {
    /** A line edit: its outcome becomes the new lines (old ones to undo), a refusal or the merge question. */
    applyOutcome: enqueueActions(({ context, enqueue }, outcome: EditOutcome) => {
      if (outcome.kind === 'none') return;
      if (outcome.kind === 'refused') {
        enqueue.assign({ refusal: outcome.refusal });
        return;
      }
      if (outcome.kind === 'ask') {
        enqueue.assign({ mergeQuestion: outcome.question, refusal: null });
        return;
      }
      const undo = pushBounded(context.undo, context.lines);
      const selectedLineId = outcome.selectedLineId !== undefined ? outcome.selectedLineId : context.selectedLineId;
      enqueue.assign({ lines: outcome.lines, undo, redo: [], refusal: null, mergeQuestion: null, selectedLineId, version: context.version + 1 });
      enqueue.raise({ type: 'changed' });
      enqueue.sendTo('sync', { type: 'publish', state: { lines: outcome.lines, speakers: context.speakers, undo, redo: [] } } satisfies SyncPublishEvent);
    }),
    /** Undo or redo; with nothing to go back (or forward) to, the refusal says so. */
    travel: enqueueActions(({ context, enqueue }, direction: 'undo' | 'redo') => {
      const next = travelled(context, direction);
      if (!next) {
        enqueue.assign({ refusal: direction === 'undo' ? 'nothingUndoable' : 'nothingRedoable' });
        return;
      }
      // The selection goes to what the step brought back or changed (a deleted line restored is selected
      // again), so repeated delete + undo stays on one line instead of walking down the list.
      const selectedLineId = touchedLineId(context.lines, next.lines) ?? keptSelection(next.lines, context.selectedLineId);
      enqueue.assign({ ...next, refusal: null, selectedLineId, version: context.version + 1 });
      enqueue.raise({ type: 'changed' });
      enqueue.sendTo('sync', { type: 'publish', state: { ...next, speakers: context.speakers } } satisfies SyncPublishEvent);
    }),
    /**
     * A speaker renamed everywhere: the task's speaker (saved through editSpeaker) and the name on
     * its lines, in the history too, so an undo never brings the old name back. Not itself a step.
     */
    rename: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'speaker.rename') return;
      const name = speakerName(event.name);
      if (name === null) {
        enqueue.assign({ refusal: 'speakerNameEmpty' });
        return;
      }
      const speaker = context.speakers.find((item) => item.id === event.speakerId);
      if (!speaker || speaker.name === name) return;
      const rename = (lines: readonly DubLine[]) => renamedOnLines(lines, event.speakerId, name);
      const state: SharedEditState = {
        lines: rename(context.lines),
        speakers: context.speakers.map((item) => (item.id === event.speakerId ? { ...item, name } : item)),
        undo: context.undo.map(rename),
        redo: context.redo.map(rename),
      };
      enqueue.assign({ ...state, refusal: null, renames: { ...context.renames, [event.speakerId]: name }, version: context.version + 1 });
      enqueue.raise({ type: 'changed' });
      enqueue.sendTo('sync', { type: 'publish', state } satisfies SyncPublishEvent);
    }),
    adoptRemote: assign(({ context, event }) => {
      if (event.type !== 'remote.apply') return {};
      const { lines, speakers, undo, redo } = event.state;
      return { lines, speakers, undo, redo, mergeQuestion: null, selectedLineId: keptSelection(lines, context.selectedLineId) };
    }),
    /** What was sent is saved; a rename typed again meanwhile is still to save. */
    markSaved: assign(({ context }) => {
      const renames = { ...context.renames };
      for (const [speakerId, name] of Object.entries(context.sendingRenames)) if (renames[speakerId] === name) delete renames[speakerId];
      return { savedVersion: context.sendingVersion, saveFailures: 0, saveError: null, renames };
    }),
  },
  guards: {
    /** Changed since the save that just ended was sent (guards see the context before that save is marked). */
    changedSinceSent: ({ context }) => context.version > context.sendingVersion,
  },
}).createMachine({
  id: 'subtitleEditor',
  context: ({ input }) => ({
    taskId: input.taskId,
    lang: input.lang,
    durationMs: input.durationMs ?? null,
    lines: [],
    speakers: [],
    selectedLineId: null,
    undo: [],
    redo: [],
    refusal: null,
    mergeQuestion: null,
    version: 0,
    savedVersion: 0,
    sendingVersion: 0,
    renames: {},
    sendingRenames: {},
    saveFailures: 0,
    saveError: null,
    loadFailed: false,
  }),
  on: {
    duration: { actions: assign(({ event }) => ({ durationMs: Math.max(0, Math.round(event.durationMs)) })) },
  },
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ loadFailed: false }),
      invoke: {
        id: 'loadEditor',
        src: 'loadEditor',
        input: ({ context }) => ({ taskId: context.taskId, lang: context.lang }),
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({
            lines: [...event.output.lines].sort((a, b) => a.startMs - b.startMs),
            speakers: event.output.speakers,
          })),
        },
        onError: { target: 'loadFailed' },
      },
    },
    loadFailed: {
      entry: assign({ loadFailed: true }),
      on: { 'load.retry': 'loading' },
    },
    ready: {
      type: 'parallel',
      invoke: { id: 'sync', src: 'sync', input: ({ context }) => ({ taskId: context.taskId }) },
      on: {
        select: { actions: assign(({ context, event }) => ({ selectedLineId: keptSelection(context.lines, event.lineId) })) },
        dismissRefusal: { actions: assign({ refusal: null }) },
        'speaker.rename': { actions: 'rename' },
      },
      states: {
        editing: {
          initial: 'idle',
          // Handled in this region only, so a save in flight in the other one is not disturbed.
          on: { 'remote.apply': { target: '.idle', actions: 'adoptRemote' } },
          states: {
            idle: {
              on: {
                ...Object.fromEntries(
                  LINE_EDITS.map((type) => [
                    type,
                    {
                      actions: {
                        type: 'applyOutcome' as const,
                        params: ({ context, event }: { context: SubtitleEditorContext; event: SubtitleEditorMachineEvent }) =>
                          applyLineEdit(context, event as LineEditEvent, newLineId),
                      },
                    },
                  ]),
                ),
                undo: { actions: { type: 'travel', params: 'undo' } },
                redo: { actions: { type: 'travel', params: 'redo' } },
              },
              always: { guard: ({ context }) => context.mergeQuestion !== null, target: 'asking' },
            },
            /** Lines of different speakers: which one does the merged line keep? */
            asking: {
              on: {
                'merge.keepSpeaker': {
                  target: 'idle',
                  actions: [
                    {
                      type: 'applyOutcome',
                      params: ({ context, event }) => answerMerge(context, context.mergeQuestion!, event.speakerId),
                    },
                    assign({ mergeQuestion: null }),
                  ],
                },
                'merge.cancel': { target: 'idle', actions: assign({ mergeQuestion: null }) },
              },
            },
          },
        },
        saving: {
          initial: 'saved',
          states: {
            saved: { on: { changed: 'waiting' } },
            /** Debounce: every change restarts the wait. */
            waiting: {
              after: { saveDebounce: 'sending' },
              on: { changed: { target: 'waiting', reenter: true } },
            },
            sending: {
              entry: assign(({ context }) => ({ sendingVersion: context.version, sendingRenames: context.renames })),
              invoke: {
                id: 'saveEdits',
                src: 'saveEdits',
                input: ({ context }) => ({
                  taskId: context.taskId,
                  lines: context.lines,
                  renames: Object.entries(context.renames).map(([speakerId, name]) => ({ speakerId, name })),
                }),
                onDone: [
                  { guard: 'changedSinceSent', target: 'waiting', actions: 'markSaved' },
                  { target: 'saved', actions: 'markSaved' },
                ],
                onError: {
                  target: 'failed',
                  actions: assign(({ context, event }) => ({ saveFailures: context.saveFailures + 1, saveError: describeError(event.error, SAVE_FAILED_KEY) })),
                },
              },
            },
            /** The edit stays; the save is tried again after a backoff, or at once on save.retry. */
            failed: {
              after: { saveRetry: 'sending' },
              on: { 'save.retry': 'sending' },
            },
          },
        },
      },
    },
  },
});

/** The machine with its real calls and channel, under the name the route was written against. */
export const liveSubtitleEditorMachine = subtitleEditorMachine;

export type SubtitleEditorSnapshot = SnapshotFrom<typeof subtitleEditorMachine>;
export type SubtitleEditorActor = ActorRefFrom<typeof subtitleEditorMachine>;

// Narrow selectors: a component re-renders only when what it shows changes.
export const selectLines = (snapshot: SubtitleEditorSnapshot) => snapshot.context.lines;
export const selectSpeakers = (snapshot: SubtitleEditorSnapshot) => snapshot.context.speakers;
export const selectSelectedLineId = (snapshot: SubtitleEditorSnapshot) => snapshot.context.selectedLineId;
export const selectDurationMs = (snapshot: SubtitleEditorSnapshot) => snapshot.context.durationMs;
export const selectCanUndo = (snapshot: SubtitleEditorSnapshot) => snapshot.context.undo.length > 0;
export const selectCanRedo = (snapshot: SubtitleEditorSnapshot) => snapshot.context.redo.length > 0;
export const selectUndoDepth = (snapshot: SubtitleEditorSnapshot) => snapshot.context.undo.length;
export const selectRefusal = (snapshot: SubtitleEditorSnapshot) => snapshot.context.refusal;
export const selectMergeQuestion = (snapshot: SubtitleEditorSnapshot) => (snapshot.matches({ ready: { editing: 'asking' } }) ? snapshot.context.mergeQuestion : null);
export const selectSaveError = (snapshot: SubtitleEditorSnapshot) => (snapshot.matches({ ready: { saving: 'failed' } }) ? snapshot.context.saveError : null);
export const selectLoadState = (snapshot: SubtitleEditorSnapshot): 'loading' | 'ready' | 'failed' =>
  snapshot.matches('loading') ? 'loading' : snapshot.matches('loadFailed') ? 'failed' : 'ready';
export const selectSaveState = (snapshot: SubtitleEditorSnapshot): SaveState =>
  snapshot.matches({ ready: { saving: 'saved' } }) || !snapshot.matches('ready')
    ? 'saved'
    : snapshot.matches({ ready: { saving: 'failed' } })
      ? 'failed'
      : 'saving';

/**
 * What a retime to these times would be refused for (null: allowed), without making it: the timeline
 * shows the rules live while a region is dragged and sends one 'retime' on drop (one undo step).
 */
export function retimeRefusalOf(snapshot: SubtitleEditorSnapshot, lineId: string, startMs: number, endMs: number): EditRefusal | null {
  const { lines, durationMs } = snapshot.context;
  const index = indexOfLine(lines, lineId);
  if (index < 0) return null;
  const held = clampToMedia(Math.round(startMs), Math.round(endMs), durationMs);
  return retimeRefusal(lines, index, held.startMs, held.endMs, durationMs);
}

export type { EditorLoadInput, EditorLoadOutput, EditorSaveInput, SpeakerRename } from './subtitleEditor.calls';
export { dropPrefetchedEditor, prefetchEditor } from './subtitleEditor.calls';
