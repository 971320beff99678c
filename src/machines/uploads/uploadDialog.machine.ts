// The local upload dialog (platform §2 dialogs, §4 'Local upload', §5): one uploadFile actor per
// chosen file, the form, confirm only once every file is uploaded, and the closing rule — uploaded
// records are deleted on close unless the dialog was opened to restore or the submit failed.
import { assign, emit, enqueueActions, fromPromise, setup, type ActorRefFrom } from 'xstate';
import {
  DEFAULT_FOLDER_ID,
  UPLOAD_ALLOWED_EXTENSIONS,
  UPLOAD_DEFAULT_AUDIO_LANGUAGE,
  UPLOAD_MAX_FILES,
  UPLOAD_SPEAKERS_DEFAULT,
  UPLOAD_SPEAKERS_MAX,
  UPLOAD_SPEAKERS_MIN,
} from '../../shared/contract/limits';
import { servedDefault, targetUnavailability } from '../../shared/contract/language-availability';
import type { UploadedRecordInfo } from '../../streams/upload-progress$';
import { fetchLanguageListsActor } from '../../api/shared/language-internation';
import { removeRecordsIfAnyActor } from '../../api/shared/remove-records';
import { startTranscription, type TaskStartFailure } from '../../api/uploads/transwrite';
import type { LanguageLists, TranscribeRequest } from './upload.types';
import { extensionOf, uploadFileMachine, type UploadFileReport, type UploadFileSource } from './uploadFile.machine';
import { loadUploadSession } from './uploadFile.resume';

export const FORMAT_ERROR_KEY = 'uploadDialog:formatError';
export const TOO_MANY_KEY = 'uploadDialog:tooMany';
export const DUPLICATE_KEY = 'uploadDialog:duplicate';
export const NAME_REQUIRED_KEY = 'uploadDialog:nameRequired';
export const SUBMIT_FAILED_KEY = 'uploadDialog:submitFailed';
export const ENTITLEMENT_CODES: readonly number[] = [92505000, 92505001, 92505003];

export interface UploadForm {
  showName: string;
  audioLanguage: string;
  /** null: no translation. */
  translationLanguage: string | null;
  speaker: boolean;
  maxSpeakers: number;
  folderId: string;
  folderName?: string;
}

export type RestoreSettings = Partial<UploadForm>;

/** The server's newest upload that never reached transcription (getLatestTrans interruptedUpload). */
export interface InterruptedUploadInfo {
  status: 'uploading' | 'uploaded';
  uploadId?: string | null;
  id?: string | null;
  oriFileName: string;
  fileSize: number;
  audioDuration?: number | null;
  createTime: string;
}

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
  | UploadFileReport;

export type UploadDialogEmitted =
  | { type: 'upload.warning'; messageKey: string }
  | { type: 'upload.error'; messageKey?: string; message?: string }
  | { type: 'upload.needsPurchase'; code: number }
  | { type: 'upload.submitted'; ids: string[] };

export function defaultForm(folderId?: string | null, folderName?: string): UploadForm {
  return {
    showName: '',
    audioLanguage: UPLOAD_DEFAULT_AUDIO_LANGUAGE,
    translationLanguage: null,
    speaker: false,
    maxSpeakers: UPLOAD_SPEAKERS_DEFAULT,
    folderId: folderId || DEFAULT_FOLDER_ID,
    ...(folderName ? { folderName } : {}),
  };
}

export function clampSpeakers(value: number): number {
  if (!Number.isFinite(value)) return UPLOAD_SPEAKERS_DEFAULT;
  return Math.min(UPLOAD_SPEAKERS_MAX, Math.max(UPLOAD_SPEAKERS_MIN, Math.round(value)));
}

/** The first rule a selection breaks (platform §5), or null when the files may be added. */
export function selectionProblem(chosen: readonly { name: string }[], listed: readonly { name: string }[]): string | null {
  if (chosen.length > UPLOAD_MAX_FILES) return TOO_MANY_KEY;
  const allowed: readonly string[] = UPLOAD_ALLOWED_EXTENSIONS;
  if (chosen.some((file) => !allowed.includes(extensionOf(file.name)))) return FORMAT_ERROR_KEY;
  if (chosen.some((file) => listed.some((item) => item.name === file.name))) return DUPLICATE_KEY;
  if (chosen.length + listed.length > UPLOAD_MAX_FILES) return TOO_MANY_KEY;
  return null;
}

function nameWithoutExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

export function transcribeRequest(context: UploadDialogContext): TranscribeRequest {
  const { form } = context;
  return {
    ids: context.files.flatMap((file) => (file.recordId ? [file.recordId] : [])),
    showName: form.showName.trim(),
    audioLanguage: form.audioLanguage,
    translationLanguage: form.translationLanguage,
    speaker: form.speaker ? '1' : '0',
    maxSpeakers: clampSpeakers(form.maxSpeakers),
    folderId: form.folderId,
    ...(form.folderName ? { folderName: form.folderName } : {}),
  };
}

/** A chunk upload of the same file left unfinished here (local note) or on the server (restore data). */
function resumeIdFor(file: UploadFileSource, interrupted: InterruptedUploadInfo | null): string | null {
  const local = loadUploadSession(file)?.uploadId;
  if (local) return local;
  const sameFile = interrupted?.status === 'uploading' && interrupted.oriFileName === file.name && interrupted.fileSize === file.size;
  return sameFile ? (interrupted.uploadId ?? null) : null;
}

const noLanguages: LanguageLists = { transcribeLanguage: [], translation: [] };

/** No translation when this server has no engine from the audio language into the chosen one. */
function servableTranslation(form: UploadForm, languages: LanguageLists): string | null {
  const target = form.translationLanguage && languages.translation.find((item) => item.code === form.translationLanguage);
  if (!form.translationLanguage || !target) return form.translationLanguage;
  return targetUnavailability(target, [form.audioLanguage]) ? null : form.translationLanguage;
}

/**
 * The spec's default audio language when this server recognises it, else the first it does (en-US on
 * the embedded engines), so a first upload is not refused. A restored form keeps its own settings.
 */
export function servedForm(form: UploadForm, languages: LanguageLists): UploadForm {
  const audioLanguage = servedDefault(languages.transcribeLanguage, form.audioLanguage);
  const next = { ...form, audioLanguage };
  return { ...next, translationLanguage: servableTranslation(next, languages) };
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
      const ref = spawn('uploadFile', { id, input: { id, file, folderId: context.form.folderId, alreadyUploaded: record, reportTo: self } });
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
        const ref = spawn('uploadFile', {
          id,
          input: { id, file, folderId: context.form.folderId, resumeUploadId: resumeIdFor(file, context.interrupted), reportTo: self },
        });
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
    // An over-limit file leaves the list with the spec's warning; any other failure stays to be retried or removed.
    handleFailure: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'file.failed') return;
      const file = context.files.find((item) => item.id === event.fileId);
      if (!file) return;
      if (event.overLimit) {
        enqueue.stopChild(file.ref);
        enqueue.assign({ files: context.files.filter((item) => item.id !== event.fileId) });
      } else {
        enqueue.assign({ files: context.files.map((item) => (item.id === event.fileId ? { ...item, status: 'failed' as const } : item)) });
      }
      const warning = event.errorKey ? { messageKey: event.errorKey } : { message: event.errorMessage ?? '' };
      if (event.overLimit) enqueue.emit({ type: 'upload.warning', messageKey: event.errorKey ?? '' });
      else enqueue.emit({ type: 'upload.error', ...warning });
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
        'file.failed': { actions: 'handleFailure' },
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
                input: ({ context }) => transcribeRequest(context),
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
