// The AI dubbing dialog (features §2 'AI dubbing dialog', §4 'Dub dialog closing', 'Dub submit'):
// one dubFile actor per accepted file, the dub form (restored from dubFormData on open), start only
// once every file is uploaded, then dubSubmit. Closing deletes uploaded files from the server unless
// they were submitted or a submit failed (then the list is only cleared); unfinished uploads are
// cancelled. A successful start saves the subtitle settings and emits the first file's id.
import { assign, emit, enqueueActions, fromPromise, setup, type ActorRefFrom, type AnyActorRef } from 'xstate';
import { DUB_DEFAULT_FOLDER_ID } from '../../shared/contract/dub-limits';
import { removeDubFiles } from '../../api/dubbing/remove';
import type { DubStartFailure } from '../../api/dubbing/transwrite';
import type { FileUploadReport } from '../file-upload/fileUpload.machine';
import { dubFileInput, dubFileMachine, randomBlobName, UPLOAD_FAILED_KEY, type DubFileSource } from './dubFile.machine';
import { dubSrtMachine, type DubSrtReport } from './dubSrt.machine';
import type { ServedLanguage } from '../../shared/contract/language-availability';
import { applyDubFormPatch, loadDubForm, saveDubForm, servedLanguagePatch, type DubFormValues } from './dub-form';
import { dubSubmitMachine, SUBMIT_FAILED_KEY, type DubSubmitFile, type DubSubmitInput, type DubSubmitOutput } from './dubSubmit.machine';
import { screenSelection } from './dubUpload.rules';

export interface DubDialogFile {
  id: string;
  name: string;
  ref: ActorRefFrom<typeof dubFileMachine>;
  /** The file's optional .srt (dubSrt), attached once it is uploaded. */
  srtRef: ActorRefFrom<typeof dubSrtMachine>;
  status: 'active' | 'uploaded' | 'failed';
  recordId?: string;
  durationSeconds?: number;
}

export interface DubUploadContext {
  userId: string | null;
  files: DubDialogFile[];
  form: DubFormValues;
  submitError: boolean;
  startedIds: string[];
  fileCounter: number;
}

export type DubUploadEvent =
  | { type: 'dialog.open'; userId?: string | null; folderId?: string | null; folderName?: string }
  | { type: 'dialog.close' }
  | { type: 'files.chosen'; files: DubFileSource[] }
  | { type: 'form.change'; patch: Partial<DubFormValues> }
  /** The server's language list arrived: languages it cannot dub are moved off. */
  | { type: 'languages.served'; items: ServedLanguage[] }
  | { type: 'form.submit' }
  | FileUploadReport
  | DubSrtReport;

export type DubUploadEmitted =
  | { type: 'dub.warning'; messageKey?: string; message?: string; params?: Record<string, string | number> }
  | { type: 'dub.error'; messageKey?: string; message?: string }
  | { type: 'dub.needsPurchase'; code: number }
  | { type: 'dub.success'; id: string; ids: string[] };

const emptyContext = (): DubUploadContext => ({ userId: null, files: [], form: loadDubForm(), submitError: false, startedIds: [], fileCounter: 0 });

export function submitFiles(context: DubUploadContext): DubSubmitFile[] {
  return context.files.flatMap((file) => {
    if (!file.recordId) return [];
    const { srt, srtFileType } = file.srtRef.getSnapshot().context;
    return [{ recordId: file.recordId, name: file.name, durationSeconds: file.durationSeconds ?? 0, ...(srt ? { srtUrl: srt.url, srtFileType } : {}) }];
  });
}

/** A file leaves the dialog: its upload and its subtitle actors stop. */
function stopFile(enqueue: { stopChild(ref: AnyActorRef): void }, file: DubDialogFile) {
  enqueue.stopChild(file.ref);
  enqueue.stopChild(file.srtRef);
}

