// One file of the upload dialog (platform §4 'Local upload', §5):
// added → validating (size, and duration read from the media metadata) → uploading (chunks in
// order) → uploaded → submitted; cancelled while unfinished; failed (over the limits, refused by
// the server, or the connection gone after the retries); deleting once uploaded.
import { map } from 'rxjs';
import { assign, enqueueActions, fromEventObservable, fromPromise, setup, type AnyActorRef, type SnapshotFrom } from 'xstate';
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_DURATION_SECONDS } from '../../shared/contract/limits';
import {
  UploadProtocolError,
  chunkUpload$,
  type UploadEvent,
  type UploadFileLike,
  type UploadSession,
  type UploadedRecordInfo,
} from '../../streams/upload-progress$';
import { describeError } from '../../api/errors';
import { removeRecordsIfAnyActor } from '../../api/shared/remove-records';
import { apiChunkTransport } from '../../api/uploads/chunk-transport';
import { readMediaDuration } from './media-duration';
import { forgetUploadSession, saveUploadSession } from './uploadFile.resume';

export const OVER_LIMIT_KEY = 'uploadDialog:overLimit';
export const UPLOAD_FAILED_KEY = 'uploadDialog:uploadFailed';

export interface UploadFileSource extends UploadFileLike {
  type?: string;
  lastModified?: number;
}

export interface UploadFileInput {
  id: string;
  file: UploadFileSource;
  folderId: string;
  /** An interrupted upload of this file to continue (the server says which chunk comes next). */
  resumeUploadId?: string | null;
  /** Restore of an upload the server already holds: the file starts as uploaded. */
  alreadyUploaded?: UploadedRecordInfo | null;
  /** The dialog that spawned this file; it hears file.uploaded / file.failed / file.deleted. */
  reportTo?: AnyActorRef;
}

export interface UploadFileContext extends UploadFileInput {
  name: string;
  ext: string;
  size: number;
  durationSeconds: number | null;
  percent: number;
  session: UploadSession | null;
  record: UploadedRecordInfo | null;
  errorKey?: string;
  errorMessage?: string;
}

export interface UploadActorInput {
  file: UploadFileSource;
  folderId: string;
  resumeUploadId: string | null;
}

export type UploadFileReport =
  | { type: 'file.uploaded'; fileId: string; record: UploadedRecordInfo }
  | { type: 'file.failed'; fileId: string; errorKey?: string; errorMessage?: string; overLimit: boolean }
  | { type: 'file.deleted'; fileId: string };

export type UploadFileEvent =
  | { type: 'file.start' }
  | { type: 'file.cancel' }
  | { type: 'file.retry' }
  | { type: 'file.delete' }
  | { type: 'file.submitted' }
  | { type: 'upload.session'; session: UploadSession }
  | { type: 'upload.progress'; percent: number }
  | { type: 'upload.done'; record: UploadedRecordInfo };

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

export function isOverLimit(sizeBytes: number, durationSeconds: number | null | undefined): boolean {
  return sizeBytes > UPLOAD_MAX_BYTES || (durationSeconds ?? 0) > UPLOAD_MAX_DURATION_SECONDS;
}

function toUploadEvent(event: UploadEvent): UploadFileEvent {
  if (event.type === 'session') return { type: 'upload.session', session: event.session };
  if (event.type === 'progress') return { type: 'upload.progress', percent: event.percent };
  return { type: 'upload.done', record: event.record };
}

/** The stream's own protocol errors carry their key; api failures are read by the shared helper. */
function describeUploadError(error: unknown): { errorKey?: string; errorMessage?: string } {
  if (error instanceof UploadProtocolError) return { errorKey: error.messageKey };
  const { errorKey, errorMessage } = describeError(error, UPLOAD_FAILED_KEY);
  return errorMessage ? { errorMessage } : { errorKey: errorKey ?? UPLOAD_FAILED_KEY };
}

