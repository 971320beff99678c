// The subtitleEditor machine with doubles for its calls and its channel: every rule of features §5
// through the machine (a refused edit changes nothing, is neither saved nor published), undo/redo,
// the merge question, optimistic saving (debounce, failure kept and retried), renames, and a state
// from another window adopted without echo or save.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { DUB_EDITOR_LIMITS } from '../../shared/contract/dub-limits';
import type { DubLine, DubSpeaker } from './subtitleEditor.types';
import {
  SAVE_DEBOUNCE_MS,
  SAVE_RETRY_FIRST_MS,
  retimeRefusalOf,
  saveRetryDelay,
  selectCanRedo,
  selectCanUndo,
  selectLines,
  selectLoadState,
  selectMergeQuestion,
  selectRefusal,
  selectSaveError,
  selectSaveState,
  selectSelectedLineId,
  selectUndoDepth,
  subtitleEditorMachine,
  type EditorSaveInput,
  type SharedEditState,
} from './subtitleEditor.machine';

const SPEAKERS: DubSpeaker[] = [
  { id: 's1', name: 'Ann', voice: 'v1' },
  { id: 's2', name: 'Bo', voice: 'v2' },
];
const line = (id: string, startMs: number, endMs: number, text: string, speakerId = 's1'): DubLine => ({
  id,
  startMs,
  endMs,
  text,
  translation: `${text} (t)`,
  speakerId,
  speaker: SPEAKERS.find((speaker) => speaker.id === speakerId)!.name,
  overrunMs: 0,
  revoice: false,
});
// Delivered out of order: the machine sorts by start.
const LINES = [line('c', 5000, 9000, 'Third line', 's1'), line('a', 0, 2000, 'Hello world'), line('b', 2000, 4000, 'Second', 's2')];

interface Harness {
  actor: ReturnType<typeof createActor<typeof subtitleEditorMachine>>;
  saves: EditorSaveInput[];
  published: SharedEditState[];
  remote: (state: SharedEditState) => void;
  ids: () => string[];
}

async function start(options: { durationMs?: number | null; failSaves?: number; loadFails?: number; hold?: Promise<void> } = {}): Promise<Harness> {
  const saves: EditorSaveInput[] = [];
  const published: SharedEditState[] = [];
  let failSaves = options.failSaves ?? 0;
  let loadFails = options.loadFails ?? 0;
  let sendBack: ((event: { type: 'remote.apply'; state: SharedEditState }) => void) | undefined;
  const machine = subtitleEditorMachine.provide({
    actors: {
      loadEditor: fromPromise(async () => {
        if (loadFails-- > 0) throw { kind: 'transport', messageKey: 'api:networkError' };
        return { lines: LINES, speakers: SPEAKERS };
      }),
      saveEdits: fromPromise<void, EditorSaveInput>(async ({ input }) => {
        saves.push(input);
        if (options.hold) await options.hold;
        if (failSaves-- > 0) throw { kind: 'business', code: 500, message: 'Lines overlap' };
      }),
      sync: fromCallback(({ receive, sendBack: send }) => {
        sendBack = send as typeof sendBack;
        receive((event: { type: 'publish'; state: SharedEditState }) => published.push(event.state));
      }),
    },
  });
  const actor = createActor(machine, { input: { taskId: 't1', durationMs: options.durationMs === undefined ? 10_000 : options.durationMs } }).start();
  await vi.advanceTimersByTimeAsync(0);
  return {
    actor,
    saves,
    published,
    remote: (state) => sendBack!({ type: 'remote.apply', state }),
    ids: () => actor.getSnapshot().context.lines.map((item) => item.id),
  };
}

const snapshot = (h: Harness) => h.actor.getSnapshot();
const lineOf = (h: Harness, id: string) => snapshot(h).context.lines.find((item) => item.id === id)!;

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('loading', () => {
  it('loads lines sorted by start and the speakers', async () => {
    const h = await start();
    expect(selectLoadState(snapshot(h))).toBe('ready');
    expect(h.ids()).toEqual(['a', 'b', 'c']);
    expect(snapshot(h).context.speakers).toEqual(SPEAKERS);
    expect(selectSaveState(snapshot(h))).toBe('saved');
  });
  it('a failed load can be retried', async () => {
    const h = await start({ loadFails: 1 });
    expect(selectLoadState(snapshot(h))).toBe('failed');
    h.actor.send({ type: 'load.retry' });
    await vi.advanceTimersByTimeAsync(0);
    expect(selectLoadState(snapshot(h))).toBe('ready');
  });
});

