// Path model of the upload dialog (convention: src/machines/testing/paths.ts). The doubles of
// uploadDialog.doubles.ts settle at once; file names and show names choose each outcome.
// Not walked yet: the spawned files' reports (file.uploaded / file.failed / file.deleted) and so
// the submit, which needs every file uploaded. The replay matches a produced step by state value
// only, and a report leaves the value as it was, so it cannot wait for one; the language list
// failure needs a double that can fail without an input.
import type { AnyMachineSnapshot } from 'xstate';
import type { PathsModel } from '../../shared/testing/paths';
import { LANGUAGES, fakeFile, uploadDialogDoubles } from './uploadDialog.doubles';
import type { UploadDialogContext } from './uploadDialog.machine';

const context = (snapshot: AnyMachineSnapshot) => snapshot.context as UploadDialogContext;

export const pathsModel: PathsModel = {
  name: 'uploadDialog',
  machine: uploadDialogDoubles({ removed: [], submitted: [] }),
  events: {
    'dialog.open': [{ type: 'dialog.open', folderId: 'f1' }, { type: 'dialog.open', restore: { showName: 'Again' } }],
    'files.chosen': [
      { type: 'files.chosen', files: [fakeFile('talk.wav')] },
      { type: 'files.chosen', files: [fakeFile('notes.txt')] },
    ],
    'file.remove': (snapshot) => context(snapshot).files.slice(0, 1).map((file) => ({ type: 'file.remove', fileId: file.id })),
    'form.change': [{ type: 'form.change', patch: { showName: 'Weekly' } }, { type: 'form.change', patch: { showName: 'bad' } }],
    'form.submit': [{ type: 'form.submit' }],
    // Reports come from the spawned files themselves, never from outside.
    'file.uploaded': [],
    'file.failed': [],
    'file.deleted': [],
    'xstate.done.actor.fetchLanguages': [{ type: 'xstate.done.actor.fetchLanguages', output: LANGUAGES }],
    'xstate.done.actor.submit': (snapshot) => (context(snapshot).form.showName === 'bad' ? [] : [{ type: 'xstate.done.actor.submit' }]),
    'xstate.error.actor.submit': (snapshot) =>
      context(snapshot).form.showName === 'bad' ? [{ type: 'xstate.error.actor.submit', error: { code: 500, message: 'Refused' } }] : [],
    'xstate.done.actor.removeRecords': [{ type: 'xstate.done.actor.removeRecords' }],
  },
  serializeContext: (ctx: UploadDialogContext) => ({
    files: ctx.files.map((file) => file.status),
    showName: ctx.form.showName,
    restoreMode: ctx.restoreMode,
    submitError: ctx.submitError,
    nameError: ctx.nameError,
  }),
  maxSimplePaths: 40,
};
