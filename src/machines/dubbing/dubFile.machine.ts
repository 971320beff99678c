// One file of the AI dubbing dialog (features §4 'Dub upload file', §5 'Dub upload'):
// added → checking (size, then the length read from the video's metadata) → uploading (SAS, blocks
// straight to storage, register) → uploaded → submitted. A file over the limits or whose length
// cannot be read is rejected (the dialog drops it with the message); a failed upload is retried
// from the blocks storage already holds (through the server when storage could not be reached); deleting an uploaded file asks first and calls the server.
// An uploaded file may carry one .srt (source 1, translation 2, bilingual 3) stored by /file/upload.
import { firstValueFrom } from 'rxjs';
import { assign, enqueueActions, fromEventObservable, fromPromise, setup, type AnyActorRef, type SnapshotFrom } from 'xstate';
import { DUB_MAX_BYTES, DUB_MAX_DURATION_SECONDS } from '../../shared/contract/dub-limits';
import { videoDuration$ } from '../../streams/video-duration$';
import { describeError, required, unwrap } from '../../api/errors';
import { uploadSrtFile } from '../../api/dubbing/file-upload';
import { removeDubFiles } from '../../api/dubbing/remove';
import { dubUpload$, type DubRecord, type DubUploadEvent, type DubUploadInput, type UploadPath } from './dubFile.upload';

export const OVER_LIMIT_KEY = 'dubbing:overLimit';
export const UNREADABLE_KEY = 'dubbing:unreadable';
export const UPLOAD_FAILED_KEY = 'dubbing:uploadFailed';
export const SRT_FORMAT_KEY = 'dubbing:srtFormat';
export const SRT_FAILED_KEY = 'dubbing:srtFailed';
export const DELETE_FAILED_KEY = 'dubbing:deleteFailed';

export type SrtFileType = 1 | 2 | 3;

export interface DubFileSource {
  name: string;
  size: number;
  type?: string;
  slice(start?: number, end?: number): Blob;
}

export interface SrtAttachment {
  name: string;
  url: string;
}

export interface DubFileInput {
  id: string;
  file: DubFileSource;
  folderId: string;
  /** `<random id>_<name>`: the blob keeps its name across retries so they resume. */
  blobName: string;
  reportTo?: AnyActorRef;
}

export interface DubFileContext extends DubFileInput {
  durationSeconds: number | null;
  percent: number;
  resume: boolean;
  /** Where the blocks go: storage, or the server once storage proved unreachable (kept for retries). */
  via: UploadPath;
  record: DubRecord | null;
  srt: SrtAttachment | null;
  srtFileType: SrtFileType;
  pendingSrtName: string | null;
  errorKey?: string | undefined;
  errorMessage?: string | undefined;
}

export type DubFileReport =
  | { type: 'file.uploaded'; fileId: string; record: DubRecord }
  | { type: 'file.failed'; fileId: string; errorKey?: string; errorMessage?: string }
  | { type: 'file.rejected'; fileId: string; errorKey: string }
  | { type: 'file.deleted'; fileId: string }
  | { type: 'file.notice'; fileId: string; errorKey?: string; errorMessage?: string };

export type DubFileEvent =
  | { type: 'file.start' }
  | { type: 'file.cancel' }
  | { type: 'file.retry' }
  | { type: 'file.remove' }
  | { type: 'remove.confirm' }
  | { type: 'remove.cancel' }
  | { type: 'file.submitted' }
  | { type: 'srt.chosen'; file: { name: string; size: number } & Blob }
  | { type: 'srt.type'; srtFileType: SrtFileType }
  | { type: 'srt.remove' }
  | DubUploadEvent;

export function isMp4(name: string): boolean {
  return /\.mp4$/i.test(name);
}

export function isSrt(name: string): boolean {
  return /\.srt$/i.test(name);
}

export function randomBlobName(name: string): string {
  const id = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID().replace(/-/g, '') : Math.random().toString(36).slice(2);
  return `${id}_${name}`;
}

function errorText(error: unknown, fallbackKey: string): { errorKey?: string; errorMessage?: string } {
  const { errorKey, errorMessage } = describeError(error, fallbackKey);
  return errorMessage ? { errorMessage } : { errorKey: errorKey ?? fallbackKey };
}

