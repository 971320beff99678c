// The client side of the chunk protocol (platform §7, §9) as one cold stream per file:
// files from UPLOAD_CHUNKED_FROM_BYTES go through uploadInit and then uploadBlock per chunk, in
// order, the last one with end '1'; smaller files go in one uploadBlock. Unsubscribing aborts the
// request in flight (the transport ties its AbortSignal to the subscription).
import {
  EMPTY,
  Observable,
  asyncScheduler,
  concat,
  defer,
  of,
  retry,
  switchMap,
  throwError,
  timer,
  type SchedulerLike,
} from 'rxjs';
import { UPLOAD_CHUNK_BYTES, UPLOAD_CHUNKED_FROM_BYTES, UPLOAD_CHUNK_RETRIES } from '../shared/contract/limits';

export interface UploadSession {
  uploadId: string;
  objectName: string;
  uploadUrls: string[];
  chunkSize: number;
  /** Index of the first chunk the server has not confirmed yet. */
  nextChunk: number;
}

export interface UploadedRecordInfo {
  id: string;
  createTime: string;
  audioDuration?: number | null;
}

export interface UploadInitAnswer {
  uploadId: string;
  objectName: string;
  uploadUrls: string[];
  chunkSize: number;
  nextPart?: number;
}

export interface ChunkPart {
  blob: Blob;
  /** 1-based, as the server counts parts. */
  partNumber?: number;
  end: '0' | '1';
  oriFileName: string;
  fileSize: number;
  folderId?: string;
  uploadId?: string;
  objectName?: string;
  url?: string;
}

export interface ChunkTransport {
  /** With uploadId: re-open that unfinished upload; nextPart says where to continue (1-based). */
  init(request: { oriFileName: string; fileSize: number; chunkSize: number; uploadId?: string }): Observable<UploadInitAnswer>;
  /** Null until the last chunk; then the registered record(s). */
  block(part: ChunkPart): Observable<UploadedRecordInfo[] | null>;
}

export type UploadEvent =
  | { type: 'session'; session: UploadSession }
  | { type: 'progress'; sentBytes: number; totalBytes: number; percent: number }
  | { type: 'done'; record: UploadedRecordInfo };

/** An error the machine can show: a message key of the `uploadDialog` namespace. */
export class UploadProtocolError extends Error {
  constructor(readonly messageKey: string) {
    super(messageKey);
    this.name = 'UploadProtocolError';
  }
}

export const INCONSISTENT_KEY = 'uploadDialog:inconsistent';
export const NO_RECORD_KEY = 'uploadDialog:noRecord';

export interface UploadFileLike {
  name: string;
  size: number;
  slice(start?: number, end?: number): Blob;
}

export interface ChunkUploadOptions {
  transport: ChunkTransport;
  folderId?: string;
  /** The id of an interrupted upload of the same file: the server says which chunk comes next. */
  resumeUploadId?: string | null;
  retries?: number;
  retryDelayMs?: number;
  scheduler?: SchedulerLike;
  /** Errors worth re-sending the same chunk for (dropped connection, time-out). */
  isRetryable?: (error: unknown) => boolean;
}

export function chunkCount(fileSize: number, chunkSize: number): number {
  return Math.max(1, Math.ceil(fileSize / chunkSize));
}

export function usesChunks(fileSize: number): boolean {
  return fileSize >= UPLOAD_CHUNKED_FROM_BYTES;
}

/** Below 100 until the server has answered the last chunk: sent bytes are not a registered record. */
function percentOf(sent: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(99.9, Math.floor((sent / total) * 1000) / 10);
}

const defaultRetryable = (error: unknown) => {
  const { kind, code } = (error as { kind?: unknown; code?: unknown } | null) ?? {};
  // Code 503: the chunk could not be placed or did not read back as stored; sending it again (through
  // the balancer, perhaps to another instance) is what the server asks for (issue 28).
  return kind === 'transport' || kind === 'timeout' || (kind === 'business' && code === 503);
};

function lastRecord(answer: UploadedRecordInfo[] | null): Observable<UploadEvent> {
  const record = answer?.[0];
  return record ? of({ type: 'done', record }) : throwError(() => new UploadProtocolError(NO_RECORD_KEY));
}

export function chunkUpload$(file: UploadFileLike, options: ChunkUploadOptions): Observable<UploadEvent> {
  const scheduler = options.scheduler ?? asyncScheduler;
  const retries = options.retries ?? UPLOAD_CHUNK_RETRIES;
  const retryDelayMs = options.retryDelayMs ?? 1000;
  const isRetryable = options.isRetryable ?? defaultRetryable;
  const folder = options.folderId ? { folderId: options.folderId } : {};
  // Re-sending a chunk is idempotent on the server, so a dropped connection resumes at the same chunk.
  const withRetry = <T>(source: Observable<T>) =>
    source.pipe(
      retry({
        count: retries,
        delay: (error: unknown, attempt) => (isRetryable(error) ? timer(retryDelayMs * attempt, scheduler) : throwError(() => error)),
      }),
    );

  if (!usesChunks(file.size)) {
    const part: ChunkPart = { blob: file.slice(0, file.size), end: '1', oriFileName: file.name, fileSize: file.size, ...folder };
    return concat(
      of<UploadEvent>({ type: 'progress', sentBytes: 0, totalBytes: file.size, percent: 0 }),
      withRetry(defer(() => options.transport.block(part))).pipe(switchMap(lastRecord)),
    );
  }

  const resume = options.resumeUploadId ? { uploadId: options.resumeUploadId } : {};
  const session$: Observable<UploadSession> = withRetry(
    defer(() => options.transport.init({ oriFileName: file.name, fileSize: file.size, chunkSize: UPLOAD_CHUNK_BYTES, ...resume })),
  ).pipe(
    switchMap(({ nextPart, ...answer }) => of({ ...answer, nextChunk: Math.max(0, (nextPart ?? 1) - 1) })),
  );

  return session$.pipe(
    switchMap((session) => {
      const count = chunkCount(file.size, session.chunkSize);
      if (count !== session.uploadUrls.length) return throwError(() => new UploadProtocolError(INCONSISTENT_KEY));
      const sendFrom = (index: number): Observable<UploadEvent> => {
        if (index >= count) return EMPTY;
        const start = index * session.chunkSize;
        const end = Math.min(file.size, start + session.chunkSize);
        const last = index === count - 1;
        const part: ChunkPart = {
          blob: file.slice(start, end),
          partNumber: index + 1,
          end: last ? '1' : '0',
          oriFileName: file.name,
          fileSize: file.size,
          uploadId: session.uploadId,
          objectName: session.objectName,
          url: session.uploadUrls[index] ?? '',
          ...folder,
        };
        return withRetry(defer(() => options.transport.block(part))).pipe(
          switchMap((answer) => {
            if (last) return lastRecord(answer);
            const confirmed: UploadSession = { ...session, nextChunk: index + 1 };
            return concat(
              of<UploadEvent[]>(
                { type: 'session', session: confirmed },
                { type: 'progress', sentBytes: end, totalBytes: file.size, percent: percentOf(end, file.size) },
              ),
              sendFrom(index + 1),
            );
          }),
        );
      };
      const sentBefore = Math.min(file.size, session.nextChunk * session.chunkSize);
      return concat(
        of<UploadEvent[]>(
          { type: 'session', session },
          { type: 'progress', sentBytes: sentBefore, totalBytes: file.size, percent: percentOf(sentBefore, file.size) },
        ),
        sendFrom(session.nextChunk),
      );
    }),
  );
}
