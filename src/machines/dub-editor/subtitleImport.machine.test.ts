// The import through both machines: the file read by the server (double), reviewed, handed to the
// subtitleEditor as one edit — undo takes the whole import back, and it is saved like any edit — and
// refusals (not .srt, the server's message naming the cue) shown until dismissed.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { DubLine } from './subtitleEditor.types';
import { SAVE_DEBOUNCE_MS, selectLines, subtitleEditorMachine, type EditorSaveInput } from './subtitleEditor.machine';
import { IMPORT_NOT_SRT_KEY, selectImportContext, selectImportStep, subtitleImportMachine, type ReadSubtitles } from './subtitleImport.machine';

const LINES: DubLine[] = [
  { id: 'a', startMs: 0, endMs: 2000, text: 'Hello', translation: 'Hola', speakerId: 's1', speaker: 'Ann' },
  { id: 'b', startMs: 2000, endMs: 4000, text: 'Bye', translation: 'Adiós', speakerId: 's1', speaker: 'Ann' },
];
const READ: ReadSubtitles = { fileName: 'fr.srt', encoding: 'windows-1252', cues: [{ startMs: 0, endMs: 3000, text: 'Où est-il ?' }] };
const file = (name: string) => Object.assign(new Blob(['x']), { name });

function start() {
  const saves: EditorSaveInput[] = [];
  const editor = createActor(
    subtitleEditorMachine.provide({
      actors: {
        loadEditor: fromPromise(async () => ({ lines: LINES, speakers: [{ id: 's1', name: 'Ann' }] })),
        saveEdits: fromPromise<void, EditorSaveInput>(async ({ input }) => void saves.push(input)),
        sync: fromCallback(() => undefined),
      },
    }),
    { input: { taskId: 't1', durationMs: 10_000 } },
  ).start();
  const reads: string[] = [];
  const importer = createActor(
    subtitleImportMachine.provide({
      actors: {
        readSrt: fromPromise<ReadSubtitles, { file: Blob; name: string }>(async ({ input }) => {
          reads.push(input.name);
          if (input.name === 'broken.srt') throw { kind: 'business', code: 400, message: 'subtitle 2 (line 8 of the file) has a broken time line' };
          return READ;
        }),
      },
    }),
    { input: { editor } },
  ).start();
  return { editor, importer, saves, reads };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('import subtitles in the dub editor', () => {
  it('reads, shows the encoding for review, replaces the lines as one undoable edit, and saves it', async () => {
    const { editor, importer, saves } = start();
    await vi.advanceTimersByTimeAsync(0);
    importer.send({ type: 'import.file', file: file('fr.srt') });
    await vi.advanceTimersByTimeAsync(0);
    expect(selectImportStep(importer.getSnapshot())).toBe('review');
    expect(selectImportContext(importer.getSnapshot()).read).toMatchObject({ encoding: 'windows-1252', cues: [{ text: 'Où est-il ?' }] });
    importer.send({ type: 'import.target', target: 'text' });
    importer.send({ type: 'import.confirm' });
    expect(selectImportStep(importer.getSnapshot())).toBe('idle');
    expect(selectLines(editor.getSnapshot()).map((l) => [l.startMs, l.endMs, l.text, l.speakerId])).toEqual([[0, 3000, 'Où est-il ?', 's1']]);
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS + 10);
    expect(saves.at(-1)!.lines.map((l) => l.text)).toEqual(['Où est-il ?']);
    editor.send({ type: 'undo' });
    expect(selectLines(editor.getSnapshot())).toEqual(LINES);
  });

  it('merges over the lines when asked, and cancelling a review changes nothing', async () => {
    const { editor, importer } = start();
    await vi.advanceTimersByTimeAsync(0);
    importer.send({ type: 'import.file', file: file('fr.srt') });
    await vi.advanceTimersByTimeAsync(0);
    importer.send({ type: 'import.cancel' });
    expect(selectLines(editor.getSnapshot())).toEqual(LINES);
    importer.send({ type: 'import.file', file: file('fr.srt') });
    await vi.advanceTimersByTimeAsync(0);
    importer.send({ type: 'import.mode', mode: 'merge' });
    importer.send({ type: 'import.confirm' });
    expect(selectLines(editor.getSnapshot()).map((l) => [l.id, l.translation])).toEqual([
      ['a', 'Où est-il ?'],
      ['b', 'Où est-il ?'],
    ]);
  });

  it('refuses a file that is not .srt without a call, and shows the server refusal naming the cue', async () => {
    const { editor, importer, reads } = start();
    await vi.advanceTimersByTimeAsync(0);
    importer.send({ type: 'import.file', file: file('notes.txt') });
    expect(selectImportStep(importer.getSnapshot())).toBe('failed');
    expect(selectImportContext(importer.getSnapshot()).error).toEqual({ errorKey: IMPORT_NOT_SRT_KEY });
    expect(reads).toEqual([]);
    importer.send({ type: 'import.file', file: file('broken.srt') });
    await vi.advanceTimersByTimeAsync(0);
    expect(selectImportContext(importer.getSnapshot()).error).toMatchObject({ errorMessage: 'subtitle 2 (line 8 of the file) has a broken time line' });
    importer.send({ type: 'import.cancel' });
    expect(selectImportStep(importer.getSnapshot())).toBe('idle');
    expect(selectLines(editor.getSnapshot())).toEqual(LINES);
  });
});
