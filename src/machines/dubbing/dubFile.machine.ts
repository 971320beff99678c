// One file of the AI dubbing dialog (features §4 'Dub upload file', §5 'Dub upload'): the shared
// file-upload machine with dubbing's limits (5 GB, 4 hours), its blocks straight to storage (through
// the server when storage cannot be reached: dubFile.upload) and its deletion call. A file whose
// length cannot be read is rejected; a failed upload is retried from the blocks already held;
// deleting an uploaded file asks first. The optional .srt of an uploaded file is dubSrt's.
import { firstValueFrom } from 'rxjs';
import { fromPromise, type AnyActorRef } from 'xstate';
import { DUB_MAX_BYTES, DUB_MAX_DURATION_SECONDS } from '../../shared/contract/dub-limits';
import { videoDuration$ } from '../../streams/video-duration$';
import { removeDubFiles } from '../../api/dubbing/remove';
import { fileUploadMachine, type FileUploadInput, type FileUploadPolicy, type FileUploadSource } from '../file-upload/fileUpload.machine';
import { blockTransport, firstCheckpoint } from './dubFile.upload';

export const OVER_LIMIT_KEY = 'dubbing:overLimit';
export const UNREADABLE_KEY = 'dubbing:unreadable';
export const UPLOAD_FAILED_KEY = 'dubbing:uploadFailed';
export const DELETE_FAILED_KEY = 'dubbing:deleteFailed';

export const DUB_FILE_POLICY: FileUploadPolicy = {
  maxBytes: DUB_MAX_BYTES,
  maxDurationSeconds: DUB_MAX_DURATION_SECONDS,
  overLimitKey: OVER_LIMIT_KEY,
  unreadableKey: UNREADABLE_KEY,
  uploadFailedKey: UPLOAD_FAILED_KEY,
  deleteFailedKey: DELETE_FAILED_KEY,
};

export type DubFileSource = FileUploadSource;

export function isMp4(name: string): boolean {
  return /\.mp4$/i.test(name);
}

export function randomBlobName(name: string): string {
  const id = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID().replace(/-/g, '') : Math.random().toString(36).slice(2);
  return `${id}_${name}`;
}

/** A new file of the dialog: `blobName` (`<random id>_<name>`) stays the blob's name across retries. */
export function dubFileInput(id: string, file: DubFileSource, folderId: string, blobName: string, reportTo?: AnyActorRef): FileUploadInput {
  return { id, file, folderId, policy: DUB_FILE_POLICY, checkpoint: firstCheckpoint(blobName), ...(reportTo ? { reportTo } : {}) };
}

export const dubFileMachine = fileUploadMachine.provide({
  actors: {
    // features §5: a file whose length cannot be read is ignored (the measure fails: rejected).
    measure: fromPromise<number | null, { file: FileUploadSource }>(({ input }) => firstValueFrom(videoDuration$(input.file as unknown as Blob))),
    transport: blockTransport(),
    remove: fromPromise<void, { ids: string[] }>(({ input }) => removeDubFiles(input.ids)),
  },
});
