// Path model of the AI dubbing dialog (convention: src/testing/paths.ts). The doubles of
// dubbing.doubles.ts settle at once; file names choose each outcome: 'talk.mp4' uploads,
// 'broken.mp4' fails to upload, 'long.mp4' is over 4 hours (rejected), 'stuck.mp4' uploads but
// cannot be deleted on close, 'poor.mp4' needs a purchase at submit, 'bad.mp4' is refused at
// submit, 'crash.mp4' makes the submit itself fail. 'notes.txt' is not an mp4.
//
// The spawned files' reports (uploaded, failed, rejected) are `produced`: the replay waits for the
// file's own actor. file.deleted and file.notice answer the user's confirm or SRT choice in the row
// (sent to the file, not the dialog), so the replay sends them in the file's place; the real
// deletion is proven in dubUpload.machine.test.ts.
import type { AnyMachineSnapshot } from 'xstate';
import type { PathsModel, SampleEvent } from '../../testing/paths';
import { fakeVideo, newLog, recordOf, dubUploadDoubles } from './dubbing.doubles';
import type { DubUploadContext } from './dubUpload.machine';

const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as DubUploadContext;

function reports(snapshot: AnyMachineSnapshot): { uploaded: SampleEvent[]; failed: SampleEvent[]; rejected: SampleEvent[] } {
  const file = ctx(snapshot).files.find((item) => item.status === 'active');
  if (!file) return { uploaded: [], failed: [], rejected: [] };
  if (file.name.startsWith('broken')) return { uploaded: [], failed: [{ type: 'file.failed', fileId: file.id, errorMessage: 'Storage refused' }], rejected: [] };
  if (file.name.startsWith('long')) return { uploaded: [], failed: [], rejected: [{ type: 'file.rejected', fileId: file.id, errorKey: 'dubbing:overLimit' }] };
  return { uploaded: [{ type: 'file.uploaded', fileId: file.id, record: recordOf(file.name) }], failed: [], rejected: [] };
}

const stuck = (snapshot: AnyMachineSnapshot) => ctx(snapshot).files.some((file) => file.status === 'uploaded' && file.name.startsWith('stuck'));

export const pathsModel: PathsModel = {
  name: 'dubUpload',
  machine: dubUploadDoubles(newLog()),
  events: {
    'dialog.open': [{ type: 'dialog.open', userId: 'u1' }, { type: 'dialog.open', userId: 'u1', folderId: 'f9', folderName: 'Clients' }],
    // One real file at a time into an empty list keeps the graph small; a wrong format any time.
    'files.chosen': (snapshot) => [
      ...(ctx(snapshot).files.length === 0
        ? ['talk.mp4', 'broken.mp4', 'long.mp4', 'stuck.mp4', 'poor.mp4', 'bad.mp4', 'crash.mp4'].map((name) => ({ type: 'files.chosen', files: [fakeVideo(name)] }))
        : []),
      { type: 'files.chosen', files: [fakeVideo('notes.txt')] },
    ],
    'form.change': [{ type: 'form.change', patch: { maxSpeakersAuto: true } }],
    'languages.served': [{ type: 'languages.served', items: [{ code: 'zh-CN', available: false }, { code: 'en-US' }, { code: 'es-ES' }] }],
    'file.uploaded': (snapshot) => reports(snapshot).uploaded,
    'file.failed': (snapshot) => reports(snapshot).failed,
    'file.rejected': (snapshot) => reports(snapshot).rejected,
    'file.deleted': (snapshot) =>
      snapshot.matches({ open: 'editing' }) ? ctx(snapshot).files.filter((file) => file.status === 'uploaded').map((file) => ({ type: 'file.deleted', fileId: file.id })) : [],
    'file.notice': (snapshot) =>
      snapshot.matches({ open: 'editing' })
        ? ctx(snapshot).files.filter((file) => file.status === 'uploaded').map((file) => ({ type: 'file.notice', fileId: file.id, errorKey: 'dubbing:srtFormat' }))
        : [],
    'xstate.done.actor.dubSubmit': (snapshot) => {
      const name = ctx(snapshot).files[0]?.name ?? '';
      if (name.startsWith('crash')) return [];
      const outcome = name.startsWith('poor') ? 'needsPurchase' : name.startsWith('bad') ? 'error' : 'started';
      const failure = outcome === 'started' ? null : { code: outcome === 'needsPurchase' ? 92505000 : 500, message: 'Refused' };
      return [{ type: 'xstate.done.actor.dubSubmit', output: { outcome, startedIds: outcome === 'started' ? [`rec-${name}`] : [], failure } }];
    },
    'xstate.error.actor.dubSubmit': (snapshot) =>
      ctx(snapshot).files[0]?.name.startsWith('crash') ? [{ type: 'xstate.error.actor.dubSubmit', error: new Error('network down') }] : [],
    'xstate.done.actor.removeFiles': (snapshot) => (stuck(snapshot) ? [] : [{ type: 'xstate.done.actor.removeFiles' }]),
    'xstate.error.actor.removeFiles': (snapshot) =>
      stuck(snapshot) ? [{ type: 'xstate.error.actor.removeFiles', error: { kind: 'business', message: 'Cannot delete' } }] : [],
  },
  produced: ['file.uploaded', 'file.failed', 'file.rejected'],
  serializeContext: (context: DubUploadContext) => ({
    files: context.files.map((file) => `${file.name}:${file.status}`),
    folder: context.form.folderId,
    auto: context.form.maxSpeakersAuto,
    audio: context.form.audioLanguage,
    submitError: context.submitError,
  }),
  maxSimplePaths: 40,
};
