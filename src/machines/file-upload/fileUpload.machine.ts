// One file of an upload dialog, whatever carries its bytes (the records' chunked upload through the
// server, or dubbing's blocks straight to storage): added → validating (size at once, then the
// length read from the media metadata) → uploading (the area's transport, with progress) → uploaded
// → submitted. Over the area's limits, or of a length that cannot be read, the file is rejected
// with the area's message (also when only the server's measure finds it too long: the record is
// deleted first). A failed upload keeps the transport's checkpoint, so a retry resumes where the
// other side stopped. Cancel ends an unfinished file; an uploaded one is deleted by a call (at once,
// or after the user confirms in the row).
//
// Each area provides its actors by `.provide()`: `measure` (the media length, null when the browser
// cannot tell: the server measures it), `transport` (the upload as events, below) and `remove` (the
// deletion call); and, when its checkpoints outlive the page, the actions `keepCheckpoint` and
// `dropCheckpoint`. The area's limits and message keys come in the input's `policy`.
import { assign, enqueueActions, fromEventObservable, fromPromise, setup, type AnyActorRef, type SnapshotFrom } from 'xstate';
import { EMPTY } from 'rxjs';
import { describeError } from '../../api/errors';

/** The limits and the message keys (of the area's namespace) one area applies to its files. */
export interface FileUploadPolicy {
  maxBytes: number;
  maxDurationSeconds: number;
  overLimitKey: string;
  unreadableKey: string;
  uploadFailedKey: string;
  deleteFailedKey: string;
}

export interface FileUploadSource {
  name: string;
  size: number;
  type?: string;
  lastModified?: number;
  slice(start?: number, end?: number): Blob;
}

/** What the server registered for an uploaded file. */
export interface UploadedRecord {
  id: string;
  createTime: string;
  audioDuration?: number | null | undefined;
}

export interface FileUploadInput {
  id: string;
  file: FileUploadSource;
  folderId: string;
  policy: FileUploadPolicy;
  /** Where an earlier upload of this file stopped (the transport's own shape), to continue from. */
  checkpoint?: unknown;
  /** Restore of an upload the server already holds: the file starts as uploaded. */
  alreadyUploaded?: UploadedRecord | null;
  /** The dialog that spawned this file; it hears the reports below. */
  reportTo?: AnyActorRef;
}

export interface FileUploadContext extends FileUploadInput {
  name: string;
  ext: string;
  size: number;
  durationSeconds: number | null;
  percent: number;
  checkpoint: unknown;
  /** An attempt failed: the next one resumes from what the other side holds. */
  resume: boolean;
  record: UploadedRecord | null;
  errorKey?: string | undefined;
  errorMessage?: string | undefined;
}

/** What the transport actor is given: the file, and where an earlier attempt stopped. */
export interface TransportInput {
  file: FileUploadSource;
  folderId: string;
  checkpoint: unknown;
  resume: boolean;
}

/** What the transport actor sends while it uploads (an error ends the attempt). */
export type TransportEvent =
  | { type: 'upload.progress'; percent: number }
  | { type: 'upload.checkpoint'; checkpoint: unknown }
  | { type: 'upload.done'; record: UploadedRecord };

/** A report before the file's id is added. */
type ReportBody =
  | { type: 'file.uploaded'; record: UploadedRecord }
  | { type: 'file.failed'; errorKey?: string; errorMessage?: string }
  | { type: 'file.rejected'; errorKey: string }
  | { type: 'file.deleted' }
  | { type: 'file.notice'; errorKey?: string; errorMessage?: string };

/** What a file tells the dialog that spawned it. */
export type FileUploadReport = ReportBody & { fileId: string };

export type FileUploadEvent =
  | { type: 'file.start' }
  | { type: 'file.cancel' }
  | { type: 'file.retry' }
  /** The user removes the file: an unfinished one is cancelled, an uploaded one asks first. */
  | { type: 'file.remove' }
  /** Delete the uploaded file now (the dialog already asked). */
  | { type: 'file.delete' }
  | { type: 'remove.confirm' }
  | { type: 'remove.cancel' }
  | { type: 'file.submitted' }
  | TransportEvent;

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