export const dubFileMachine = setup({
  types: {
    input: {} as DubFileInput,
    context: {} as DubFileContext,
    events: {} as DubFileEvent,
  },
  actors: {
    readDuration: fromPromise<number, { file: DubFileSource }>(({ input }) => firstValueFrom(videoDuration$(input.file as unknown as Blob))),
    upload: fromEventObservable<DubUploadEvent, DubUploadInput>(({ input }) => dubUpload$(input)),
    uploadSrt: fromPromise<SrtAttachment, { file: Blob; name: string }>(async ({ input, signal }) => {
      const data = required(unwrap(await uploadSrtFile(input.file, input.name, signal)));
      return { name: input.name, url: data.url };
    }),
    removeFile: fromPromise<void, { ids: string[] }>(({ input }) => removeDubFiles(input.ids)),
  },
  actions: {
    report: enqueueActions(({ context, enqueue }, report: DubFileReport) => {
      if (context.reportTo) enqueue.sendTo(context.reportTo, report);
    }),
  },
  guards: {
    tooLarge: ({ context }) => context.file.size > DUB_MAX_BYTES,
    tooLong: (_, duration: number) => duration > DUB_MAX_DURATION_SECONDS,
    srtFile: ({ event }) => event.type === 'srt.chosen' && isSrt(event.file.name),
  },
}).createMachine({
  id: 'dubFile',
  context: ({ input }) => ({
    ...input,
    durationSeconds: null,
    percent: 0,
    resume: false,
    via: 'storage',
    record: null,
    srt: null,
    srtFileType: 1,
    pendingSrtName: null,
  }),
  initial: 'added',
  states: {
    added: {
      on: {
        'file.start': [
          {
            guard: 'tooLarge',
            target: 'rejected',
            actions: [
              assign({ errorKey: OVER_LIMIT_KEY }),
              { type: 'report', params: ({ context }) => ({ type: 'file.rejected', fileId: context.id, errorKey: OVER_LIMIT_KEY }) },
            ],
          },
          { target: 'checking' },
        ],
        'file.cancel': 'cancelled',
      },
    },
    checking: {
      invoke: {
        src: 'readDuration',
        id: 'readDuration',
        input: ({ context }) => ({ file: context.file }),
        onDone: [
          {
            guard: { type: 'tooLong', params: ({ event }) => event.output },
            target: 'rejected',
            actions: [
              assign({ durationSeconds: ({ event }) => event.output, errorKey: OVER_LIMIT_KEY }),
              { type: 'report', params: ({ context }) => ({ type: 'file.rejected', fileId: context.id, errorKey: OVER_LIMIT_KEY }) },
            ],
          },
          { target: 'uploading', actions: assign({ durationSeconds: ({ event }) => event.output }) },
        ],
        // features §5: a file whose length cannot be read is ignored.
        onError: {
          target: 'rejected',
          actions: [
            assign({ errorKey: UNREADABLE_KEY }),
            { type: 'report', params: ({ context }) => ({ type: 'file.rejected', fileId: context.id, errorKey: UNREADABLE_KEY }) },
          ],
        },
      },
      on: { 'file.cancel': 'cancelled' },
    },
    uploading: {
      entry: assign({ errorKey: undefined, errorMessage: undefined }),
      invoke: {
        src: 'upload',
        id: 'upload',
        input: ({ context }) => ({ file: context.file, blobName: context.blobName, folderId: context.folderId, resume: context.resume, via: context.via }),
        onError: {
          target: 'failed',
          actions: [
            assign(({ event }) => ({ resume: true, ...errorText(event.error, UPLOAD_FAILED_KEY) })),
            {
              type: 'report',
              params: ({ context }) => ({
                type: 'file.failed',
                fileId: context.id,
                ...(context.errorKey ? { errorKey: context.errorKey } : {}),
                ...(context.errorMessage ? { errorMessage: context.errorMessage } : {}),
              }),
            },
          ],
        },
      },
      on: {
        'upload.progress': { actions: assign({ percent: ({ event }) => event.percent }) },
        'upload.via': { actions: assign({ via: ({ event }) => event.via }) },
        'upload.registered': [
          {
            // features §5: an over-long video found by the server's measure is deleted with the warning.
            guard: { type: 'tooLong', params: ({ event }) => event.record.audioDuration ?? 0 },
            target: 'deletingOverLimit',
            actions: assign({ record: ({ event }) => event.record, durationSeconds: ({ event }) => event.record.audioDuration ?? null }),
          },
          {
          target: 'uploaded',
          actions: [
            assign({
              record: ({ event }) => event.record,
              percent: 100,
              durationSeconds: ({ context, event }) => event.record.audioDuration ?? context.durationSeconds,
            }),
            { type: 'report', params: ({ context, event }) => ({ type: 'file.uploaded', fileId: context.id, record: event.record }) },
          ],
          },
        ],
        'file.cancel': 'cancelled',
        // Nothing is on the server yet: removing an unfinished file cancels its upload.
        'file.remove': { target: 'cancelled', actions: { type: 'report', params: ({ context }) => ({ type: 'file.deleted', fileId: context.id }) } },
      },
    },
    deletingOverLimit: {
      invoke: {
        src: 'removeFile',
        id: 'removeOverLimit',
        input: ({ context }) => ({ ids: context.record ? [context.record.id] : [] }),
        onDone: 'rejected',
        onError: 'rejected',
      },
      exit: [
        assign({ errorKey: OVER_LIMIT_KEY, record: null }),
        { type: 'report', params: ({ context }) => ({ type: 'file.rejected', fileId: context.id, errorKey: OVER_LIMIT_KEY }) },
      ],
    },
    failed: {
      on: {
        'file.retry': 'uploading',
        'file.cancel': 'cancelled',
        'file.remove': { target: 'cancelled', actions: { type: 'report', params: ({ context }) => ({ type: 'file.deleted', fileId: context.id }) } },
      },
    },
    uploaded: {
      initial: 'ready',
      on: {
        'srt.type': { actions: assign({ srtFileType: ({ event }) => event.srtFileType }) },
      },
      states: {
        ready: {
          on: {
            'srt.chosen': [
              { guard: 'srtFile', target: 'attachingSrt', actions: assign({ pendingSrtName: ({ event }) => event.file.name }) },
              { actions: { type: 'report', params: ({ context }) => ({ type: 'file.notice', fileId: context.id, errorKey: SRT_FORMAT_KEY }) } },
            ],
            'srt.remove': { actions: assign({ srt: null }) },
            'file.submitted': '#dubFile.submitted',
            'file.remove': 'confirmingRemoval',
          },
        },
        attachingSrt: {
          invoke: {
            src: 'uploadSrt',
            id: 'uploadSrt',
            input: ({ event }) => (event.type === 'srt.chosen' ? { file: event.file, name: event.file.name } : { file: new Blob([]), name: '' }),
            onDone: { target: 'ready', actions: assign({ srt: ({ event }) => event.output, pendingSrtName: null }) },
            onError: {
              target: 'ready',
              actions: [
                assign({ pendingSrtName: null }),
                { type: 'report', params: ({ context, event }) => ({ type: 'file.notice', fileId: context.id, ...errorText(event.error, SRT_FAILED_KEY) }) },
              ],
            },
          },
        },
        confirmingRemoval: {
          on: {
            'remove.confirm': 'deleting',
            'remove.cancel': 'ready',
          },
        },
        deleting: {
          invoke: {
            src: 'removeFile',
            id: 'removeFile',
            input: ({ context }) => ({ ids: context.record ? [context.record.id] : [] }),
            onDone: {
              target: '#dubFile.deleted',
              actions: { type: 'report', params: ({ context }) => ({ type: 'file.deleted', fileId: context.id }) },
            },
            onError: {
              target: 'ready',
              actions: { type: 'report', params: ({ context, event }) => ({ type: 'file.notice', fileId: context.id, ...errorText(event.error, DELETE_FAILED_KEY) }) },
            },
          },
        },
      },
    },
    rejected: { type: 'final' },
    submitted: { type: 'final' },
    cancelled: { type: 'final' },
    deleted: { type: 'final' },
  },
});

export type DubFileSnapshot = SnapshotFrom<typeof dubFileMachine>;
export type DubFileRowStatus = 'checking' | 'uploading' | 'uploaded' | 'failed';

export const selectDubFileRowStatus = (snapshot: DubFileSnapshot): DubFileRowStatus => {
  if (snapshot.matches('uploaded') || snapshot.matches('submitted')) return 'uploaded';
  if (snapshot.matches('failed')) return 'failed';
  if (snapshot.matches('uploading') || snapshot.matches('deletingOverLimit')) return 'uploading';
  return 'checking';
};
export const selectDubFileContext = (snapshot: DubFileSnapshot) => snapshot.context;
export const selectConfirmingDelete = (snapshot: DubFileSnapshot) => snapshot.matches({ uploaded: 'confirmingRemoval' });
export const selectAttachingSrt = (snapshot: DubFileSnapshot) => snapshot.matches({ uploaded: 'attachingSrt' });
export const selectDeleting = (snapshot: DubFileSnapshot) => snapshot.matches({ uploaded: 'deleting' });
