// The optional subtitle file of one uploaded dubbing video (features §4 'Dub upload file'): one .srt
// stored by /file/upload, with its kind (source 1, translation 2, bilingual 3). Another file is
// refused with a notice; a failed store says why. The encoding the server detected is kept to be shown. The dialog reads `srt` and `srtFileType` at submit.
import { assign, enqueueActions, fromPromise, setup, type AnyActorRef, type SnapshotFrom } from 'xstate';
import { required, unwrap } from '../../api/errors';
import { uploadSrtFile } from '../../api/dubbing/file-upload';
import { errorText } from '../file-upload/fileUpload.machine';

export const SRT_FORMAT_KEY = 'dubbing:srtFormat';
export const SRT_FAILED_KEY = 'dubbing:srtFailed';

export type SrtFileType = 1 | 2 | 3;

export interface SrtAttachment {
  name: string;
  url: string;
  /** The text encoding the server detected (UTF-16LE, GB18030, windows-1252…), shown beside the name. */
  encoding: string | null;
}

export interface DubSrtInput {
  /** The dialog's id of the video this belongs to, named in its notices. */
  fileId: string;
  reportTo?: AnyActorRef;
}

export interface DubSrtContext extends DubSrtInput {
  srt: SrtAttachment | null;
  srtFileType: SrtFileType;
  pendingSrtName: string | null;
}

export type DubSrtEvent =
  | { type: 'srt.chosen'; file: { name: string; size: number } & Blob }
  | { type: 'srt.type'; srtFileType: SrtFileType }
  | { type: 'srt.remove' };

export type DubSrtReport = { type: 'file.notice'; fileId: string; errorKey?: string; errorMessage?: string };

export function isSrt(name: string): boolean {
  return /\.srt$/i.test(name);
}

export const dubSrtMachine = setup({
  types: {
    input: {} as DubSrtInput,
    context: {} as DubSrtContext,
    events: {} as DubSrtEvent,
  },
  actors: {
    uploadSrt: fromPromise<SrtAttachment, { file: Blob; name: string }>(async ({ input, signal }) => {
      const data = required(unwrap(await uploadSrtFile(input.file, input.name, signal)));
      return { name: input.name, url: data.url, encoding: data.encoding ?? null };
    }),
  },
  actions: {
    notify: enqueueActions(({ context, enqueue }, notice: { errorKey?: string; errorMessage?: string }) => {
      if (context.reportTo) enqueue.sendTo(context.reportTo, { type: 'file.notice', fileId: context.fileId, ...notice } satisfies DubSrtReport);
    }),
  },
  guards: {
    srtFile: ({ event }) => event.type === 'srt.chosen' && isSrt(event.file.name),
  },
}).createMachine({
  id: 'dubSrt',
  context: ({ input }) => ({ ...input, srt: null, srtFileType: 1, pendingSrtName: null }),
  initial: 'ready',
  on: {
    'srt.type': { actions: assign({ srtFileType: ({ event }) => event.srtFileType }) },
  },
  states: {
    ready: {
      on: {
        'srt.chosen': [
          { guard: 'srtFile', target: 'attaching', actions: assign({ pendingSrtName: ({ event }) => event.file.name }) },
          { actions: { type: 'notify', params: { errorKey: SRT_FORMAT_KEY } } },
        ],
        'srt.remove': { actions: assign({ srt: null }) },
      },
    },
    attaching: {
      invoke: {
        src: 'uploadSrt',
        id: 'uploadSrt',
        input: ({ event }) => (event.type === 'srt.chosen' ? { file: event.file, name: event.file.name } : { file: new Blob([]), name: '' }),
        onDone: { target: 'ready', actions: assign({ srt: ({ event }) => event.output, pendingSrtName: null }) },
        onError: {
          target: 'ready',
          actions: [assign({ pendingSrtName: null }), { type: 'notify', params: ({ event }) => errorText(event.error, SRT_FAILED_KEY) }],
        },
      },
    },
  },
});

export type DubSrtSnapshot = SnapshotFrom<typeof dubSrtMachine>;
export const selectSrtContext = (snapshot: DubSrtSnapshot) => snapshot.context;
export const selectAttachingSrt = (snapshot: DubSrtSnapshot) => snapshot.matches('attaching');