export function isOverPolicy(policy: Pick<FileUploadPolicy, 'maxBytes' | 'maxDurationSeconds'>, bytes: number, seconds: number | null | undefined): boolean {
  return bytes > policy.maxBytes || (seconds ?? 0) > policy.maxDurationSeconds;
}

/** The server's translated message when it sent one, else a key (the api's, or the area's fallback). */
export function errorText(error: unknown, fallbackKey: string): { errorKey?: string; errorMessage?: string } {
  const { errorKey, errorMessage } = describeError(error, fallbackKey);
  return errorMessage ? { errorMessage } : { errorKey: errorKey ?? fallbackKey };
}

const reportOf = (context: FileUploadContext, report: ReportBody): FileUploadReport => ({ ...report, fileId: context.id });

export const fileUploadMachine = setup({
  types: {
    input: {} as FileUploadInput,
    context: {} as FileUploadContext,
    events: {} as FileUploadEvent,
  },
  actors: {
    // Placeholders: every area provides its own (see the header).
    measure: fromPromise<number | null, { file: FileUploadSource }>(async () => null),
    transport: fromEventObservable<TransportEvent, TransportInput>(() => EMPTY),
    remove: fromPromise<void, { ids: string[] }>(async () => undefined),
  },
  actions: {
    report: enqueueActions(({ context, enqueue }, report: ReportBody) => {
      if (context.reportTo) enqueue.sendTo(context.reportTo, reportOf(context, report));
    }),
    // Overridden by an area whose checkpoints outlive the page (the records' chunk sessions). Empty
    // enqueueActions, not bare functions: those leave setup() unable to type the other actions' params.
    keepCheckpoint: enqueueActions(() => undefined),
    dropCheckpoint: enqueueActions(() => undefined),
  },
  guards: {
    tooLarge: ({ context }) => context.size > context.policy.maxBytes,
    tooLong: ({ context }, seconds: number | null | undefined) => (seconds ?? 0) > context.policy.maxDurationSeconds,
    alreadyUploaded: ({ context }) => context.record !== null,
  },
}).createMachine({
  id: 'fileUpload',
  context: ({ input }) => ({
    ...input,
    name: input.file.name,
    ext: extensionOf(input.file.name),
    size: input.file.size,
    durationSeconds: input.alreadyUploaded?.audioDuration ?? null,
    percent: input.alreadyUploaded ? 100 : 0,
    checkpoint: input.checkpoint ?? null,
    resume: false,
    record: input.alreadyUploaded ?? null,
  }),
  initial: 'added',
  states: {
    added: {
      always: { guard: 'alreadyUploaded', target: 'uploaded' },
      on: {
        'file.start': [
          {
            guard: 'tooLarge',
            target: 'rejected',
            actions: [
              assign({ errorKey: ({ context }) => context.policy.overLimitKey }),
              { type: 'report', params: ({ context }) => ({ type: 'file.rejected', errorKey: context.policy.overLimitKey }) },
            ],
          },
          { target: 'validating' },
        ],
        'file.cancel': 'cancelled',
      },
    },
    validating: {
      invoke: {
        src: 'measure',
        id: 'measure',
        input: ({ context }) => ({ file: context.file }),
        onDone: [
          {
            guard: { type: 'tooLong', params: ({ event }) => event.output },
            target: 'rejected',
            actions: [
              assign({ durationSeconds: ({ event }) => event.output }),
              assign({ errorKey: ({ context }) => context.policy.overLimitKey }),
              { type: 'report', params: ({ context }) => ({ type: 'file.rejected', errorKey: context.policy.overLimitKey }) },
            ],
          },
          // null: the browser cannot measure this format; the server measures it after the upload.
          { target: 'uploading', actions: assign({ durationSeconds: ({ event }) => event.output }) },
        ],
        onError: {
          target: 'rejected',
          actions: [
            assign({ errorKey: ({ context }) => context.policy.unreadableKey }),
            { type: 'report', params: ({ context }) => ({ type: 'file.rejected', errorKey: context.policy.unreadableKey }) },
          ],
        },
      },
      on: { 'file.cancel': 'cancelled' },
    },
    uploading: {
      entry: assign({ errorKey: undefined, errorMessage: undefined }),
      invoke: {
        src: 'transport',
        id: 'transport',
        input: ({ context }) => ({ file: context.file, folderId: context.folderId, checkpoint: context.checkpoint, resume: context.resume }),
        onError: {
          target: 'failed',
          actions: [assign(({ context, event }) => ({ resume: true, ...errorText(event.error, context.policy.uploadFailedKey) })), {
              type: 'report',
              params: ({ context }) => ({
                type: 'file.failed',
                ...(context.errorKey ? { errorKey: context.errorKey } : {}),
                ...(context.errorMessage ? { errorMessage: context.errorMessage } : {}),
              }),
            },],
        },
      },
      on: {
        'upload.progress': { actions: assign({ percent: ({ event }) => event.percent }) },
        'upload.checkpoint': { actions: [assign({ checkpoint: ({ event }) => event.checkpoint }), 'keepCheckpoint'] },
        'upload.done': [
          {
            // The server's measure is over the limit: the record is deleted, the file rejected.
            guard: { type: 'tooLong', params: ({ event }) => event.record.audioDuration },
            target: 'deletingOverLimit',
            actions: ['dropCheckpoint', assign({ record: ({ event }) => event.record, durationSeconds: ({ event }) => event.record.audioDuration ?? null })],
          },
          {
            target: 'uploaded',
            actions: [
              'dropCheckpoint',
              assign({
                record: ({ event }) => event.record,
                percent: 100,
                durationSeconds: ({ context, event }) => event.record.audioDuration ?? context.durationSeconds,
              }),
              { type: 'report', params: ({ event }) => ({ type: 'file.uploaded', record: event.record }) },
            ],
          },
        ],
        'file.cancel': { target: 'cancelled', actions: 'dropCheckpoint' },
        // Nothing is on the server yet: removing an unfinished file cancels its upload.
        'file.remove': { target: 'cancelled', actions: ['dropCheckpoint', { type: 'report', params: { type: 'file.deleted' } }] },
      },
    },
    deletingOverLimit: {
      invoke: {
        src: 'remove',
        id: 'removeOverLimit',
        input: ({ context }) => ({ ids: context.record ? [context.record.id] : [] }),
        onDone: 'rejected',
        onError: 'rejected',
      },
      exit: [
        assign({ record: null }),
        assign({ errorKey: ({ context }) => context.policy.overLimitKey }),
        { type: 'report', params: ({ context }) => ({ type: 'file.rejected', errorKey: context.policy.overLimitKey }) },
      ],
    },
    failed: {
      on: {
        'file.retry': 'uploading',
        'file.cancel': 'cancelled',
        'file.remove': { target: 'cancelled', actions: { type: 'report', params: { type: 'file.deleted' } } },
      },
    },
    uploaded: {
      initial: 'ready',
      states: {
        ready: {
          on: {
            'file.submitted': '#fileUpload.submitted',
            'file.remove': 'confirmingRemoval',
            'file.delete': 'deleting',
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
            src: 'remove',
            id: 'remove',
            input: ({ context }) => ({ ids: context.record ? [context.record.id] : [] }),
            onDone: { target: '#fileUpload.deleted', actions: { type: 'report', params: { type: 'file.deleted' } } },
            onError: {
              target: 'ready',
              actions: { type: 'report', params: ({ context, event }) => ({ type: 'file.notice', ...errorText(event.error, context.policy.deleteFailedKey) }) },
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

export type FileUploadSnapshot = SnapshotFrom<typeof fileUploadMachine>;

export type FileRowStatus = 'added' | 'validating' | 'uploading' | 'uploaded' | 'failed';
/** The five states a file row shows (a submitted, deleting or deleted file reads as uploaded). */
export const selectFileRowStatus = (snapshot: FileUploadSnapshot): FileRowStatus => {
  if (snapshot.matches('uploaded') || snapshot.matches('submitted') || snapshot.matches('deleted')) return 'uploaded';
  if (snapshot.matches('failed')) return 'failed';
  if (snapshot.matches('uploading') || snapshot.matches('deletingOverLimit')) return 'uploading';
  return snapshot.matches('validating') ? 'validating' : 'added';
};
export const selectFileContext = (snapshot: FileUploadSnapshot) => snapshot.context;
export const selectConfirmingRemoval = (snapshot: FileUploadSnapshot) => snapshot.matches({ uploaded: 'confirmingRemoval' });
export const selectDeleting = (snapshot: FileUploadSnapshot) => snapshot.matches({ uploaded: 'deleting' });