describe('rules: a refused edit changes nothing, is not saved, not published', () => {
  async function expectRefused(h: Harness, event: Parameters<Harness['actor']['send']>[0], refusal: string) {
    const before = snapshot(h).context.lines;
    h.actor.send(event);
    expect(selectRefusal(snapshot(h))).toBe(refusal);
    expect(snapshot(h).context.lines).toBe(before);
    expect(selectCanUndo(snapshot(h))).toBe(false);
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS * 2);
    expect(h.saves).toHaveLength(0);
    expect(h.published).toHaveLength(0);
    h.actor.send({ type: 'dismissRefusal' });
    expect(selectRefusal(snapshot(h))).toBeNull();
  }
  it('end not before start', async () => {
    await expectRefused(await start(), { type: 'retime.typed', lineId: 'b', field: 'end', value: '00:00:01,000' }, 'endBeforeStart');
  });
  it('start not after end', async () => {
    await expectRefused(await start(), { type: 'retime.typed', lineId: 'b', field: 'start', value: '00:00:04,500' }, 'startAfterEnd');
  });
  it('no overlap', async () => {
    await expectRefused(await start(), { type: 'retime', lineId: 'b', startMs: 1500, endMs: 4000 }, 'overlap');
  });
  it('time format', async () => {
    await expectRefused(await start(), { type: 'retime.typed', lineId: 'b', field: 'start', value: '2 seconds' }, 'timeFormat');
  });
  it('characters per frame, with translation', async () => {
    await expectRefused(await start(), { type: 'edit.translation', lineId: 'a', translation: 'x'.repeat(DUB_EDITOR_LIMITS.minFrameChars * 2) }, 'charsPerFrame');
  });
  it('never the last line', async () => {
    const h = await start();
    h.actor.send({ type: 'delete', lineId: 'a' });
    h.actor.send({ type: 'delete', lineId: 'b' });
    expect(h.ids()).toEqual(['c']);
    const before = snapshot(h).context.lines;
    h.actor.send({ type: 'delete', lineId: 'c' });
    expect(selectRefusal(snapshot(h))).toBe('lastLine');
    expect(snapshot(h).context.lines).toBe(before);
  });
  it('no insert once the end reaches the video duration', async () => {
    await expectRefused(await start({ durationMs: 9000 }), { type: 'insert', afterLineId: 'c' }, 'noRoomToInsert');
  });
  it('speaker name not empty', async () => {
    await expectRefused(await start(), { type: 'speaker.rename', speakerId: 's1', name: '   ' }, 'speakerNameEmpty');
  });
  it("'nothing undoable' and 'nothing redoable' with an empty history", async () => {
    const h = await start();
    h.actor.send({ type: 'undo' });
    expect(selectRefusal(snapshot(h))).toBe('nothingUndoable');
    h.actor.send({ type: 'redo' });
    expect(selectRefusal(snapshot(h))).toBe('nothingRedoable');
  });
  it('a successful edit clears the refusal', async () => {
    const h = await start();
    h.actor.send({ type: 'undo' });
    h.actor.send({ type: 'edit.text', lineId: 'a', text: 'Hi' });
    expect(selectRefusal(snapshot(h))).toBeNull();
  });
});

