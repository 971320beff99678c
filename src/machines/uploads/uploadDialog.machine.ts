// The local upload dialog (platform §2 dialogs, §4 'Local upload', §5): one uploadFile actor per
// chosen file, the form, confirm only once every file is uploaded, and the closing rule — uploaded
// records are deleted on close unless the dialog was opened to restore or the submit failed.
import { assign, emit, enqueueActions, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { DEFAULT_FOLDER_ID } from '../../shared/contract/limits';
import { fetchLanguageListsActor } from '../../api/shared/language-internation';
import { removeRecordsIfAnyActor } from '../../api/shared/remove-records';
import { startTranscription, type TaskStartFailure } from '../../api/uploads/transwrite';
import type { FileUploadReport } from '../file-upload/fileUpload.machine';
import type { InterruptedUploadInfo, LanguageLists, RestoreSettings, TranscribeRequest, UploadForm } from './upload.types';
import {
  ENTITLEMENT_CODES,
  SUBMIT_FAILED_KEY,
  defaultForm,
  nameWithoutExtension,
  resumeIdFor,
  selectionProblem,
  servableTranslation,
  servedForm,
  transcribeRequest,
} from './uploadDialog.rules';
import { UPLOAD_FILE_POLICY, uploadFileMachine, type UploadFileSource } from './uploadFile.machine';

export type { InterruptedUploadInfo, RestoreSettings, UploadForm } from './upload.types';

export interface DialogFile {
  id: string;
  name: string;
  ref: ActorRefFrom<typeof uploadFileMachine>;
  status: 'active' | 'uploaded' | 'failed';
  recordId?: string;
}

export interface UploadDialogContext {
  files: DialogFile[];
  form: UploadForm;
  restoreMode: boolean;
  submitError: boolean;
  nameError: boolean;
  languages: LanguageLists;
  pendingRemovalId: string | null;
  fileCounter: number;
  interrupted: InterruptedUploadInfo | null;
}

export type UploadDialogEvent =
  | { type: 'dialog.open'; folderId?: string | null; folderName?: string; restore?: RestoreSettings; interrupted?: InterruptedUploadInfo | null }
  | { type: 'dialog.close' }
  | { type: 'files.chosen'; files: UploadFileSource[] }
  | { type: 'file.remove'; fileId: string }
  | { type: 'removal.confirm' }
  | { type: 'removal.cancel' }
  | { type: 'form.change'; patch: Partial<UploadForm> }
  /** The folder picker (features §2/§3 upload form): one of the user's folders, by id and name. */
  | { type: 'form.folderChosen'; folderId: string; folderName?: string }
  | { type: 'form.submit' }
  | FileUploadReport;

export type UploadDialogEmitted =
  | { type: 'upload.warning'; messageKey: string }
  | { type: 'upload.error'; messageKey?: string; message?: string }
  | { type: 'upload.needsPurchase'; code: number }
  | { type: 'upload.submitted'; ids: string[] };

const noLanguages: LanguageLists = { transcribeLanguage: [], translation: [] };

/** The file's input: an interrupted chunk upload of the same file continues (its session's id). */
function fileInput(id: string, file: UploadFileSource, context: UploadDialogContext) {
  const uploadId = resumeIdFor(file, context.interrupted);
  return { id, file, folderId: context.form.folderId, policy: UPLOAD_FILE_POLICY, ...(uploadId ? { checkpoint: { uploadId } } : {}) };
}

export const uploadDialogMachine = setup({
  types: {
    context: {} as UploadDialogContext,
    events: {} as UploadDialogEvent,
    emitted: {} as UploadDialogEmitted,
  },
  actors: {
    uploadFile: uploadFileMachine,
    fetchLanguages: fetchLanguageListsActor,
    removeRecords: removeRecordsIfAnyActor,
    submit: fromPromise<void, TranscribeRequest>(({ input }) => startTranscription(input)),
  },
  actions: {
    reset: assign(({ event }) => {
      if (event.type !== 'dialog.open') return {};
      const base = defaultForm(event.folderId, event.folderName);
      return {
        files: [],
        form: { ...base, ...(event.restore ?? {}) },
        restoreMode: event.restore !== undefined,
        submitError: false,
        nameError: false,
        pendingRemovalId: null,
        interrupted: event.interrupted ?? null,
      };
    }),
    // An upload the server already holds comes back as an uploaded file, ready to submit.
    restoreUploaded: assign(({ context, spawn, self }) => {
      const held = context.interrupted;
      if (!held || held.status !== 'uploaded' || !held.id) return {};
      const counter = context.fileCounter + 1;
      const id = `file-${counter}`;
      const file = { name: held.oriFileName, size: held.fileSize, slice: () => new Blob([]) };
      const record = { id: held.id, createTime: held.createTime, audioDuration: held.audioDuration ?? null };
      const ref = spawn('uploadFile', { id, input: { id, file, folderId: context.form.folderId, policy: UPLOAD_FILE_POLICY, alreadyUploaded: record, reportTo: self } });
      const restored: DialogFile = { id, name: held.oriFileName, ref, status: 'uploaded', recordId: held.id };
      const showName = context.form.showName || nameWithoutExtension(held.oriFileName);
      return { files: [restored], fileCounter: counter, form: { ...context.form, showName } };
    }),
    addFiles: assign(({ context, event, spawn, self }) => {
      if (event.type !== 'files.chosen') return {};
      let counter = context.fileCounter;
      const added = event.files.map((file): DialogFile => {
        counter += 1;
        const id = `file-${counter}`;
        const ref = spawn('uploadFile', { id, input: { ...fileInput(id, file, context), reportTo: self } });
        return { id, name: file.name, ref, status: 'active' };
      });
      const first = event.files[0];
      const showName = context.form.showName.trim() === '' && first ? nameWithoutExtension(first.name) : context.form.showName;
      return { files: [...context.files, ...added], fileCounter: counter, form: { ...context.form, showName } };
    }),
    startNewFiles: enqueueActions(({ context, enqueue }) => {
      for (const file of context.files) if (file.ref.getSnapshot().matches('added')) enqueue.sendTo(file.ref, { type: 'file.start' });
    }),
    warnSelection: emit(({ context, event }) => ({
      type: 'upload.warning' as const,
      messageKey: event.type === 'files.chosen' ? (selectionProblem(event.files, context.files) ?? '') : '',
    })),
    markUploaded: assign({
      files: ({ context, event }) =>
        event.type === 'file.uploaded'
          ? context.files.map((file) => (file.id === event.fileId ? { ...file, status: 'uploaded' as const, recordId: event.record.id } : file))
          : context.files,
    }),
    // A failed upload stays to be retried or removed, with its error.
    markFailed: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'file.failed' || !context.files.some((item) => item.id === event.fileId)) return;
      enqueue.assign({ files: context.files.map((item) => (item.id === event.fileId ? { ...item, status: 'failed' as const } : item)) });
      enqueue.emit({ type: 'upload.error', ...(event.errorKey ? { messageKey: event.errorKey } : { message: event.errorMessage ?? '' }) });
    }),
    // An over-limit file leaves the list with the spec's warning.
    dropRejected: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'file.rejected') return;
      const file = context.files.find((item) => item.id === event.fileId);
      if (!file) return;
      enqueue.stopChild(file.ref);
      enqueue.assign({ files: context.files.filter((item) => item.id !== event.fileId) });
      enqueue.emit({ type: 'upload.warning', messageKey: event.errorKey });
    }),
    dropFile: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'file.deleted') return;
      const file = context.files.find((item) => item.id === event.fileId);
      if (file) enqueue.stopChild(file.ref);
      enqueue.assign({ files: context.files.filter((item) => item.id !== event.fileId) });
    }),
    askRemoval: assign({ pendingRemovalId: ({ event }) => (event.type === 'file.remove' ? event.fileId : null) }),
    // platform §4: a finished file is deleted by a call (its actor reports file.deleted); an unfinished one is cancelled.
    removePending: enqueueActions(({ context, enqueue }) => {
      const file = context.files.find((item) => item.id === context.pendingRemovalId);
      enqueue.assign({ pendingRemovalId: null });
      if (!file) return;
      if (file.status === 'uploaded') {
        enqueue.sendTo(file.ref, { type: 'file.delete' });
        return;
      }
      enqueue.sendTo(file.ref, { type: 'file.cancel' });
      enqueue.stopChild(file.ref);
      enqueue.assign({ files: context.files.filter((item) => item.id !== file.id) });
    }),
    adoptLanguages: assign(({ context }, languages: LanguageLists) => ({
      languages,
      form: context.restoreMode ? context.form : servedForm(context.form, languages),
    })),
    changeForm: assign({
      form: ({ context, event }) => {
        if (event.type !== 'form.change') return context.form;
        const next = { ...context.form, ...event.patch };
        // A new audio language may leave the chosen translation without an engine: it is dropped.
        return event.patch.audioLanguage !== undefined ? { ...next, translationLanguage: servableTranslation(next, context.languages) } : next;
      },
      nameError: ({ context, event }) => (event.type === 'form.change' && event.patch.showName !== undefined ? false : context.nameError),
    }),
    // The default folder's name is the server's translation: only other folders carry a name.
    chooseFolder: assign({
      form: ({ context, event }) => {
        if (event.type !== 'form.folderChosen') return context.form;
        const { folderName: _previous, ...rest } = context.form;
        const isDefault = event.folderId === DEFAULT_FOLDER_ID;
        return { ...rest, folderId: event.folderId, ...(!isDefault && event.folderName ? { folderName: event.folderName } : {}) };
      },
    }),
    flagName: assign({ nameError: true }),
    rememberSubmitError: enqueueActions(({ enqueue }, failure: TaskStartFailure) => {
      enqueue.assign({ submitError: true });
      if (failure.code !== undefined && ENTITLEMENT_CODES.includes(failure.code)) enqueue.emit({ type: 'upload.needsPurchase', code: failure.code });
      enqueue.emit({
        type: 'upload.error',
        ...(failure.message ? { message: failure.message } : { messageKey: failure.messageKey ?? SUBMIT_FAILED_KEY }),
      });
    }),
    markSubmitted: enqueueActions(({ context, enqueue }) => {
      for (const file of context.files) enqueue.sendTo(file.ref, { type: 'file.submitted' });
      enqueue.emit({ type: 'upload.submitted', ids: context.files.flatMap((file) => (file.recordId ? [file.recordId] : [])) });
    }),
    clearFiles: enqueueActions(({ context, enqueue }) => {
      for (const file of context.files) {
        if (file.status === 'active') enqueue.sendTo(file.ref, { type: 'file.cancel' });
        enqueue.stopChild(file.ref);
      }
      enqueue.assign({ files: [], pendingRemovalId: null });
    }),
  },
  guards: {
    selectionAllowed: ({ context, event }) => event.type === 'files.chosen' && selectionProblem(event.files, context.files) === null,
    nameMissing: ({ context }) => context.form.showName.trim() === '',
    canConfirm: ({ context }) => context.files.length > 0 && context.files.every((file) => file.status === 'uploaded'),
    keepUploads: ({ context }) => context.restoreMode || context.submitError,
  },
}).createMachine({
  id: 'uploadDialog',
  context: {
    files: [],
    form: defaultForm(),
    restoreMode: false,
    submitError: false,
    nameError: false,
    languages: noLanguages,
    pendingRemovalId: null,
    fileCounter: 0,
    interrupted: null,
  },
  initial: 'closed',
  states: {
    closed: {
      on: { 'dialog.open': { target: 'open', actions: ['reset', 'restoreUploaded'] } },
    },
    open: {
      type: 'parallel',
      on: {
        'dialog.close': [
          { guard: 'keepUploads', target: 'closed', actions: 'clearFiles' },
          { target: 'closing' },
        ],
        'file.uploaded': { actions: 'markUploaded' },
        'file.failed': { actions: 'markFailed' },
        'file.rejected': { actions: 'dropRejected' },
        'file.deleted': { actions: 'dropFile' },
      },
      states: {
        languages: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                src: 'fetchLanguages',
                id: 'fetchLanguages',
                onDone: { target: 'ready', actions: { type: 'adoptLanguages', params: ({ event }) => event.output } },
                onError: 'failed',
              },
            },
            ready: {},
            // The form still works with the default language when the list cannot be read.
            failed: {},
          },
        },
        main: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'files.chosen': [
                  { guard: 'selectionAllowed', actions: ['addFiles', 'startNewFiles'] },
                  { actions: 'warnSelection' },
                ],
                'file.remove': { target: 'confirmingRemoval', actions: 'askRemoval' },
                'form.change': { actions: 'changeForm' },
                'form.folderChosen': { actions: 'chooseFolder' },
                'form.submit': [
                  { guard: 'nameMissing', actions: 'flagName' },
                  { guard: 'canConfirm', target: 'submitting' },
                ],
              },
            },
            confirmingRemoval: {
              on: {
                'removal.confirm': { target: 'editing', actions: 'removePending' },
                'removal.cancel': { target: 'editing', actions: assign({ pendingRemovalId: null }) },
              },
            },
            submitting: {
              entry: assign({ submitError: false }),
              invoke: {
                src: 'submit',
                id: 'submit',
                input: ({ context }) => transcribeRequest(context.form, context.files),
                onDone: { target: '#uploadDialog.closed', actions: ['markSubmitted', 'clearFiles'] },
                onError: {
                  target: 'editing',
                  actions: { type: 'rememberSubmitError', params: ({ event }) => event.error as TaskStartFailure },
                },
              },
            },
          },
        },
      },
    },
    closing: {
      invoke: {
        src: 'removeRecords',
        id: 'removeRecords',
        input: ({ context }) => ({ ids: context.files.flatMap((file) => (file.status === 'uploaded' && file.recordId ? [file.recordId] : [])) }),
        onDone: { target: 'closed', actions: 'clearFiles' },
        onError: { target: 'closed', actions: 'clearFiles' },
      },
    },
  },
});

export type UploadDialogSnapshot = ReturnType<typeof uploadDialogMachine.getInitialSnapshot>;

export const selectIsOpen = (snapshot: UploadDialogSnapshot) => !snapshot.matches('closed');
export const selectIsSubmitting = (snapshot: UploadDialogSnapshot) => snapshot.matches({ open: { main: 'submitting' } });
export const selectIsClosing = (snapshot: UploadDialogSnapshot) => snapshot.matches('closing');
export const selectCanConfirm = (snapshot: UploadDialogSnapshot) =>
  snapshot.matches({ open: { main: 'editing' } }) &&
  snapshot.context.files.length > 0 &&
  snapshot.context.files.every((file) => file.status === 'uploaded');
export const selectConfirmingRemoval = (snapshot: UploadDialogSnapshot) => snapshot.matches({ open: { main: 'confirmingRemoval' } });
/** The form, files and language lists the dialog draws. */
export const selectDialogContext = (snapshot: UploadDialogSnapshot) => snapshot.context;
