// Test doubles of the shared file-upload machine, for its unit tests and path model. A small policy
// (1 MB, 60 s) and file names that pick the outcome: 'long*' measures over the limit, 'odd*' cannot
// be measured (the measure fails), 'quiet*' the browser cannot measure (null: the server will),
// 'broken*' fails to upload; deleting a record 'rec-stuck*' is refused.
import { fromPromise } from 'xstate';
import type { FileUploadPolicy, FileUploadSource } from './fileUpload.machine';

export const TEST_POLICY: FileUploadPolicy = {
  maxBytes: 1024 * 1024,
  maxDurationSeconds: 60,
  overLimitKey: 'test:overLimit',
  unreadableKey: 'test:unreadable',
  uploadFailedKey: 'test:uploadFailed',
  deleteFailedKey: 'test:deleteFailed',
};

export const OVER_SECONDS = TEST_POLICY.maxDurationSeconds + 1;
export const UPLOAD_FAILED = { kind: 'business', message: 'Storage refused' };
export const REMOVAL_REFUSED = { kind: 'business', message: 'Busy' };
export const UNMEASURABLE = new Error('no duration in the metadata');

export function fakeFile(name: string, size = 1024): FileUploadSource {
  return { name, size, type: 'video/mp4', lastModified: 1, slice: () => new Blob([]) };
}

export const recordOf = (id: string, audioDuration = 30) => ({ id, createTime: '2024-01-01 00:00:00', audioDuration });

/** The length a file measures: seconds, null (not measurable here), or a failure. */
export function durationOf(name: string): number | null {
  if (name.startsWith('odd')) throw UNMEASURABLE;
  if (name.startsWith('quiet')) return null;
  return name.startsWith('long') ? OVER_SECONDS : 30;
}

export const uploadFails = (name: string) => name.startsWith('broken');
export const removalRefused = (ids: readonly string[]) => ids.some((id) => id.startsWith('rec-stuck'));

export const measureDouble = fromPromise<number | null, { file: FileUploadSource }>(async ({ input }) => durationOf(input.file.name));

/** Records every removal asked for into `removed`. */
export function removeDouble(removed: string[][] = []) {
  return fromPromise<void, { ids: string[] }>(async ({ input }) => {
    removed.push(input.ids);
    if (removalRefused(input.ids)) throw REMOVAL_REFUSED;
  });
}
