// Excel import of one library (features §3, §5): the file is checked here first (one file, .xlsx
// only, at most 5 MB), then the server checks every row without saving (preview) and lists each
// row's problems; only a clean preview can be confirmed, and the import itself is all-or-nothing on
// the server. The same dialog downloads the kind's template and exports the library.
import { assign, emit, setup } from 'xstate';
import { describeError, type ErrorText } from '../../api/errors';
import { downloadLibraryActor } from '../../api/vocabulary/export';
import { importVocabularyActor } from '../../api/vocabulary/import';
import { downloadTemplateActor } from '../../api/vocabulary/template';
import type { VocabularyImportPreview, VocabularyKind } from '../../api/vocabulary/types';
import type { Notice } from '../notice';
import { importFileProblem } from './vocabulary.rules';

export const IMPORT_FAILED_KEY = 'vocabulary:importFailed';

export interface VocabularyImportInput {
  libraryId: string;
  kind: VocabularyKind;
}

export interface VocabularyImportContext extends VocabularyImportInput, ErrorText {
  file: File | null;
  preview: VocabularyImportPreview | null;
  imported: number;
  errorParams?: Record<string, string | number> | undefined;
}

export type VocabularyImportEvent =
  | { type: 'import.filesChosen'; files: File[] }
  | { type: 'import.confirmed' }
  | { type: 'import.reset' }
  | { type: 'import.templateRequested' }
  | { type: 'import.exportRequested' };

/** `vocabulary.imported`: the library changed, lists read again. */
export type VocabularyImportEmitted = Notice | { type: 'vocabulary.imported'; count: number };

const noError = { errorKey: undefined, errorMessage: undefined, errorCode: undefined, errorParams: undefined } as const;
const failure = ({ event }: { event: { error: unknown } }) => event.error;
/** Problem codes that do not stop an import: a duplicate row merges into the entry it repeats (a notice). */
const NOTICE_PROBLEMS: readonly string[] = ['duplicate'];
/** A preview with nothing to fix and something to import. */
export const previewIsClean = (preview: VocabularyImportPreview | null) =>
  preview !== null && preview.total > 0 && preview.rows.every((row) => row.problems.every((problem) => NOTICE_PROBLEMS.includes(problem)));

/** A real import refused for its rows answers the preview again (code 400, same data): show it. */
function previewOfRefusal(error: unknown): VocabularyImportPreview | null {
  const data = (error as { data?: { preview?: VocabularyImportPreview } } | null)?.data;
  return data?.preview ?? null;
}

/** A file chosen (or dropped) while no call runs: refused here, or previewed by the server. */
const chooseFiles = [
  {
    guard: 'fileRefused',
    target: '#vocabularyImport.choosing',
    actions: { type: 'refuseFiles', params: ({ event }: { event: { files: File[] } }) => event.files },
  },
  {
    target: '#vocabularyImport.previewing',
    actions: { type: 'takeFile', params: ({ event }: { event: { files: File[] } }) => event.files },
  },
] as const;

export const vocabularyImportMachine = setup({
  types: {
    context: {} as VocabularyImportContext,
    events: {} as VocabularyImportEvent,
    emitted: {} as VocabularyImportEmitted,
    input: {} as VocabularyImportInput,
  },
  actors: {
    importFile: importVocabularyActor,
    downloadTemplate: downloadTemplateActor,
    exportLibrary: downloadLibraryActor,
  },
  guards: {
    fileRefused: ({ event }) => event.type === 'import.filesChosen' && importFileProblem(event.files) !== null,
    previewClean: ({ context }) => previewIsClean(context.preview),
  },
  actions: {
    rememberFailure: assign((_, error: unknown) => ({ ...describeError(error, IMPORT_FAILED_KEY), errorParams: undefined })),
    takeFile: assign((_, files: File[]) => ({ file: files[0]!, preview: null, imported: 0, ...noError })),
    refuseFiles: assign((_, files: File[]) => {
      const problem = importFileProblem(files)!;
      return { file: null, preview: null, errorKey: problem.key, errorParams: problem.params, errorMessage: undefined, errorCode: undefined };
    }),
  },
}).createMachine({
  id: 'vocabularyImport',
  context: ({ input }) => ({ ...input, file: null, preview: null, imported: 0 }),
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        'import.filesChosen': chooseFiles,
        'import.templateRequested': { target: 'downloadingTemplate', actions: assign(noError) },
        'import.exportRequested': { target: 'exporting', actions: assign(noError) },
      },
    },
    downloadingTemplate: {
      invoke: {
        id: 'downloadTemplate',
        src: 'downloadTemplate',
        input: ({ context }) => ({ kind: context.kind }),
        onDone: 'choosing',
        onError: { target: 'choosing', actions: { type: 'rememberFailure', params: failure } },
      },
    },
    exporting: {
      invoke: {
        id: 'exportLibrary',
        src: 'exportLibrary',
        input: ({ context }) => ({ id: context.libraryId }),
        onDone: 'choosing',
        onError: { target: 'choosing', actions: { type: 'rememberFailure', params: failure } },
      },
    },
    previewing: {
      invoke: {
        id: 'previewImport',
        src: 'importFile',
        input: ({ context }) => ({ file: context.file!, kind: context.kind, id: context.libraryId, preview: true }),
        onDone: { target: 'previewed', actions: assign(({ event }) => ({ preview: event.output.preview ?? null })) },
        onError: { target: 'choosing', actions: [assign({ file: null }), { type: 'rememberFailure', params: failure }] },
      },
    },
    previewed: {
      on: {
        'import.filesChosen': chooseFiles,
        'import.confirmed': { guard: 'previewClean', target: 'importing' },
        'import.reset': { target: 'choosing', actions: assign({ file: null, preview: null, ...noError }) },
      },
    },
    importing: {
      invoke: {
        id: 'importFile',
        src: 'importFile',
        input: ({ context }) => ({ file: context.file!, kind: context.kind, id: context.libraryId, preview: false }),
        onDone: {
          target: 'done',
          actions: [
            assign(({ event }) => ({ imported: event.output.imported })),
            emit(({ event }) => ({ type: 'vocabulary.imported' as const, count: event.output.imported })),
            emit(({ event }) => ({
              type: 'notice' as const,
              level: 'success' as const,
              messageKey: 'vocabulary:imported',
              messageParams: { count: event.output.imported },
            })),
          ],
        },
        // All-or-nothing: a refusal saved nothing; the preview stays (the server's newer one when it
        // sent it: the library may have changed since), with the server's reason.
        onError: {
          target: 'previewed',
          actions: [
            assign(({ context, event }) => ({ preview: previewOfRefusal(event.error) ?? context.preview })),
            { type: 'rememberFailure', params: failure },
          ],
        },
      },
    },
    done: {
      on: {
        'import.filesChosen': chooseFiles,
        'import.reset': { target: 'choosing', actions: assign({ file: null, preview: null, imported: 0, ...noError }) },
      },
    },
  },
});

export type VocabularyImportPhase = 'choosing' | 'downloadingTemplate' | 'exporting' | 'previewing' | 'previewed' | 'importing' | 'done';
type Snapshot = { value: unknown; context: VocabularyImportContext };
export const selectImportPhase = (snapshot: Snapshot) => snapshot.value as VocabularyImportPhase;
export const selectImport = (snapshot: Snapshot) => snapshot.context;