export const uploadFileMachine = setup({
  types: {
    input: {} as UploadFileInput,
    context: {} as UploadFileContext,
    events: {} as UploadFileEvent,
  },
  actors: {
    readDuration: fromPromise<number | null, { file: UploadFileSource }>(({ input }) => readMediaDuration(input.file as unknown as Blob)),
    upload: fromEventObservable<UploadFileEvent, UploadActorInput>(({ input }) =>
      chunkUpload$(input.file, { transport: apiChunkTransport, folderId: input.folderId, resumeUploadId: input.resumeUploadId }).pipe(
        map(toUploadEvent),
      ),
    ),
    removeRecord: removeRecordsIfAnyActor,
  },
  actions: {
    report: enqueueActions(({ context, enqueue }, report: UploadFileReport) => {
      if (context.reportTo) enqueue.sendTo(context.reportTo, report);
    }),
    rememberSession: assign(({ context, event }) => {
      if (event.type !== 'upload.session') return {};
      saveUploadSession(context.file, event.session);
      return { session: event.session };
    }),
    forgetSession: ({ context }) => forgetUploadSession(context.file),
  },
  guards: {
    overLimitBeforeUpload: ({ context }, duration: number | null) => isOverLimit(context.size, duration),
    overLimitOnServer: ({ context }, record: UploadedRecordInfo) => isOverLimit(context.size, record.audioDuration),
  },
}).createMachine({
  id: 'uploadFile',
  context: ({ input }) => ({
    ...input,
    name: input.file.name,
    ext: extensionOf(input.file.name),
    size: input.file.size,
    durationSeconds: input.alreadyUploaded?.audioDuration ?? null,
    session: null,
    record: input.alreadyUploaded ?? null,
    percent: input.alreadyUploaded ? 100 : 0,
  }),
  initial: 'added',
  states: {
    added: {
      always: { guard: ({ context }) => context.record !== null, target: 'uploaded' },
      on: {
        'file.start': 'validating',
        'file.cancel': 'cancelled',
      },
    },
    validating: {
      invoke: {
        src: 'readDuration',
        id: 'readDuration',
        input: ({ context }) => ({ file: context.file }),
        onDone: [
          {
            guard: { type: 'overLimitBeforeUpload', params: ({ event }) => event.output },
            target: 'failed',
            actions: [
              assign({ durationSeconds: ({ event }) => event.output, errorKey: OVER_LIMIT_KEY }),
              { type: 'report', params: ({ context }) => ({ type: 'file.failed', fileId: context.id, errorKey: OVER_LIMIT_KEY, overLimit: true }) },
            ],
          },
          { target: 'uploading', actions: assign({ durationSeconds: ({ event }) => event.output }) },
        ],
        // A file the browser cannot measure is still measured by the server after upload.
        onError: 'uploading',
      },
      on: { 'file.cancel': 'cancelled' },
    },
    uploading: {
      entry: assign({ errorKey: undefined, errorMessage: undefined }),
      invoke: {
        src: 'upload',
        id: 'upload',
        input: ({ context }) => ({
          file: context.file,
          folderId: context.folderId,
          resumeUploadId: context.session?.uploadId ?? context.resumeUploadId ?? null,
        }),
        onError: {
          target: 'failed',
          actions: [
            assign(({ event }) => describeUploadError(event.error)),
            {
              type: 'report',
              params: ({ context }) => ({
                type: 'file.failed',
                fileId: context.id,
                overLimit: false,
                ...(context.errorKey ? { errorKey: context.errorKey } : {}),
                ...(context.errorMessage ? { errorMessage: context.errorMessage } : {}),
              }),
            },
          ],
        },
      },
      on: {
        'upload.session': { actions: 'rememberSession' },
        'upload.progress': { actions: assign({ percent: ({ event }) => event.percent }) },
        'upload.done': [
          {
            guard: { type: 'overLimitOnServer', params: ({ event }) => event.record },
            target: 'deletingOverLimit',
            actions: ['forgetSession', assign({ record: ({ event }) => event.record, durationSeconds: ({ event }) => event.record.audioDuration ?? null })],
          },
          {
            target: 'uploaded',
            actions: [
              'forgetSession',
              assign({ record: ({ event }) => event.record, percent: 100 }),
              { type: 'report', params: ({ context, event }) => ({ type: 'file.uploaded', fileId: context.id, record: event.record }) },
            ],
          },
        ],
        'file.cancel': { target: 'cancelled', actions: 'forgetSession' },
      },
    },
    // platform §4: a file the server finds over the duration limit is deleted, with a warning.
    deletingOverLimit: {
      invoke: {
        src: 'removeRecord',
        id: 'removeOverLimit',
        input: ({ context }) => ({ ids: context.record ? [context.record.id] : [] }),
        onDone: 'failed',
        onError: 'failed',
      },
      exit: [
        assign({ errorKey: OVER_LIMIT_KEY, record: null }),
        { type: 'report', params: ({ context }) => ({ type: 'file.failed', fileId: context.id, errorKey: OVER_LIMIT_KEY, overLimit: true }) },
      ],
    },
    uploaded: {
      on: {
        'file.submitted': 'submitted',
        'file.delete': 'deleting',
      },
    },
    deleting: {
      invoke: {
        src: 'removeRecord',
        id: 'removeRecord',
        input: ({ context }) => ({ ids: context.record ? [context.record.id] : [] }),
        onDone: {
          target: 'deleted',
          actions: { type: 'report', params: ({ context }) => ({ type: 'file.deleted', fileId: context.id }) },
        },
        onError: 'uploaded',
      },
    },
    failed: {
      on: {
        'file.retry': { guard: ({ context }) => context.errorKey !== OVER_LIMIT_KEY, target: 'uploading' },
        'file.cancel': 'cancelled',
      },
    },
    submitted: { type: 'final' },
    cancelled: { type: 'final' },
    deleted: { type: 'final' },
  },
});

export type UploadFileSnapshot = SnapshotFrom<typeof uploadFileMachine>;

export type FileRowStatus = 'added' | 'validating' | 'uploading' | 'uploaded' | 'failed';
/** The five states a file row shows (a submitted or deleting file reads as uploaded). */
export const selectFileRowStatus = (snapshot: UploadFileSnapshot): FileRowStatus => {
  const value = typeof snapshot.value === 'string' ? snapshot.value : 'added';
  if (value === 'uploaded' || value === 'submitted' || value === 'deleting') return 'uploaded';
  if (value === 'failed') return 'failed';
  if (value === 'uploading' || value === 'deletingOverLimit') return 'uploading';
  return value === 'validating' ? 'validating' : 'added';
};
export const selectFileContext = (snapshot: UploadFileSnapshot) => snapshot.context;
