// Path model of the subtitle editor (convention: src/testing/paths.ts). Inputs by task id:
// 't1' loads and saves, 'flaky' loads but every save fails (backoff, save.retry), 'broken' cannot be
// loaded (load.retry). Three lines a (Ann) | b (Bo) | gap | c (Ann) in a 10 s video: merging a or b
// asks for the speaker; a split line merges directly. Samples include refused edits (overlap, bad
// time, too many characters, empty speaker name, no room to insert); an SRT import replaces the lines
// or is refused (a cue's text over the limit).
import { fromCallback, fromPromise, type AnyMachineSnapshot } from 'xstate';
import type { PathsModel } from '../../testing/paths';
import type { DubLine, DubSpeaker } from './subtitleEditor.types';
import { subtitleEditorMachine, type EditorLoadInput, type EditorSaveInput, type SubtitleEditorContext } from './subtitleEditor.machine';

const SPEAKERS: DubSpeaker[] = [
  { id: 's1', name: 'Ann' },
  { id: 's2', name: 'Bo' },
];
const LINES: DubLine[] = [
  { id: 'a', startMs: 0, endMs: 2000, text: 'Hello world', translation: 'Hola mundo', speakerId: 's1', speaker: 'Ann' },
  { id: 'b', startMs: 2000, endMs: 4000, text: 'Second', translation: 'Segundo', speakerId: 's2', speaker: 'Bo' },
  { id: 'c', startMs: 5000, endMs: 9000, text: 'Third', translation: 'Tercero', speakerId: 's1', speaker: 'Ann' },
];
const SAVE_TAKES_MS = 50;
const OFFLINE = { kind: 'transport', messageKey: 'api:networkError' };
const taskOf = (snapshot: AnyMachineSnapshot) => (snapshot.context as SubtitleEditorContext).taskId;

export const pathsModel: PathsModel = {
  name: 'subtitleEditor',
  machine: subtitleEditorMachine.provide({
    actors: {
      loadEditor: fromPromise<{ lines: DubLine[]; speakers: DubSpeaker[] }, EditorLoadInput>(async ({ input }) => {
        if (input.taskId === 'broken') throw OFFLINE;
        return { lines: LINES, speakers: SPEAKERS };
      }),
      // A save takes a moment (fake time), so edits can arrive while it is in flight.
      saveEdits: fromPromise<void, EditorSaveInput>(async ({ input }) => {
        await new Promise((resolve) => setTimeout(resolve, SAVE_TAKES_MS));
        if (input.taskId === 'flaky') throw OFFLINE;
      }),
      // The channel is tested on its own (subtitleEditor.sync.test.ts); here another window's state is a sample event.
      sync: fromCallback(() => undefined),
    },
  }),
  inputs: ['t1', 'flaky', 'broken'].map((taskId) => ({ taskId, durationMs: 10_000 })),
  events: {
    select: [{ type: 'select', lineId: 'a' }],
    'edit.text': [
      { type: 'edit.text', lineId: 'a', text: 'Hi' },
      { type: 'edit.text', lineId: 'a', text: 'x'.repeat(200) },
    ],
    'edit.translation': [{ type: 'edit.translation', lineId: 'b', translation: 'Dos' }],
    retime: [
      { type: 'retime', lineId: 'b', startMs: 2000, endMs: 4500 },
      { type: 'retime', lineId: 'b', startMs: 1000, endMs: 4000 },
    ],
    'retime.typed': [
      { type: 'retime.typed', lineId: 'b', field: 'end', value: '00:00:04,200' },
      { type: 'retime.typed', lineId: 'b', field: 'start', value: 'soon' },
    ],
    split: [{ type: 'split', lineId: 'a', caret: 6 }],
    merge: [{ type: 'merge', lineId: 'a' }],
    'merge.keepSpeaker': (snapshot) =>
      ((snapshot.context as SubtitleEditorContext).mergeQuestion?.choices ?? []).slice(1).map((choice) => ({ type: 'merge.keepSpeaker', speakerId: choice.speakerId })),
    insert: [
      { type: 'insert', afterLineId: 'b' },
      { type: 'insert', afterLineId: null },
    ],
    delete: [{ type: 'delete', lineId: 'c' }],
    'speaker.change': [{ type: 'speaker.change', lineId: 'c', speakerId: 's2' }],
    'speaker.rename': [
      { type: 'speaker.rename', speakerId: 's1', name: 'Anna' },
      { type: 'speaker.rename', speakerId: 's1', name: ' ' },
    ],
    duration: [{ type: 'duration', durationMs: 9000 }],
    import: [
      { type: 'import', mode: 'replace', target: 'translation', cues: [{ startMs: 500, endMs: 3000, text: 'Uno' }] },
      { type: 'import', mode: 'merge', target: 'bilingual', cues: [{ startMs: 0, endMs: 2000, text: 'x'.repeat(5001) }] },
    ],
    'remote.apply': [{ type: 'remote.apply', state: { lines: LINES.slice(0, 2), speakers: SPEAKERS, undo: [LINES], redo: [] } }],
    // Raised by the machine itself after each change.
    changed: [],
    'xstate.done.actor.loadEditor': (snapshot) =>
      taskOf(snapshot) === 'broken' ? [] : [{ type: 'xstate.done.actor.loadEditor', output: { lines: LINES, speakers: SPEAKERS } }],
    'xstate.error.actor.loadEditor': (snapshot) => (taskOf(snapshot) === 'broken' ? [{ type: 'xstate.error.actor.loadEditor', error: OFFLINE }] : []),
    'xstate.done.actor.saveEdits': (snapshot) => (taskOf(snapshot) === 'flaky' ? [] : [{ type: 'xstate.done.actor.saveEdits' }]),
    'xstate.error.actor.saveEdits': (snapshot) => (taskOf(snapshot) === 'flaky' ? [{ type: 'xstate.error.actor.saveEdits', error: OFFLINE }] : []),
  },
  // What tells editor states apart for the traversal; the lines themselves are checked by the unit tests.
  serializeContext: (context: SubtitleEditorContext) => ({
    task: context.taskId,
    canUndo: context.undo.length > 0,
    canRedo: context.redo.length > 0,
    refused: context.refusal !== null,
    asking: context.mergeQuestion !== null,
    changedSinceSent: context.version > context.sendingVersion,
    failing: context.saveFailures > 0,
  }),
};
