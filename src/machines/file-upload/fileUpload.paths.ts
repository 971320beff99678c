// Path model of the shared file-upload machine (convention: src/testing/paths.ts). One input
// per file (fileUpload.doubles.ts): 'talk.mp4' uploads, 'huge.mp4' is over the size limit,
// 'long.mp4' over the length limit, 'odd.mp4' has no readable length, 'quiet.mp4' is measured only
// by the server, 'broken.mp4' fails to upload, and a restored file starts uploaded. The transport of
// the others stays silent, so the replay sends its events itself; the upload.done samples pick the
// server's answer: a record over the limit, and records whose deletion the server refuses.
import { NEVER, throwError } from 'rxjs';
import { fromEventObservable, type AnyMachineSnapshot } from 'xstate';
import type { PathsModel } from '../../testing/paths';
import { fileUploadMachine, type FileUploadContext, type TransportEvent, type TransportInput } from './fileUpload.machine';
import {
  OVER_SECONDS,
  REMOVAL_REFUSED,
  TEST_POLICY,
  UNMEASURABLE,
  UPLOAD_FAILED,
  durationOf,
  fakeFile,
  measureDouble,
  recordOf,
  removalRefused,
  removeDouble,
  uploadFails,
} from './fileUpload.doubles';

const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as FileUploadContext;
const broken = (snapshot: AnyMachineSnapshot) => uploadFails(ctx(snapshot).name);
const stuck = (snapshot: AnyMachineSnapshot) => removalRefused(ctx(snapshot).record ? [ctx(snapshot).record!.id] : []);
const input = (name: string, size?: number) => ({ id: 'f1', file: fakeFile(name, size), folderId: '1', policy: TEST_POLICY });

/** Done/error samples of a deletion, by the record the snapshot holds ('rec-stuck…' is refused). */
const removalOutcomes = (actorId: string) => ({
  [`xstate.done.actor.${actorId}`]: (snapshot: AnyMachineSnapshot) => (stuck(snapshot) ? [] : [{ type: `xstate.done.actor.${actorId}` }]),
  [`xstate.error.actor.${actorId}`]: (snapshot: AnyMachineSnapshot) =>
    stuck(snapshot) ? [{ type: `xstate.error.actor.${actorId}`, error: REMOVAL_REFUSED }] : [],
});

/** The measure's answer for this file, or 'fails'. */
function measured(snapshot: AnyMachineSnapshot): number | null | 'fails' {
  try {
    return durationOf(ctx(snapshot).name);
  } catch {
    return 'fails';
  }
}

export const pathsModel: PathsModel = {
  name: 'fileUpload',
  machine: fileUploadMachine.provide({
    actors: {
      measure: measureDouble,
      transport: fromEventObservable<TransportEvent, TransportInput>(({ input: given }) => (uploadFails(given.file.name) ? throwError(() => UPLOAD_FAILED) : NEVER)),
      remove: removeDouble(),
    },
  }),
  inputs: [
    input('talk.mp4'),
    input('huge.mp4', TEST_POLICY.maxBytes + 1),
    input('long.mp4'),
    input('odd.mp4'),
    input('quiet.mp4'),
    input('broken.mp4'),
    { ...input('again.mp4'), alreadyUploaded: recordOf('rec-again') },
  ],
  events: {
    'xstate.done.actor.measure': (snapshot) => {
      const seconds = measured(snapshot);
      return seconds === 'fails' ? [] : [{ type: 'xstate.done.actor.measure', output: seconds }];
    },
    'xstate.error.actor.measure': (snapshot) => (measured(snapshot) === 'fails' ? [{ type: 'xstate.error.actor.measure', error: UNMEASURABLE }] : []),
    'xstate.error.actor.transport': (snapshot) => (broken(snapshot) ? [{ type: 'xstate.error.actor.transport', error: UPLOAD_FAILED }] : []),
    // The silent transport's events, sent by the replay (never for the file whose upload fails at once).
    'upload.progress': (snapshot) => (broken(snapshot) ? [] : [{ type: 'upload.progress', percent: 50 }]),
    'upload.checkpoint': (snapshot) => (broken(snapshot) ? [] : [{ type: 'upload.checkpoint', checkpoint: { uploadId: 'u1' } }]),
    'upload.done': (snapshot) =>
      broken(snapshot)
        ? []
        : [
            { type: 'upload.done', record: recordOf('rec-talk') },
            { type: 'upload.done', record: recordOf('rec-over', OVER_SECONDS) },
            { type: 'upload.done', record: recordOf('rec-stuck') },
            { type: 'upload.done', record: recordOf('rec-stuck-over', OVER_SECONDS) },
          ],
    ...removalOutcomes('remove'),
    ...removalOutcomes('removeOverLimit'),
  },
  serializeContext: (context: FileUploadContext) => ({
    file: context.name,
    percent: context.percent,
    record: context.record?.id ?? null,
    errorKey: context.errorKey,
    resume: context.resume,
  }),
  maxSimplePaths: 20,
};
