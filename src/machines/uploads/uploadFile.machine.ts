// One file of the upload dialog (platform §4 'Local upload', §5): the shared file-upload machine
// with the records' limits (500 MB, 1 hour), the chunked transport through the server, and the
// chunk session kept in this browser (uploadFile.resume) so choosing the same file again continues.
import { fromPromise } from 'xstate';
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_DURATION_SECONDS } from '../../shared/contract/limits';
import { removeRecordsIfAnyActor } from '../../api/shared/remove-records';
import { fileUploadMachine, isOverPolicy, type FileUploadPolicy, type FileUploadSource } from '../file-upload/fileUpload.machine';
import { readMediaDuration } from './media-duration';
import { chunkTransport } from './uploadFile.transport';
import { forgetUploadSession, saveUploadSession } from './uploadFile.resume';
import type { UploadSession } from '../../streams/upload-progress$';

export const OVER_LIMIT_KEY = 'uploadDialog:overLimit';
export const UPLOAD_FAILED_KEY = 'uploadDialog:uploadFailed';

export const UPLOAD_FILE_POLICY: FileUploadPolicy = {
  maxBytes: UPLOAD_MAX_BYTES,
  maxDurationSeconds: UPLOAD_MAX_DURATION_SECONDS,
  overLimitKey: OVER_LIMIT_KEY,
  // The browser's measure never fails here (a format it cannot read is measured by the server).
  unreadableKey: UPLOAD_FAILED_KEY,
  uploadFailedKey: UPLOAD_FAILED_KEY,
  deleteFailedKey: UPLOAD_FAILED_KEY,
};

export type UploadFileSource = FileUploadSource;

export function isOverLimit(sizeBytes: number, durationSeconds: number | null | undefined): boolean {
  return isOverPolicy(UPLOAD_FILE_POLICY, sizeBytes, durationSeconds);
}

export const uploadFileMachine = fileUploadMachine.provide({
  actors: {
    measure: fromPromise<number | null, { file: FileUploadSource }>(({ input }) => readMediaDuration(input.file as unknown as Blob)),
    transport: chunkTransport,
    remove: removeRecordsIfAnyActor,
  },
  actions: {
    keepCheckpoint: ({ context, event }) => {
      if (event.type === 'upload.checkpoint') saveUploadSession(context.file, event.checkpoint as UploadSession);
    },
    dropCheckpoint: ({ context }) => forgetUploadSession(context.file),
  },
});
