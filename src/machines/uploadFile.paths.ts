// Path model of one upload file (convention: src/machines/testing/paths.ts). The file name picks
// the doubles' outcome: 'talk.wav' uploads, 'long.wav' is over the limit, 'broken.wav' fails.
import { NEVER } from 'rxjs';
import { fromEventObservable } from 'xstate';
import type { UploadActorInput, UploadFileEvent } from './uploadFile.machine';
import type { PathsModel } from './testing/paths';
import { fakeFile, uploadFileDoubles } from './uploadDialog.doubles';

export const pathsModel: PathsModel = {
  name: 'uploadFile',
  // The upload stream stays silent so each of its events is a step the replay sends itself.
  machine: uploadFileDoubles({ removed: [], submitted: [] }).provide({
    actors: { upload: fromEventObservable<UploadFileEvent, UploadActorInput>(() => NEVER) },
  }),
  input: { id: 'f1', file: fakeFile('talk.wav'), folderId: '1' },
  events: {
    'xstate.done.actor.readDuration': [{ type: 'xstate.done.actor.readDuration', output: 30 }],
    'xstate.done.actor.removeRecord': [{ type: 'xstate.done.actor.removeRecord' }],
    'upload.progress': [{ type: 'upload.progress', percent: 50 }],
    'upload.session': [],
    'upload.done': [{ type: 'upload.done', record: { id: 'rec-talk.wav', createTime: '2024-01-01 00:00:00', audioDuration: 30 } }],
  },
  serializeContext: (ctx: { percent: number; errorKey?: string }) => ({ percent: ctx.percent, errorKey: ctx.errorKey }),
};
