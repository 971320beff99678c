// Test doubles of the dubbing dialog's calls, shared by the unit tests and the path models. File
// names pick the outcome: 'long*' is over 4 hours, 'odd*' has no readable length, 'broken*' fails
// to upload; anything else uploads as record 'rec-<name>'. Deleting 'rec-stuck*' fails; an SRT
// named 'bad*' is refused. Submitting 'poor*' needs a purchase, 'bad*' is refused, 'crash*' throws.
import { of, throwError } from 'rxjs';
import { fromEventObservable, fromPromise } from 'xstate';
import { DUB_MAX_DURATION_SECONDS } from '../../shared/contract/dub-limits';
import type { TransportEvent, TransportInput } from '../file-upload/fileUpload.machine';
import { dubFileMachine, type DubFileSource } from './dubFile.machine';
import { dubSrtMachine, type SrtAttachment } from './dubSrt.machine';
import type { DubSubmitInput, DubSubmitOutput } from './dubSubmit.machine';
import { dubUploadMachine } from './dubUpload.machine';

export const OVER = DUB_MAX_DURATION_SECONDS + 1;

export function fakeVideo(name: string, size = 1024): DubFileSource {
  return { name, size, type: 'video/mp4', slice: () => new Blob([]) };
}

export const durationOf = (name: string): number => {
  if (name.startsWith('odd')) throw new Error('no duration in the metadata');
  return name.startsWith('long') ? OVER : 30;
};

export const recordOf = (name: string) => ({ id: `rec-${name}`, createTime: '2024-01-01 00:00:00', audioDuration: 30 });

export interface DubLog {
  removed: string[][];
  srt: string[];
  submitted: DubSubmitInput[];
}

export const newLog = (): DubLog => ({ removed: [], srt: [], submitted: [] });

async function removeOrRefuse(log: DubLog, ids: string[]) {
  log.removed.push(ids);
  if (ids.some((id) => id.startsWith('rec-stuck'))) throw { kind: 'business', message: 'Cannot delete' };
}

/** The file machine whose calls settle at once. */
export function dubFileDoubles(log: DubLog) {
  return dubFileMachine.provide({
    actors: {
      measure: fromPromise<number | null, { file: DubFileSource }>(async ({ input }) => durationOf(input.file.name)),
      transport: fromEventObservable<TransportEvent, TransportInput>(({ input }) =>
        input.file.name.startsWith('broken')
          ? throwError(() => ({ kind: 'business', message: 'Storage refused' }))
          : of<TransportEvent[]>({ type: 'upload.progress', percent: 99.9 }, { type: 'upload.done', record: recordOf(input.file.name) }),
      ),
      remove: fromPromise<void, { ids: string[] }>(({ input }) => removeOrRefuse(log, input.ids)),
    },
  });
}

/** The subtitle machine whose store settles at once. */
export function dubSrtDoubles(log: DubLog) {
  return dubSrtMachine.provide({
    actors: {
      uploadSrt: fromPromise<SrtAttachment, { file: Blob; name: string }>(async ({ input }) => {
        log.srt.push(input.name);
        if (input.name.startsWith('bad')) throw { kind: 'business', message: 'Not an SRT' };
        return { name: input.name, url: `/files/${input.name}`, encoding: 'UTF-8' };
      }),
    },
  });
}

export function submitOutcome(input: DubSubmitInput): DubSubmitOutput {
  const first = input.request?.files[0]?.name ?? '';
  if (first.startsWith('poor')) return { outcome: 'needsPurchase', startedIds: [], failure: { code: 92505000, message: 'Insufficient balance' } };
  if (first.startsWith('bad')) return { outcome: 'error', startedIds: [], failure: { code: 500, message: 'Refused' } };
  return { outcome: 'started', startedIds: input.request?.files.map((file) => file.recordId) ?? [], failure: null };
}

export function dubUploadDoubles(log: DubLog) {
  return dubUploadMachine.provide({
    actors: {
      dubFile: dubFileDoubles(log),
      dubSrt: dubSrtDoubles(log),
      // The dialog only reads the submit's output: a promise with the same output stands in.
      dubSubmit: fromPromise<DubSubmitOutput, DubSubmitInput>(async ({ input }) => {
        log.submitted.push(input);
        if (input.request?.files[0]?.name.startsWith('crash')) throw new Error('network down');
        return submitOutcome(input);
      }) as never,
      removeFiles: fromPromise<void, { ids: string[] }>(({ input }) => removeOrRefuse(log, input.ids)),
    },
  });
}