describe('edits', () => {
  it('text, translation, typed and dragged times, speaker: one undo step each, untouched lines shared', async () => {
    const h = await start();
    const before = snapshot(h).context.lines;
    h.actor.send({ type: 'edit.text', lineId: 'a', text: 'Hi there' });
    expect(lineOf(h, 'a')).toMatchObject({ text: 'Hi there', translationStale: true, revoice: true });
    expect(snapshot(h).context.lines[1]).toBe(before[1]);
    h.actor.send({ type: 'edit.translation', lineId: 'a', translation: 'Hola' });
    h.actor.send({ type: 'retime.typed', lineId: 'b', field: 'end', value: '00:04.500' });
    h.actor.send({ type: 'retime', lineId: 'c', startMs: 8000, endMs: 11_000 });
    h.actor.send({ type: 'speaker.change', lineId: 'a', speakerId: 's2' });
    expect(lineOf(h, 'a')).toMatchObject({ translation: 'Hola', speakerId: 's2', speaker: 'Bo' });
    expect(lineOf(h, 'b').endMs).toBe(4500);
    // A drag past the end of the media is held inside it.
    expect(lineOf(h, 'c')).toMatchObject({ startMs: 7000, endMs: 10_000 });
    expect(selectUndoDepth(snapshot(h))).toBe(5);
  });
  it('no-ops add no step: same text, same time, unknown line or speaker', async () => {
    const h = await start();
    h.actor.send({ type: 'edit.text', lineId: 'a', text: 'Hello world' });
    h.actor.send({ type: 'retime', lineId: 'a', startMs: 0, endMs: 2000 });
    h.actor.send({ type: 'edit.text', lineId: 'zz', text: 'x' });
    h.actor.send({ type: 'speaker.change', lineId: 'a', speakerId: 'nobody' });
    h.actor.send({ type: 'merge', lineId: 'c' });
    h.actor.send({ type: 'insert', afterLineId: 'zz' });
    expect(selectCanUndo(snapshot(h))).toBe(false);
  });
  it('split at the caret and at the playhead; the new line is selected', async () => {
    const h = await start();
    h.actor.send({ type: 'split', lineId: 'a', caret: 6 });
    expect(snapshot(h).context.lines.slice(0, 2).map((item) => item.text)).toEqual(['Hello', 'world']);
    const newId = selectSelectedLineId(snapshot(h))!;
    expect(h.ids()[1]).toBe(newId);
    h.actor.send({ type: 'split', lineId: 'c', atMs: 7000 });
    expect(lineOf(h, 'c').endMs).toBe(7000);
    expect(snapshot(h).context.lines.length).toBe(5);
  });
  it('insert fills the gap after a line; before the first when there is room', async () => {
    const h = await start();
    h.actor.send({ type: 'insert', afterLineId: 'b' });
    const inserted = snapshot(h).context.lines[2]!;
    expect(inserted).toMatchObject({ startMs: 4000, endMs: 5000, text: '', speakerId: 's2' });
    expect(selectSelectedLineId(snapshot(h))).toBe(inserted.id);
    h.actor.send({ type: 'insert', afterLineId: null });
    expect(selectRefusal(snapshot(h))).toBe('noRoomToInsert');
  });
  it('delete selects the neighbour', async () => {
    const h = await start();
    h.actor.send({ type: 'select', lineId: 'b' });
    h.actor.send({ type: 'delete', lineId: 'b' });
    expect(h.ids()).toEqual(['a', 'c']);
    expect(selectSelectedLineId(snapshot(h))).toBe('c');
  });
  it('select ignores a line that does not exist', async () => {
    const h = await start();
    h.actor.send({ type: 'select', lineId: 'nope' });
    expect(selectSelectedLineId(snapshot(h))).toBeNull();
  });
});

