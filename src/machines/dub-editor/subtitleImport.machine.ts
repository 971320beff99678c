// "Import subtitles" of the dub editor: an .srt chosen by the user is read by the server (POST
// /file/srtRead: the one SRT reader, encoding detected and named) and shown for review — its
// encoding, how many cues, replace or merge, which side the text fills — then handed to the
// subtitleEditor machine as one 'import' edit, so undo takes it back whole and it is saved like any
// edit. idle → reading → review → idle; a file that is not .srt, or that the server refuses (the
// message names the cue and line), is 'failed' with the reason until dismissed or another is chosen.
import { assign, enqueueActions, fromPromise, setup, type AnyActorRef, type SnapshotFrom } from 'xstate';
import { describeError, required, unwrap, type ErrorText } from '../../api/errors';
import { readSrtFile } from '../../api/dubbing/srt-read';
import type { DubEditorCommand, ImportMode, ImportTarget, ImportedCue } from './dub-editor-commands.types';

export const IMPORT_NOT_SRT_KEY = 'dubEditor:import.notSrt';
export const IMPORT_FAILED_KEY = 'dubEditor:import.failed';

export interface SubtitleImportInput {
  /** The subtitleEditor actor that takes the 'import' edit (absent: the review is only shown). */
  editor?: AnyActorRef;
}

export interface ReadSubtitles {
  fileName: string;
  encoding: string;
  cues: ImportedCue[];
}

export interface SubtitleImportContext extends SubtitleImportInput {
  /** The name of the file being read. */
  reading: string | null;
  read: ReadSubtitles | null;
  mode: ImportMode;
  target: ImportTarget;
  error: ErrorText | null;
}

export type SubtitleImportEvent =
  | { type: 'import.file'; file: { name: string } & Blob }
  | { type: 'import.mode'; mode: ImportMode }
  | { type: 'import.target'; target: ImportTarget }
  | { type: 'import.confirm' }
  | { type: 'import.cancel' };

export const subtitleImportMachine = setup({
  types: {
    input: {} as SubtitleImportInput,
    context: {} as SubtitleImportContext,
    events: {} as SubtitleImportEvent,
  },
  actors: {
    readSrt: fromPromise<ReadSubtitles, { file: Blob; name: string }>(async ({ input, signal }) => {
      const data = required(unwrap(await readSrtFile(input.file, input.name, signal)));
      return { fileName: input.name, encoding: data.encoding, cues: data.cues };
    }),
  },
  actions: {
    /** The reviewed cues to the editor, as one 'import' edit. */
    handOver: enqueueActions(({ context, enqueue }) => {
      if (!context.editor || !context.read) return;
      enqueue.sendTo(context.editor, { type: 'import', cues: context.read.cues, mode: context.mode, target: context.target } satisfies DubEditorCommand);
    }),
  },
  guards: {
    srtFile: ({ event }) => event.type === 'import.file' && /\.srt$/i.test(event.file.name),
  },
}).createMachine({
  id: 'subtitleImport',
  context: ({ input }) => ({ ...input, reading: null, read: null, mode: 'replace', target: 'translation', error: null }),
  initial: 'idle',
  on: {
    'import.file': [
      { guard: 'srtFile', target: '.reading', actions: assign({ reading: ({ event }) => event.file.name, read: null, error: null }) },
      { target: '.failed', actions: assign({ reading: null, read: null, error: { errorKey: IMPORT_NOT_SRT_KEY } }) },
    ],
  },
  states: {
    idle: {},
    reading: {
      invoke: {
        src: 'readSrt',
        id: 'readSrt',
        input: ({ event }) => (event.type === 'import.file' ? { file: event.file, name: event.file.name } : { file: new Blob([]), name: '' }),
        onDone: { target: 'review', actions: assign({ reading: null, read: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ reading: null, error: ({ event }) => describeError(event.error, IMPORT_FAILED_KEY) }) },
      },
      on: { 'import.cancel': { target: 'idle', actions: assign({ reading: null }) } },
    },
    review: {
      on: {
        'import.mode': { actions: assign({ mode: ({ event }) => event.mode }) },
        'import.target': { actions: assign({ target: ({ event }) => event.target }) },
        'import.confirm': {
          target: 'idle',
          actions: ['handOver', assign({ read: null })],
        },
        'import.cancel': { target: 'idle', actions: assign({ read: null }) },
      },
    },
    failed: {
      on: { 'import.cancel': { target: 'idle', actions: assign({ error: null }) } },
    },
  },
});

export type SubtitleImportSnapshot = SnapshotFrom<typeof subtitleImportMachine>;
export const selectImportStep = (snapshot: SubtitleImportSnapshot): 'idle' | 'reading' | 'review' | 'failed' =>
  snapshot.matches('reading') ? 'reading' : snapshot.matches('review') ? 'review' : snapshot.matches('failed') ? 'failed' : 'idle';
export const selectImportContext = (snapshot: SubtitleImportSnapshot) => snapshot.context;
