// Path model of one upload file (convention: src/testing/paths.ts). One input per file:
// 'talk.wav' uploads, 'long.wav' is over the duration limit in the browser, 'odd.wav' cannot be
// measured (the server measures it), 'broken.wav' fails to upload, and a restore starts uploaded.
// The upload stream of the other files stays silent, so the replay sends its events itself; the
// upload.done samples pick the server's answer: a record over the limit, and records whose removal
// the server refuses ('rec-stuck…').
import { NEVER, throwError } from 'rxjs';
import { fromEventObservable, fromPromise, type AnyMachineSnapshot } from 'xstate';
import { UPLOAD_MAX_DURATION_SECONDS } from '../../shared/contract/limits';
import { uploadFileMachine, type UploadActorInput, type UploadFileContext, type UploadFileEvent, type UploadFileSource } from './uploadFile.machine';
import type { PathsModel } from '../../testing/paths';
import { fakeFile } from './uploadDialog.doubles';

const OVER = UPLOAD_MAX_DURATION_SECONDS + 1;
const UPLOAD_FAILED = { kind: 'business', message: 'Disk full' };
const UNMEASURABLE = new Error('no duration in the metadata');
const REMOVAL_REFUSED = { kind: 'business', message: 'Busy' };
const record = (id: string, audioDuration: number) => ({ id, createTime: '2024-01-01 00:00:00', audioDuration });

function duration(file: UploadFileSource): number {
  if (file.name.startsWith('odd')) throw UNMEASURABLE;
  return file.name.startsWith('long') ? OVER : 30;
}
const uploadFails = (file: UploadFileSource) => file.name.startsWith('broken');
const removalRefused = (ids: string[]) => ids.some((id) => id.startsWith('rec-stuck'));

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as UploadFileContext;
const recordIds = (snapshot: AnyMachineSnapshot) => {
  const current = contextOf(snapshot).record;
  return current ? [current.id] : [];
};
const file = (name: string) => ({ id: 'f1', file: fakeFile(name), folderId: '1' });

/** Done/error samples of a removal, by the record the snapshot holds. */
const removalOutcomes = (actorId: string) => ({
  [`xstate.done.actor.${actorId}`]: (snapshot: AnyMachineSnapshot) =>
    removalRefused(recordIds(snapshot)) ? [] : [{ type: `xstate.done.actor.${actorId}` }],
  [`xstate.error.actor.${actorId}`]: (snapshot: AnyMachineSnapshot) =>
    removalRefused(recordIds(snapshot)) ? [{ type: `xstate.error.actor.${actorId}`, error: REMOVAL_REFUSED }] : [],
});

export const pathsModel: PathsModel = {
  name: 'uploadFile',
  machine: uploadFileMachine.provide({
    actors: {
      readDuration: fromPromise<number | null, { file: UploadFileSource }>(async ({ input }) => duration(input.file)),
      upload: fromEventObservable<UploadFileEvent, UploadActorInput>(({ input }) =>
        uploadFails(input.file) ? throwError(() => UPLOAD_FAILED) : NEVER,
      ),
      removeRecord: fromPromise<void, { ids: string[] }>(async ({ input }) => {
        if (removalRefused(input.ids)) throw REMOVAL_REFUSED;
      }),
    },
  }),
  inputs: [
    file('talk.wav'),
    file('long.wav'),
    file('odd.wav'),
    file('broken.wav'),
    { ...file('again.wav'), alreadyUploaded: record('rec-again', 30) },
  ],
  events: {
    'xstate.done.actor.readDuration': (snapshot) => {
      try {
        return [{ type: 'xstate.done.actor.readDuration', output: duration(contextOf(snapshot).file) }];
      } catch {
        return [];
      }
    },
    'xstate.error.actor.readDuration': (snapshot) =>
      contextOf(snapshot).file.name.startsWith('odd') ? [{ type: 'xstate.error.actor.readDuration', error: UNMEASURABLE }] : [],
    'xstate.error.actor.upload': (snapshot) =>
      uploadFails(contextOf(snapshot).file) ? [{ type: 'xstate.error.actor.upload', error: UPLOAD_FAILED }] : [],
    ...removalOutcomes('removeRecord'),
    ...removalOutcomes('removeOverLimit'),
    // The silent stream's events, sent by the replay (never for the file whose upload fails at once).
    'upload.progress': (snapshot) => (uploadFails(contextOf(snapshot).file) ? [] : [{ type: 'upload.progress', percent: 50 }]),
    'upload.session': (snapshot) =>
      uploadFails(contextOf(snapshot).file)
        ? []
        : [{ type: 'upload.session', session: { uploadId: 'u1', objectName: 'o1', uploadUrls: ['/u/1'], chunkSize: 1024, nextChunk: 1 } }],
    'upload.done': (snapshot) =>
      uploadFails(contextOf(snapshot).file)
        ? []
        : [
            { type: 'upload.done', record: record('rec-talk', 30) },
            { type: 'upload.done', record: record('rec-over', OVER) },
            { type: 'upload.done', record: record('rec-stuck', 30) },
            { type: 'upload.done', record: record('rec-stuck-over', OVER) },
          ],
  },
  serializeContext: (ctx: UploadFileContext) => ({
    file: ctx.name,
    percent: ctx.percent,
    record: ctx.record?.id ?? null,
    session: ctx.session?.uploadId ?? null,
    errorKey: ctx.errorKey,
  }),
  maxSimplePaths: 20,
};