describe('merge', () => {
  it('lines of the same speaker merge at once', async () => {
    const h = await start();
    h.actor.send({ type: 'delete', lineId: 'b' });
    h.actor.send({ type: 'merge', lineId: 'a' });
    expect(h.ids()).toEqual(['a']);
    expect(lineOf(h, 'a')).toMatchObject({ startMs: 0, endMs: 9000, text: 'Hello world Third line' });
  });
  it('lines of different speakers ask which speaker to keep', async () => {
    const h = await start();
    h.actor.send({ type: 'merge', lineId: 'a' });
    expect(selectMergeQuestion(snapshot(h))).toEqual({
      lineId: 'a',
      nextLineId: 'b',
      choices: [
        { speakerId: 's1', speaker: 'Ann' },
        { speakerId: 's2', speaker: 'Bo' },
      ],
    });
    expect(h.ids()).toEqual(['a', 'b', 'c']);
    // Other edits wait for the answer.
    h.actor.send({ type: 'delete', lineId: 'c' });
    expect(h.ids()).toEqual(['a', 'b', 'c']);
    h.actor.send({ type: 'merge.keepSpeaker', speakerId: 's2' });
    expect(selectMergeQuestion(snapshot(h))).toBeNull();
    expect(lineOf(h, 'a')).toMatchObject({ endMs: 4000, text: 'Hello world Second', speakerId: 's2', speaker: 'Bo' });
    expect(h.ids()).toEqual(['a', 'c']);
  });
  it('the question can be cancelled, and an answer naming neither speaker merges nothing', async () => {
    const h = await start();
    h.actor.send({ type: 'merge', lineId: 'a' });
    h.actor.send({ type: 'merge.cancel' });
    expect(selectMergeQuestion(snapshot(h))).toBeNull();
    h.actor.send({ type: 'merge', lineId: 'a' });
    h.actor.send({ type: 'merge.keepSpeaker', speakerId: 's9' });
    expect(h.ids()).toEqual(['a', 'b', 'c']);
    expect(selectCanUndo(snapshot(h))).toBe(false);
  });
});

describe('undo and redo', () => {
  it(`undoes at most ${DUB_EDITOR_LIMITS.undoSteps} steps, then 'nothing undoable'; redo walks back`, async () => {
    const h = await start();
    const original = snapshot(h).context.lines;
    for (let step = 1; step <= 7; step++) h.actor.send({ type: 'edit.text', lineId: 'a', text: `Take ${step}` });
    for (let step = 0; step < DUB_EDITOR_LIMITS.undoSteps; step++) h.actor.send({ type: 'undo' });
    expect(lineOf(h, 'a').text).toBe('Take 2');
    expect(selectRefusal(snapshot(h))).toBeNull();
    h.actor.send({ type: 'undo' });
    expect(selectRefusal(snapshot(h))).toBe('nothingUndoable');
    expect(lineOf(h, 'a').text).toBe('Take 2');
    expect(snapshot(h).context.lines).not.toBe(original);
    h.actor.send({ type: 'redo' });
    h.actor.send({ type: 'redo' });
    expect(lineOf(h, 'a').text).toBe('Take 4');
    expect(selectCanRedo(snapshot(h))).toBe(true);
  });
  it('a new edit clears the redo stack; undo restores the very same array', async () => {
    const h = await start();
    const original = snapshot(h).context.lines;
    h.actor.send({ type: 'split', lineId: 'a', caret: 6 });
    h.actor.send({ type: 'undo' });
    expect(snapshot(h).context.lines).toBe(original);
    h.actor.send({ type: 'edit.text', lineId: 'b', text: 'Again' });
    expect(selectCanRedo(snapshot(h))).toBe(false);
  });
  it('undoing an insert selects the line that follows where it was, never the line that is gone', async () => {
    const h = await start();
    h.actor.send({ type: 'insert', afterLineId: 'b' });
    const inserted = selectSelectedLineId(snapshot(h));
    expect(inserted).not.toBeNull();
    h.actor.send({ type: 'undo' });
    expect(h.ids()).toEqual(['a', 'b', 'c']);
    expect(selectSelectedLineId(snapshot(h))).toBe('c');
    h.actor.send({ type: 'redo' });
    expect(selectSelectedLineId(snapshot(h))).toBe(inserted);
  });
  it('undo selects the line it brings back, so delete + undo again and again stays on one line', async () => {
    const h = await start();
    h.actor.send({ type: 'select', lineId: 'b' });
    for (let round = 0; round < 3; round++) {
      h.actor.send({ type: 'delete', lineId: 'b' });
      expect(h.ids()).toEqual(['a', 'c']);
      expect(selectSelectedLineId(snapshot(h))).toBe('c');
      h.actor.send({ type: 'undo' });
      expect(h.ids()).toEqual(['a', 'b', 'c']);
      expect(selectSelectedLineId(snapshot(h))).toBe('b');
    }
    h.actor.send({ type: 'redo' });
    expect(selectSelectedLineId(snapshot(h))).toBe('c');
  });
  it('undo of a text edit selects the edited line, wherever the selection went meanwhile', async () => {
    const h = await start();
    h.actor.send({ type: 'edit.text', lineId: 'c', text: 'Changed' });
    h.actor.send({ type: 'select', lineId: 'a' });
    h.actor.send({ type: 'undo' });
    expect(lineOf(h, 'c').text).toBe('Third line');
    expect(selectSelectedLineId(snapshot(h))).toBe('c');
  });
});