export const dubUploadMachine = setup({
  types: {
    context: {} as DubUploadContext,
    events: {} as DubUploadEvent,
    emitted: {} as DubUploadEmitted,
  },
  actors: {
    dubFile: dubFileMachine,
    dubSrt: dubSrtMachine,
    dubSubmit: dubSubmitMachine,
    removeFiles: fromPromise<void, { ids: string[] }>(({ input }) => removeDubFiles(input.ids)),
  },
  actions: {
    reset: assign(({ event }) => {
      if (event.type !== 'dialog.open') return {};
      const form = loadDubForm();
      const folder = event.folderId ? { folderId: event.folderId, ...(event.folderName ? { folderName: event.folderName } : {}) } : { folderId: DUB_DEFAULT_FOLDER_ID };
      return { ...emptyContext(), userId: event.userId ?? null, form: { ...form, ...folder } };
    }),
    addFiles: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'files.chosen') return;
      const { accepted, warnings } = screenSelection(event.files, context.files);
      for (const warning of warnings) enqueue.emit({ type: 'dub.warning', messageKey: warning.messageKey, ...(warning.params ? { params: warning.params } : {}) });
      if (accepted.length === 0) return;
      enqueue.assign(({ context: current, spawn, self }) => {
        let counter = current.fileCounter;
        const added = accepted.map((file): DubDialogFile => {
          counter += 1;
          const id = `dub-file-${counter}`;
          const ref = spawn('dubFile', { id, input: dubFileInput(id, file, current.form.folderId, randomBlobName(file.name), self) });
          const srtRef = spawn('dubSrt', { id: `${id}-srt`, input: { fileId: id, reportTo: self } });
          return { id, name: file.name, ref, srtRef, status: 'active' };
        });
        return { files: [...current.files, ...added], fileCounter: counter };
      });
      enqueue(({ context: current }) => {
        for (const file of current.files) if (file.ref.getSnapshot().matches('added')) file.ref.send({ type: 'file.start' });
      });
    }),
    markUploaded: assign({
      files: ({ context, event }) =>
        event.type === 'file.uploaded'
          ? context.files.map((file) =>
              file.id === event.fileId
                ? { ...file, status: 'uploaded' as const, recordId: event.record.id, durationSeconds: file.ref.getSnapshot().context.durationSeconds ?? 0 }
                : file,
            )
          : context.files,
    }),
    markFailed: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'file.failed') return;
      enqueue.assign({ files: context.files.map((file) => (file.id === event.fileId ? { ...file, status: 'failed' as const } : file)) });
      enqueue.emit({ type: 'dub.error', ...(event.errorMessage ? { message: event.errorMessage } : { messageKey: event.errorKey ?? UPLOAD_FAILED_KEY }) });
    }),
    // A file over the limits or whose length cannot be read leaves the list with its message.
    dropRejected: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'file.rejected') return;
      const file = context.files.find((item) => item.id === event.fileId);
      if (file) stopFile(enqueue, file);
      enqueue.assign({ files: context.files.filter((item) => item.id !== event.fileId) });
      enqueue.emit({ type: 'dub.warning', messageKey: event.errorKey });
    }),
    dropDeleted: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'file.deleted') return;
      const file = context.files.find((item) => item.id === event.fileId);
      if (file) stopFile(enqueue, file);
      enqueue.assign({ files: context.files.filter((item) => item.id !== event.fileId) });
    }),
    relayNotice: emit(({ event }) =>
      event.type === 'file.notice'
        ? { type: 'dub.warning' as const, ...(event.errorMessage ? { message: event.errorMessage } : { messageKey: event.errorKey ?? '' }) }
        : { type: 'dub.warning' as const },
    ),
    changeForm: assign({ form: ({ context, event }) => (event.type === 'form.change' ? applyDubFormPatch(context.form, event.patch) : context.form) }),
    serveLanguages: assign({
      form: ({ context, event }) => (event.type === 'languages.served' ? applyDubFormPatch(context.form, servedLanguagePatch(context.form, event.items)) : context.form),
    }),
    finishSubmit: enqueueActions(({ context, enqueue }, output: DubSubmitOutput) => {
      if (output.outcome === 'started') {
        saveDubForm(context.form);
        for (const file of context.files) enqueue.sendTo(file.ref, { type: 'file.submitted' });
        const first = context.files[0]?.recordId ?? output.startedIds[0] ?? '';
        enqueue.emit({ type: 'dub.success', id: first, ids: output.startedIds });
        return;
      }
      enqueue.assign({ submitError: true, startedIds: output.startedIds });
      const failure: DubStartFailure = output.failure ?? {};
      if (output.outcome === 'needsPurchase' && failure.code !== undefined) enqueue.emit({ type: 'dub.needsPurchase', code: failure.code });
      enqueue.emit({ type: 'dub.error', ...(failure.message ? { message: failure.message } : { messageKey: failure.messageKey ?? SUBMIT_FAILED_KEY }) });
    }),
    clearFiles: enqueueActions(({ context, enqueue }) => {
      for (const file of context.files) {
        if (file.status !== 'uploaded') enqueue.sendTo(file.ref, { type: 'file.cancel' });
        stopFile(enqueue, file);
      }
      enqueue.assign({ files: [] });
    }),
  },
  guards: {
    canStart: ({ context }) => context.files.length > 0 && context.files.every((file) => file.status === 'uploaded'),
    started: (_, output: DubSubmitOutput) => output.outcome === 'started',
    leavesUploads: ({ context }) => !context.submitError && context.files.some((file) => file.status === 'uploaded'),
  },
}).createMachine({
  id: 'dubUpload',
  context: emptyContext,
  initial: 'closed',
  states: {
    closed: {
      on: { 'dialog.open': { target: 'open', actions: 'reset' } },
    },
    open: {
      initial: 'editing',
      on: {
        'file.uploaded': { actions: 'markUploaded' },
        'file.failed': { actions: 'markFailed' },
        'file.rejected': { actions: 'dropRejected' },
        'file.deleted': { actions: 'dropDeleted' },
        'file.notice': { actions: 'relayNotice' },
      },
      states: {
        editing: {
          on: {
            'dialog.close': [{ guard: 'leavesUploads', target: '#dubUpload.closing' }, { target: '#dubUpload.closed', actions: 'clearFiles' }],
            'files.chosen': { actions: 'addFiles' },
            'form.change': { actions: 'changeForm' },
            'languages.served': { actions: 'serveLanguages' },
            'form.submit': { guard: 'canStart', target: 'submitting' },
          },
        },
        submitting: {
          invoke: {
            src: 'dubSubmit',
            id: 'dubSubmit',
            input: ({ context }): DubSubmitInput => ({
              request: { ...(context.userId ? { userId: context.userId } : {}), files: submitFiles(context), form: context.form },
              alreadyStarted: context.startedIds,
            }),
            onDone: [
              {
                guard: { type: 'started', params: ({ event }) => event.output },
                target: '#dubUpload.closed',
                actions: [{ type: 'finishSubmit', params: ({ event }) => event.output }, 'clearFiles'],
              },
              { target: 'editing', actions: { type: 'finishSubmit', params: ({ event }) => event.output } },
            ],
            onError: { target: 'editing', actions: { type: 'finishSubmit', params: { outcome: 'error', startedIds: [], failure: null } } },
          },
        },
      },
    },
    // features §4: uploaded files the user did not submit are deleted from the server.
    closing: {
      entry: enqueueActions(({ context, enqueue }) => {
        for (const file of context.files) if (file.status !== 'uploaded') enqueue.sendTo(file.ref, { type: 'file.cancel' });
      }),
      invoke: {
        src: 'removeFiles',
        id: 'removeFiles',
        input: ({ context }) => ({ ids: context.files.flatMap((file) => (file.status === 'uploaded' && file.recordId ? [file.recordId] : [])) }),
        onDone: { target: 'closed', actions: 'clearFiles' },
        onError: { target: 'closed', actions: 'clearFiles' },
      },
    },
  },
});

export type DubUploadSnapshot = ReturnType<typeof dubUploadMachine.getInitialSnapshot>;
export const selectDubIsOpen = (snapshot: DubUploadSnapshot) => snapshot.matches('open');
export const selectDubIsClosing = (snapshot: DubUploadSnapshot) => snapshot.matches('closing');
export const selectDubSubmitting = (snapshot: DubUploadSnapshot) => snapshot.matches({ open: 'submitting' });
export const selectDubCanStart = (snapshot: DubUploadSnapshot) =>
  snapshot.matches({ open: 'editing' }) && snapshot.context.files.length > 0 && snapshot.context.files.every((file) => file.status === 'uploaded');
export const selectDubContext = (snapshot: DubUploadSnapshot) => snapshot.context;
