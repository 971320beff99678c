import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { VocabularyImportRequest } from '../../api/vocabulary/import';
import type { VocabularyImportPreview, VocabularyKind } from '../../api/vocabulary/types';
import { vocabularyImportMachine, type VocabularyImportEmitted } from './vocabularyImport.machine';
import { FILE_SIZE_KEY, FILE_TYPE_KEY, ONE_FILE_KEY } from './vocabulary.rules';
import { REFUSAL, xlsxFile } from './vocabulary.doubles';

type Answer = { id: string | null; imported: number; preview?: VocabularyImportPreview };

function start(answer: (request: VocabularyImportRequest) => Promise<Answer>) {
  const requests: VocabularyImportRequest[] = [];
  const emitted: VocabularyImportEmitted[] = [];
  const templates: VocabularyKind[] = [];
  const machine = vocabularyImportMachine.provide({
    actors: {
      importFile: fromPromise<Answer, VocabularyImportRequest>(({ input }) => {
        requests.push(input);
        return answer(input);
      }),
      downloadTemplate: fromPromise<void, { kind: VocabularyKind }>(async ({ input }) => {
        templates.push(input.kind);
      }),
      exportLibrary: fromPromise<void, { id: string }>(async () => undefined),
    },
  });
  const actor = createActor(machine, { input: { libraryId: 'L1', kind: 'properWords' } }).start();
  actor.on('*', (event) => emitted.push(event as VocabularyImportEmitted));
  return { actor, requests, emitted, templates };
}

const CLEAN: VocabularyImportPreview = { total: 2, valid: 2, rows: [] };
const PROBLEMS: VocabularyImportPreview = {
  total: 3,
  valid: 1,
  rows: [
    { row: 3, source: 'x'.repeat(51), target: null, problems: ['tooLong'] },
    { row: 4, source: 'Parley', target: null, problems: ['duplicate'] },
  ],
};

describe('vocabulary import machine', () => {
  it('refuses two files, a renamed .csv and a 6 MB file before any call', () => {
    const { actor, requests } = start(async () => ({ id: null, imported: 0, preview: CLEAN }));
    actor.send({ type: 'import.filesChosen', files: [xlsxFile('a.xlsx'), xlsxFile('b.xlsx')] });
    expect(actor.getSnapshot().context.errorKey).toBe(ONE_FILE_KEY);
    actor.send({ type: 'import.filesChosen', files: [xlsxFile('words.csv')] });
    expect(actor.getSnapshot().context.errorKey).toBe(FILE_TYPE_KEY);
    actor.send({ type: 'import.filesChosen', files: [xlsxFile('big.xlsx', 6 * 1024 * 1024)] });
    expect(actor.getSnapshot().context.errorKey).toBe(FILE_SIZE_KEY);
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(requests).toEqual([]);
  });

  it('shows the problem rows of the preview and does not import them', async () => {
    const { actor, requests } = start(async () => ({ id: null, imported: 0, preview: PROBLEMS }));
    actor.send({ type: 'import.filesChosen', files: [xlsxFile('words.xlsx')] });
    await waitFor(actor, (s) => s.matches('previewed'));
    expect(actor.getSnapshot().context.preview).toEqual(PROBLEMS);
    actor.send({ type: 'import.confirmed' });
    expect(actor.getSnapshot().value).toBe('previewed');
    expect(requests.map((r) => [r.file.name, r.preview, r.id, r.kind])).toEqual([['words.xlsx', true, 'L1', 'properWords']]);
  });

  it('imports a clean preview and tells the page how many words came in', async () => {
    const { actor, requests, emitted } = start(async (request) =>
      request.preview ? { id: null, imported: 0, preview: CLEAN } : { id: 'L1', imported: 2 },
    );
    actor.send({ type: 'import.filesChosen', files: [xlsxFile('words.xlsx')] });
    await waitFor(actor, (s) => s.matches('previewed'));
    actor.send({ type: 'import.confirmed' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(requests.map((r) => r.preview)).toEqual([true, false]);
    expect(emitted).toContainEqual({ type: 'vocabulary.imported', count: 2 });
    expect(actor.getSnapshot().context.imported).toBe(2);
  });

  it('keeps the preview with the server reason when the import itself is refused', async () => {
    const { actor } = start(async (request) => {
      if (request.preview) return { id: null, imported: 0, preview: CLEAN };
      throw REFUSAL;
    });
    actor.send({ type: 'import.filesChosen', files: [xlsxFile('words.xlsx')] });
    await waitFor(actor, (s) => s.matches('previewed'));
    actor.send({ type: 'import.confirmed' });
    await waitFor(actor, (s) => s.matches('previewed') && s.context.errorMessage !== undefined);
    expect(actor.getSnapshot().context.errorMessage).toBe(REFUSAL.message);
  });

  it('lets duplicates through (they merge) and shows the newer preview a refused import answers', async () => {
    const duplicates: VocabularyImportPreview = { total: 3, valid: 2, rows: [{ row: 4, source: 'Parley', target: null, problems: ['duplicate'] }] };
    const refused = { kind: 'business', code: 400, message: 'Row 3 is too long', data: { id: null, imported: 0, preview: PROBLEMS } };
    const { actor, requests } = start(async (request) => {
      if (request.preview) return { id: null, imported: 0, preview: duplicates };
      throw refused;
    });
    actor.send({ type: 'import.filesChosen', files: [xlsxFile('words.xlsx')] });
    await waitFor(actor, (s) => s.matches('previewed'));
    actor.send({ type: 'import.confirmed' });
    await waitFor(actor, (s) => s.matches('previewed') && s.context.errorMessage !== undefined);
    expect(requests.map((r) => r.preview)).toEqual([true, false]);
    expect(actor.getSnapshot().context.preview).toEqual(PROBLEMS);
    expect(actor.getSnapshot().context.errorMessage).toBe('Row 3 is too long');
  });

  it('refuses an old binary .xls before any call (the server takes .xlsx only)', () => {
    const { actor, requests } = start(async () => ({ id: null, imported: 0, preview: CLEAN }));
    actor.send({ type: 'import.filesChosen', files: [xlsxFile('words.xls')] });
    expect(actor.getSnapshot().context.errorKey).toBe(FILE_TYPE_KEY);
    expect(requests).toEqual([]);
  });

  it('downloads the template of its kind', async () => {
    const { actor, templates } = start(async () => ({ id: null, imported: 0 }));
    actor.send({ type: 'import.templateRequested' });
    await waitFor(actor, (s) => s.matches('choosing'));
    expect(templates).toEqual(['properWords']);
  });
});