describe('saving', () => {
  it('debounces: several quick edits are saved once, with the latest lines', async () => {
    const h = await start();
    h.actor.send({ type: 'edit.text', lineId: 'a', text: 'One' });
    expect(selectSaveState(snapshot(h))).toBe('saving');
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS - 50);
    h.actor.send({ type: 'edit.text', lineId: 'a', text: 'Two' });
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS - 50);
    expect(h.saves).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(100);
    expect(h.saves).toHaveLength(1);
    expect(h.saves[0]!.lines.find((item) => item.id === 'a')!.text).toBe('Two');
    expect(h.saves[0]!.taskId).toBe('t1');
    expect(selectSaveState(snapshot(h))).toBe('saved');
  });
  it('a failed save keeps the edit, shows failed, retries with backoff', async () => {
    const h = await start({ failSaves: 2 });
    h.actor.send({ type: 'edit.text', lineId: 'a', text: 'Kept' });
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    expect(selectSaveState(snapshot(h))).toBe('failed');
    expect(selectSaveError(snapshot(h))).toMatchObject({ errorMessage: 'Lines overlap' });
    expect(lineOf(h, 'a').text).toBe('Kept');
    await vi.advanceTimersByTimeAsync(SAVE_RETRY_FIRST_MS);
    expect(h.saves).toHaveLength(2);
    expect(selectSaveState(snapshot(h))).toBe('failed');
    await vi.advanceTimersByTimeAsync(saveRetryDelay(2) - 1);
    expect(h.saves).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.saves).toHaveLength(3);
    expect(selectSaveState(snapshot(h))).toBe('saved');
    expect(selectSaveError(snapshot(h))).toBeNull();
  });
  it('save.retry tries again at once', async () => {
    const h = await start({ failSaves: 1 });
    h.actor.send({ type: 'edit.text', lineId: 'a', text: 'Kept' });
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    expect(selectSaveState(snapshot(h))).toBe('failed');
    h.actor.send({ type: 'save.retry' });
    await vi.advanceTimersByTimeAsync(0);
    expect(h.saves).toHaveLength(2);
    expect(selectSaveState(snapshot(h))).toBe('saved');
  });
  it('backoff doubles up to a cap', () => {
    expect([1, 2, 3, 10].map(saveRetryDelay)).toEqual([1000, 2000, 4000, 30_000]);
  });
  it('an edit made while a save is in flight is saved after it', async () => {
    let release!: () => void;
    const h = await start({ hold: new Promise<void>((resolve) => (release = resolve)) });
    h.actor.send({ type: 'edit.text', lineId: 'a', text: 'First' });
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    h.actor.send({ type: 'edit.text', lineId: 'a', text: 'Second' });
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(selectSaveState(snapshot(h))).toBe('saving');
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    expect(h.saves.map((save) => save.lines[0]!.text)).toEqual(['First', 'Second']);
    expect(selectSaveState(snapshot(h))).toBe('saved');
  });
  it('a rename reaches every line and the history, and is saved through the renames', async () => {
    const h = await start();
    h.actor.send({ type: 'edit.text', lineId: 'a', text: 'Before rename' });
    h.actor.send({ type: 'speaker.rename', speakerId: 's1', name: ' Anna ' });
    expect(snapshot(h).context.lines.filter((item) => item.speakerId === 's1').map((item) => item.speaker)).toEqual(['Anna', 'Anna']);
    expect(snapshot(h).context.speakers[0]!.name).toBe('Anna');
    h.actor.send({ type: 'undo' });
    expect(lineOf(h, 'a')).toMatchObject({ text: 'Hello world', speaker: 'Anna' });
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    expect(h.saves[0]!.renames).toEqual([{ speakerId: 's1', name: 'Anna' }]);
    expect(snapshot(h).context.renames).toEqual({});
    // The same name again is nothing to do.
    h.actor.send({ type: 'speaker.rename', speakerId: 's1', name: 'Anna' });
    expect(selectSaveState(snapshot(h))).toBe('saved');
  });
});

