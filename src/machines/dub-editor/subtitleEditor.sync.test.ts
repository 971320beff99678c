// Two windows of the dub editor on one task (issue 13 §6): two machines, each with its own real
// edit-records channel. An edit, an undo and a retime in one show up in the other; what a window
// adopts it neither publishes again (the message count on the channel proves no echo) nor saves.
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { EDIT_RECORDS_CHANNEL } from '../../streams/edit-records-channel$';
import type { DubLine } from './subtitleEditor.types';
import { subtitleEditorMachine, type EditorSaveInput, type SubtitleEditorActor } from './subtitleEditor.machine';

const LINES: DubLine[] = [
  { id: 'a', startMs: 0, endMs: 2000, text: 'Hello world', translation: 'Hola mundo', speakerId: 's1', speaker: 'Ann' },
  { id: 'b', startMs: 3000, endMs: 5000, text: 'Second', translation: 'Segundo', speakerId: 's1', speaker: 'Ann' },
];
const stops: Array<() => void> = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

function openWindow(taskId = 't1') {
  const saves: EditorSaveInput[] = [];
  const machine = subtitleEditorMachine.provide({
    actors: {
      loadEditor: fromPromise(async () => ({ lines: LINES, speakers: [{ id: 's1', name: 'Ann' }] })),
      saveEdits: fromPromise<void, EditorSaveInput>(async ({ input }) => {
        saves.push(input);
      }),
    },
  });
  const actor = createActor(machine, { input: { taskId, durationMs: 60_000 } }).start();
  stops.push(() => actor.stop());
  return { actor, saves };
}

/** Every state posted on the channel, whoever sent it (presence messages aside). */
function tapChannel() {
  const tap = new BroadcastChannel(EDIT_RECORDS_CHANNEL);
  const messages: Array<{ windowId: string }> = [];
  tap.addEventListener('message', (event) => void ('state' in (event.data as object) && messages.push(event.data as { windowId: string })));
  stops.push(() => tap.close());
  return messages;
}

/** Resolves once the actor's snapshot satisfies `done` (the channel delivers asynchronously). */
function until(actor: SubtitleEditorActor, done: (lines: readonly DubLine[]) => boolean, timeoutMs = 1000): Promise<void> {
  return new Promise((resolve, reject) => {
    if (done(actor.getSnapshot().context.lines)) return resolve();
    const timer = setTimeout(() => reject(new Error('not in sync in time')), timeoutMs);
    const subscription = actor.subscribe((snapshot) => {
      if (!done(snapshot.context.lines)) return;
      clearTimeout(timer);
      subscription.unsubscribe();
      resolve();
    });
  });
}
const ready = (actor: SubtitleEditorActor) => until(actor, (lines) => lines.length > 0);
const textOf = (lines: readonly DubLine[], id: string) => lines.find((line) => line.id === id)?.text;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('two windows in sync', () => {
  it('an edit, an undo and a retime appear in the other window, once, without echo or a second save', async () => {
    const messages = tapChannel();
    const first = openWindow();
    const second = openWindow();
    await Promise.all([ready(first.actor), ready(second.actor)]);
    // The windows have told each other they are open (a window alone posts nothing).
    await pause(50);

    first.actor.send({ type: 'edit.text', lineId: 'a', text: 'Edited in the first' });
    await until(second.actor, (lines) => textOf(lines, 'a') === 'Edited in the first');
    expect(second.actor.getSnapshot().context.undo).toHaveLength(1);

    first.actor.send({ type: 'undo' });
    await until(second.actor, (lines) => textOf(lines, 'a') === 'Hello world');
    expect(second.actor.getSnapshot().context.redo).toHaveLength(1);

    second.actor.send({ type: 'retime', lineId: 'b', startMs: 2500, endMs: 5500 });
    await until(first.actor, (lines) => lines[1]!.startMs === 2500 && lines[1]!.endMs === 5500);

    // Let any echo arrive before counting, and the debounced saves run.
    await pause(600);
    expect(messages).toHaveLength(3);
    const [edit, undo, retime] = messages;
    expect(edit!.windowId).toBe(undo!.windowId);
    expect(retime!.windowId).not.toBe(edit!.windowId);
    // Each save happens in the window that made the change, with the lines as they are there.
    expect(first.saves).toHaveLength(1);
    expect(textOf(first.saves[0]!.lines, 'a')).toBe('Hello world');
    expect(second.saves).toHaveLength(1);
    expect(second.saves[0]!.lines[1]).toMatchObject({ startMs: 2500, endMs: 5500 });
    // Both windows hold the same document and history.
    expect(first.actor.getSnapshot().context.lines).toEqual(second.actor.getSnapshot().context.lines);
    expect(first.actor.getSnapshot().context.undo).toEqual(second.actor.getSnapshot().context.undo);
  });

  it('a window of another task hears nothing', async () => {
    const first = openWindow('t1');
    const other = openWindow('t2');
    await Promise.all([ready(first.actor), ready(other.actor)]);
    first.actor.send({ type: 'edit.text', lineId: 'a', text: 'Only t1' });
    await pause(100);
    expect(textOf(other.actor.getSnapshot().context.lines, 'a')).toBe('Hello world');
  });
});
