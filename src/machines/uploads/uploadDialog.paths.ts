// Path model of the upload dialog (convention: src/testing/paths.ts). The doubles of
// uploadDialog.doubles.ts settle at once; file names, folders and show names choose each outcome:
// 'talk.wav' uploads, 'broken.wav' fails to upload, 'stuck.wav' uploads but its record cannot be
// deleted on close, folder 'offline' cannot read the language list, show name 'bad' makes the
// submit fail.
//
// The spawned files' reports file.uploaded / file.failed are `produced`: the replay never sends
// them, it waits until the file's own actor (with the doubles) reports and the dialog's context
// shows it (paths.ts waits on the serialised context, not only the state value). file.deleted is
// the exception: it answers `removal.confirm` of an uploaded file, and the dialog's context does
// not show that a deletion is under way (the pending file stays 'uploaded' until the report), so
// the traversal cannot tell where the report may come. The replay sends it in the file's place, in
// editing with an uploaded file listed; the real deletion is proven by uploadDialog.machine.test.ts
// ('removes a finished file by a call after confirmation').
import type { AnyMachineSnapshot } from 'xstate';
import type { PathsModel, SampleEvent } from '../../testing/paths';
import { LANGUAGES, OFFLINE_FOLDER, fakeFile, uploadDialogDoubles } from './uploadDialog.doubles';
import type { UploadDialogContext } from './uploadDialog.machine';

const context = (snapshot: AnyMachineSnapshot) => snapshot.context as UploadDialogContext;

/**
 * What the first file still at work reports next (one file at most: UPLOAD_MAX_FILES). The doubles
 * answer the language list (asked at open) before a chosen file can finish its checks and upload,
 * so a file reports only once the languages settled.
 */
function nextReport(snapshot: AnyMachineSnapshot): { uploaded: SampleEvent[]; failed: SampleEvent[] } {
  const file = context(snapshot).files.find((item) => item.status === 'active');
  if (!file || snapshot.matches({ open: { languages: 'loading' } })) return { uploaded: [], failed: [] };
  if (file.name.startsWith('broken')) {
    return { uploaded: [], failed: [{ type: 'file.failed', fileId: file.id, errorMessage: 'Disk full' }] };
  }
  const record = { id: `rec-${file.name}`, createTime: '2024-01-01 00:00:00', audioDuration: 30 };
  return { uploaded: [{ type: 'file.uploaded', fileId: file.id, record }], failed: [] };
}

const holdsStuckRecord = (snapshot: AnyMachineSnapshot) =>
  context(snapshot).files.some((file) => file.status === 'uploaded' && file.name.startsWith('stuck'));

export const pathsModel: PathsModel = {
  name: 'uploadDialog',
  machine: uploadDialogDoubles({ removed: [], submitted: [] }),
  events: {
    'dialog.open': [
      { type: 'dialog.open', folderId: 'f1' },
      { type: 'dialog.open', restore: { showName: 'Again' } },
      { type: 'dialog.open', folderId: OFFLINE_FOLDER },
    ],
    // Real files only into an empty list (one file at most); a wrong format is refused any time.
    'files.chosen': (snapshot) => [
      ...(context(snapshot).files.length === 0
        ? ['talk.wav', 'broken.wav', 'stuck.wav'].map((name) => ({ type: 'files.chosen', files: [fakeFile(name)] }))
        : []),
      { type: 'files.chosen', files: [fakeFile('notes.txt')] },
    ],
    'file.remove': (snapshot) => context(snapshot).files.slice(0, 1).map((file) => ({ type: 'file.remove', fileId: file.id })),
    'form.change': [{ type: 'form.change', patch: { showName: 'Weekly' } }, { type: 'form.change', patch: { showName: 'bad' } }],
    'form.folderChosen': [{ type: 'form.folderChosen', folderId: 'f9', folderName: 'Clients' }],
    'form.submit': [{ type: 'form.submit' }],
    'file.uploaded': (snapshot) => nextReport(snapshot).uploaded,
    'file.failed': (snapshot) => nextReport(snapshot).failed,
    'file.deleted': (snapshot) =>
      snapshot.matches({ open: { main: 'editing' } })
        ? context(snapshot).files.filter((file) => file.status === 'uploaded').map((file) => ({ type: 'file.deleted', fileId: file.id }))
        : [],
    'xstate.done.actor.fetchLanguages': (snapshot) =>
      context(snapshot).form.folderId === OFFLINE_FOLDER ? [] : [{ type: 'xstate.done.actor.fetchLanguages', output: LANGUAGES }],
    'xstate.error.actor.fetchLanguages': (snapshot) =>
      context(snapshot).form.folderId === OFFLINE_FOLDER ? [{ type: 'xstate.error.actor.fetchLanguages', error: new Error('network down') }] : [],
    'xstate.done.actor.submit': (snapshot) => (context(snapshot).form.showName === 'bad' ? [] : [{ type: 'xstate.done.actor.submit' }]),
    'xstate.error.actor.submit': (snapshot) =>
      context(snapshot).form.showName === 'bad' ? [{ type: 'xstate.error.actor.submit', error: { code: 500, message: 'Refused' } }] : [],
    'xstate.done.actor.removeRecords': (snapshot) => (holdsStuckRecord(snapshot) ? [] : [{ type: 'xstate.done.actor.removeRecords' }]),
    'xstate.error.actor.removeRecords': (snapshot) =>
      holdsStuckRecord(snapshot) ? [{ type: 'xstate.error.actor.removeRecords', error: { code: 500, message: 'Cannot delete' } }] : [],
  },
  produced: ['file.uploaded', 'file.failed'],
  serializeContext: (ctx: UploadDialogContext) => ({
    files: ctx.files.map((file) => `${file.name}:${file.status}`),
    showName: ctx.form.showName,
    folder: ctx.form.folderId === OFFLINE_FOLDER ? OFFLINE_FOLDER : undefined,
    restoreMode: ctx.restoreMode,
    submitError: ctx.submitError,
    nameError: ctx.nameError,
  }),
  maxSimplePaths: 40,
};
