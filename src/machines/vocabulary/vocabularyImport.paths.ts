// Path model of the Excel import (convention: src/testing/paths.ts). Files are told apart by
// name: 'clean.xlsx' previews with no problems, 'rows.xlsx' with problem rows, 'broken.xlsx' is
// refused by the preview, 'late.xlsx' previews clean and is refused by the import (all-or-nothing);
// 'notes.csv' and two files are refused here. The template and export doubles fail for the
// translation-terms kind, so both outcomes are walked from the two inputs. Each sample names its
// files in a field of its own: a File serialises as {}, and the traversal tells events apart by JSON.
import { fromPromise, type AnyMachineSnapshot } from 'xstate';
import type { VocabularyImportRequest } from '../../api/vocabulary/import';
import type { VocabularyImportPreview, VocabularyKind } from '../../api/vocabulary/types';
import type { PathsModel } from '../../testing/paths';
import { vocabularyImportMachine, type VocabularyImportContext } from './vocabularyImport.machine';
import { REFUSAL, xlsxFile } from './vocabulary.doubles';

type ImportAnswer = { id: string | null; imported: number; preview?: VocabularyImportPreview };
const CLEAN: VocabularyImportPreview = { total: 3, valid: 3, rows: [] };
const PROBLEMS: VocabularyImportPreview = { total: 3, valid: 2, rows: [{ row: 3, source: '', target: null, problems: ['empty'] }] };
const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as VocabularyImportContext;
const fileName = (snapshot: AnyMachineSnapshot) => contextOf(snapshot).file?.name ?? '';

function answer(name: string, preview: boolean): ImportAnswer | 'refused' {
  if (name === 'broken.xlsx') return 'refused';
  if (!preview) return name === 'late.xlsx' ? 'refused' : { id: 'L1', imported: 3 };
  return { id: null, imported: 0, preview: name === 'rows.xlsx' ? PROBLEMS : CLEAN };
}
const downloadsFail = (snapshot: AnyMachineSnapshot) => contextOf(snapshot).kind === 'translationTerms';
const outcome = (id: string, result: ImportAnswer | 'refused') =>
  result === 'refused' ? [{ type: `xstate.error.actor.${id}`, error: REFUSAL }] : [{ type: `xstate.done.actor.${id}`, output: result }];

const chosen = (name: string) => ({ type: 'import.filesChosen', files: [xlsxFile(name)], names: name });

export const pathsModel: PathsModel = {
  name: 'vocabularyImport',
  inputs: [
    { libraryId: 'L1', kind: 'properWords' },
    { libraryId: 'L2', kind: 'translationTerms' },
  ],
  machine: vocabularyImportMachine.provide({
    actors: {
      importFile: fromPromise<ImportAnswer, VocabularyImportRequest>(async ({ input }) => {
        const result = answer(input.file.name, input.preview);
        if (result === 'refused') throw REFUSAL;
        return result;
      }),
      downloadTemplate: fromPromise<void, { kind: VocabularyKind }>(async ({ input }) => {
        if (input.kind === 'translationTerms') throw REFUSAL;
      }),
      exportLibrary: fromPromise<void, { id: string }>(async ({ input }) => {
        if (input.id === 'L2') throw REFUSAL;
      }),
    },
  }),
  events: {
    'import.filesChosen': (snapshot) =>
      contextOf(snapshot).kind === 'translationTerms'
        ? [chosen('clean.xlsx')]
        : [
            chosen('notes.csv'),
            { type: 'import.filesChosen', files: [xlsxFile('a.xlsx'), xlsxFile('b.xlsx')], names: 'a.xlsx,b.xlsx' },
            chosen('clean.xlsx'),
            chosen('rows.xlsx'),
            chosen('broken.xlsx'),
            chosen('late.xlsx'),
          ],
    'xstate.done.actor.previewImport': (snapshot) => outcome('previewImport', answer(fileName(snapshot), true)).filter((e) => e.type.includes('done')),
    'xstate.error.actor.previewImport': (snapshot) => outcome('previewImport', answer(fileName(snapshot), true)).filter((e) => e.type.includes('error')),
    'xstate.done.actor.importFile': (snapshot) => outcome('importFile', answer(fileName(snapshot), false)).filter((e) => e.type.includes('done')),
    'xstate.error.actor.importFile': (snapshot) => outcome('importFile', answer(fileName(snapshot), false)).filter((e) => e.type.includes('error')),
    'xstate.done.actor.downloadTemplate': (snapshot) => (downloadsFail(snapshot) ? [] : [{ type: 'xstate.done.actor.downloadTemplate', output: undefined }]),
    'xstate.error.actor.downloadTemplate': (snapshot) => (downloadsFail(snapshot) ? [{ type: 'xstate.error.actor.downloadTemplate', error: REFUSAL }] : []),
    'xstate.done.actor.exportLibrary': (snapshot) => (downloadsFail(snapshot) ? [] : [{ type: 'xstate.done.actor.exportLibrary', output: undefined }]),
    'xstate.error.actor.exportLibrary': (snapshot) => (downloadsFail(snapshot) ? [{ type: 'xstate.error.actor.exportLibrary', error: REFUSAL }] : []),
  },
  serializeContext: (context: VocabularyImportContext) => ({
    kind: context.kind,
    file: context.file?.name ?? null,
    preview: context.preview ? `${context.preview.valid}/${context.preview.total}` : null,
    imported: context.imported,
    error: context.errorKey ?? context.errorMessage ?? null,
  }),
};