describe('another window', () => {
  it('each own edit, undo and redo is published with its history', async () => {
    const h = await start();
    h.actor.send({ type: 'edit.text', lineId: 'a', text: 'Mine' });
    h.actor.send({ type: 'undo' });
    h.actor.send({ type: 'redo' });
    expect(h.published).toHaveLength(3);
    expect(h.published[2]!.lines.find((item) => item.id === 'a')!.text).toBe('Mine');
    expect(h.published[1]!.redo).toHaveLength(1);
  });
  it("another window's state is adopted, not published again, not saved", async () => {
    const h = await start();
    h.actor.send({ type: 'select', lineId: 'c' });
    h.actor.send({ type: 'merge', lineId: 'a' });
    const theirs = [line('a', 0, 2000, 'From the other window'), line('b', 2000, 4000, 'Second', 's2')];
    h.remote({ lines: theirs, speakers: SPEAKERS, undo: [LINES], redo: [] });
    expect(selectLines(snapshot(h))).toBe(theirs);
    expect(selectCanUndo(snapshot(h))).toBe(true);
    expect(selectMergeQuestion(snapshot(h))).toBeNull();
    expect(selectSelectedLineId(snapshot(h))).toBeNull();
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS * 2);
    expect(h.published).toHaveLength(0);
    expect(h.saves).toHaveLength(0);
  });
  it('the media length arrives from the player', async () => {
    const h = await start({ durationMs: null });
    h.actor.send({ type: 'insert', afterLineId: 'c' });
    h.actor.send({ type: 'undo' });
    h.actor.send({ type: 'duration', durationMs: 9000.4 });
    h.actor.send({ type: 'insert', afterLineId: 'c' });
    expect(selectRefusal(snapshot(h))).toBe('noRoomToInsert');
  });
});

describe('the most lines the edits call takes', () => {
  it(`refuses insert and split at ${DUB_EDITOR_LIMITS.maxLines} lines`, async () => {
    const many = Array.from({ length: DUB_EDITOR_LIMITS.maxLines }, (_, i) => line(`m${i}`, i * 1000, i * 1000 + 500, 'Hello world'));
    const machine = subtitleEditorMachine.provide({
      actors: {
        loadEditor: fromPromise(async () => ({ lines: many, speakers: SPEAKERS })),
        saveEdits: fromPromise<void, EditorSaveInput>(async () => undefined),
        sync: fromCallback(() => undefined),
      },
    });
    const actor = createActor(machine, { input: { taskId: 't1', durationMs: null } }).start();
    await vi.advanceTimersByTimeAsync(0);
    const before = actor.getSnapshot().context.lines;
    actor.send({ type: 'insert', afterLineId: 'm0' });
    expect(actor.getSnapshot().context.refusal).toBe('noRoomToInsert');
    actor.send({ type: 'split', lineId: 'm0', caret: 6 });
    expect(actor.getSnapshot().context.refusal).toBe('noRoomToInsert');
    expect(actor.getSnapshot().context.lines).toBe(before);
    expect(actor.getSnapshot().context.lines).toHaveLength(DUB_EDITOR_LIMITS.maxLines);
    actor.stop();
  });
});

describe('live check while dragging', () => {
  it('tells the refusal of a retime without making it', async () => {
    const h = await start();
    expect(retimeRefusalOf(snapshot(h), 'b', 1500, 4000)).toBe('overlap');
    expect(retimeRefusalOf(snapshot(h), 'b', 2000, 4800)).toBeNull();
    expect(retimeRefusalOf(snapshot(h), 'b', 3000, 2000)).toBe('endBeforeStart');
    expect(retimeRefusalOf(snapshot(h), 'nope', 0, 1)).toBeNull();
    expect(selectCanUndo(snapshot(h))).toBe(false);
  });
});
