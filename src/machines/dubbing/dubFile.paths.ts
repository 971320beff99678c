// Path model of one dubbing file (convention: src/testing/paths.ts). One input per file:
// 'talk.mp4' uploads, 'huge.mp4' is over 5 GB, 'long.mp4' over 4 hours, 'odd.mp4' has no readable
// length, 'broken.mp4' fails to upload. The upload stream of the others stays silent, so the replay
// sends its progress and registration itself; the registration samples pick 'rec-stuck', whose
// deletion the server refuses. SRT samples: 'good.srt' is stored, 'bad.srt' refused, 'notes.txt'
// is not an SRT.
import { NEVER, throwError } from 'rxjs';
import { fromEventObservable, fromPromise, type AnyMachineSnapshot } from 'xstate';
import { DUB_MAX_BYTES, DUB_MAX_DURATION_SECONDS } from '../../shared/contract/dub-limits';
import type { PathsModel } from '../../testing/paths';
import { dubFileMachine, type DubFileContext, type DubFileSource, type SrtAttachment } from './dubFile.machine';
import type { DubUploadEvent, DubUploadInput } from './dubFile.upload';
import { durationOf, fakeVideo, recordOf } from './dubbing.doubles';

const UPLOAD_FAILED = { kind: 'business', message: 'Storage refused' };
const SRT_REFUSED = { kind: 'business', message: 'Not an SRT' };
const REMOVAL_REFUSED = { kind: 'business', message: 'Busy' };
const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as DubFileContext;
const broken = (snapshot: AnyMachineSnapshot) => ctx(snapshot).file.name.startsWith('broken');
const stuck = (snapshot: AnyMachineSnapshot) => ctx(snapshot).record?.id.startsWith('rec-stuck') ?? false;
const srtBad = (snapshot: AnyMachineSnapshot) => ctx(snapshot).pendingSrtName?.startsWith('bad') ?? false;
const input = (file: DubFileSource) => ({ id: 'f1', file, folderId: '1', blobName: `b_${file.name}` });
const srtFile = (name: string) => Object.assign(new Blob(['1\n00:00:00,000 --> 00:00:01,000\nHi\n']), { name });

/** Done/error samples of a deletion, by the record the snapshot holds ('rec-stuck…' is refused). */
const removalOutcomes = (actorId: string) => ({
  [`xstate.done.actor.${actorId}`]: (snapshot: AnyMachineSnapshot) => (stuck(snapshot) ? [] : [{ type: `xstate.done.actor.${actorId}` }]),
  [`xstate.error.actor.${actorId}`]: (snapshot: AnyMachineSnapshot) =>
    stuck(snapshot) ? [{ type: `xstate.error.actor.${actorId}`, error: REMOVAL_REFUSED }] : [],
});

function readable(snapshot: AnyMachineSnapshot): number | null {
  try {
    return durationOf(ctx(snapshot).file.name);
  } catch {
    return null;
  }
}

export const pathsModel: PathsModel = {
  name: 'dubFile',
  machine: dubFileMachine.provide({
    actors: {
      readDuration: fromPromise<number, { file: DubFileSource }>(async ({ input: given }) => durationOf(given.file.name)),
      upload: fromEventObservable<DubUploadEvent, DubUploadInput>(({ input: given }) =>
        given.file.name.startsWith('broken') ? throwError(() => UPLOAD_FAILED) : NEVER,
      ),
      uploadSrt: fromPromise<SrtAttachment, { file: Blob; name: string }>(async ({ input: given }) => {
        if (given.name.startsWith('bad')) throw SRT_REFUSED;
        return { name: given.name, url: `/files/${given.name}` };
      }),
      removeFile: fromPromise<void, { ids: string[] }>(async ({ input: given }) => {
        if (given.ids.some((id) => id.startsWith('rec-stuck'))) throw REMOVAL_REFUSED;
      }),
    },
  }),
  inputs: [input(fakeVideo('talk.mp4')), input(fakeVideo('huge.mp4', DUB_MAX_BYTES + 1)), input(fakeVideo('long.mp4')), input(fakeVideo('odd.mp4')), input(fakeVideo('broken.mp4'))],
  events: {
    'xstate.done.actor.readDuration': (snapshot) => {
      const seconds = readable(snapshot);
      return seconds === null ? [] : [{ type: 'xstate.done.actor.readDuration', output: seconds }];
    },
    'xstate.error.actor.readDuration': (snapshot) =>
      readable(snapshot) === null ? [{ type: 'xstate.error.actor.readDuration', error: new Error('no duration in the metadata') }] : [],
    'xstate.error.actor.upload': (snapshot) => (broken(snapshot) ? [{ type: 'xstate.error.actor.upload', error: UPLOAD_FAILED }] : []),
    // The doubles' uploads never switch path (proven with the stream in dubFile.upload.test.ts).
    'upload.via': [],
    'upload.progress': (snapshot) => (broken(snapshot) ? [] : [{ type: 'upload.progress', percent: 99.9 }]),
    'upload.registered': (snapshot) =>
      broken(snapshot)
        ? []
        : [
            { type: 'upload.registered', record: recordOf('talk.mp4') },
            { type: 'upload.registered', record: recordOf('stuck.mp4') },
            { type: 'upload.registered', record: { ...recordOf('over.mp4'), audioDuration: DUB_MAX_DURATION_SECONDS + 1 } },
            { type: 'upload.registered', record: { ...recordOf('stuck-over.mp4'), audioDuration: DUB_MAX_DURATION_SECONDS + 1 } },
          ],
    'srt.chosen': [
      { type: 'srt.chosen', file: srtFile('good.srt') },
      { type: 'srt.chosen', file: srtFile('bad.srt') },
      { type: 'srt.chosen', file: srtFile('notes.txt') },
    ],
    'srt.type': [{ type: 'srt.type', srtFileType: 3 }],
    'xstate.done.actor.uploadSrt': (snapshot) =>
      srtBad(snapshot) ? [] : [{ type: 'xstate.done.actor.uploadSrt', output: { name: 'good.srt', url: '/files/good.srt' } }],
    'xstate.error.actor.uploadSrt': (snapshot) => (srtBad(snapshot) ? [{ type: 'xstate.error.actor.uploadSrt', error: SRT_REFUSED }] : []),
    ...removalOutcomes('removeFile'),
    ...removalOutcomes('removeOverLimit'),
  },
  serializeContext: (context: DubFileContext) => ({
    file: context.file.name,
    percent: context.percent,
    record: context.record?.id ?? null,
    srt: context.srt?.name ?? null,
    srtFileType: context.srtFileType,
    pending: context.pendingSrtName,
    errorKey: context.errorKey,
    resume: context.resume,
  }),
  maxSimplePaths: 20,
};
