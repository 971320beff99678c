// The records' transport for the shared file-upload machine: the chunked upload through the server
// (streams/upload-progress$). Its checkpoint is the chunk session ({ uploadId, … }): an upload
// given one continues at the chunk the server confirmed last.
import { catchError, map, throwError } from 'rxjs';
import { fromEventObservable } from 'xstate';
import { UploadProtocolError, chunkUpload$, type UploadEvent } from '../../streams/upload-progress$';
import { apiChunkTransport } from '../../api/uploads/chunk-transport';
import type { TransportEvent, TransportInput } from '../file-upload/fileUpload.machine';

/** The part of a chunk session a new attempt needs. */
export interface ChunkCheckpoint {
  uploadId: string;
}

export function resumeUploadIdOf(checkpoint: unknown): string | null {
  const uploadId = (checkpoint as Partial<ChunkCheckpoint> | null | undefined)?.uploadId;
  return typeof uploadId === 'string' ? uploadId : null;
}

function toTransportEvent(event: UploadEvent): TransportEvent {
  if (event.type === 'session') return { type: 'upload.checkpoint', checkpoint: event.session };
  if (event.type === 'progress') return { type: 'upload.progress', percent: event.percent };
  return { type: 'upload.done', record: event.record };
}

/** The stream's own protocol errors carry their message key, as an api failure would. */
function asApiFailure(error: unknown): unknown {
  return error instanceof UploadProtocolError ? { kind: 'business', messageKey: error.messageKey } : error;
}

export const chunkTransport = fromEventObservable<TransportEvent, TransportInput>(({ input }) =>
  chunkUpload$(input.file, { transport: apiChunkTransport, folderId: input.folderId, resumeUploadId: resumeUploadIdOf(input.checkpoint) }).pipe(
    map(toTransportEvent),
    catchError((error: unknown) => throwError(() => asApiFailure(error))),
  ),
);
