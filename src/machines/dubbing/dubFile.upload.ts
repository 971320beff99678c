// The upload of one dubbing video as one stream: a SAS for this user's container, the blocks sent
// straight to storage (blob-blocks$), then the server registers the committed blob. Unsubscribing
// aborts whatever call is in flight. Progress stays below 100% until the server registered the file.
// When storage cannot be reached at all (a network error before any block arrived: a firewall, a
// proxy, CORS), the same blocks go through the server instead (uploadBlock), and the stream says so
// (upload.via) so a retry resumes on that path: each answer lists the blocks held, which are skipped.
// blockTransport wraps the stream as dubbing's transport actor of the shared file-upload machine.
import { catchError, concat, defer, from, map, mergeMap, Observable, of, throwError } from 'rxjs';
import { fromEventObservable } from 'xstate';
import { DUB_UNREGISTERED_PERCENT_CAP } from '../../shared/contract/dub-limits';
import { blockUpload$, planBlocks, type BlockBlobSeam, type BlockSource } from '../../streams/blob-blocks$';
import { blobUrlOf, openBlockBlob, type BlobTarget } from '../../streams/block-blob-client';
import { required, unwrap } from '../../api/errors';
import { getBlobSasInfo, type BlobSasInfo } from '../../api/dubbing/get-blob-sas-info';
import { registerUpload } from '../../api/dubbing/upload';
import { uploadBlock, type UploadBlockFields, type UploadBlockResult } from '../../api/dubbing/upload-block';
import type { TransportEvent, TransportInput } from '../file-upload/fileUpload.machine';

export interface DubRecord {
  id: string;
  createTime: string;
  audioDuration?: number | null | undefined;
}

/** How the blocks travel: straight to storage, or through the server when storage is out of reach. */
export type UploadPath = 'storage' | 'server';

export type DubUploadEvent =
  | { type: 'upload.progress'; percent: number }
  | { type: 'upload.via'; via: UploadPath }
  | { type: 'upload.registered'; record: DubRecord };

export interface DubUploadInput {
  file: BlockSource & { name: string };
  blobName: string;
  folderId: string;
  resume: boolean;
  /** The path an earlier attempt switched to (default: storage). */
  via?: UploadPath;
}

/** The seams of the upload, replaced in tests (the browser SDK does not run under the unit tests). */
export interface DubUploadDeps {
  sasInfo(signal: AbortSignal): Promise<BlobSasInfo>;
  openBlob(target: BlobTarget): Promise<BlockBlobSeam>;
  register(body: { url: string; oriFileName: string; fileSize: number; folderId: string }, signal: AbortSignal): Promise<DubRecord>;
  /** One block through the server (uploadBlock); the answer lists the blocks it holds. */
  sendBlock(fields: UploadBlockFields, signal: AbortSignal): Promise<UploadBlockResult>;
}

export const apiDubUploadDeps: DubUploadDeps = {
  sasInfo: async (signal) => required(unwrap(await getBlobSasInfo(signal))),
  openBlob: openBlockBlob,
  register: async (body, signal) => required(unwrap(await registerUpload(body, signal))),
  sendBlock: async (fields, signal) => required(unwrap(await uploadBlock(fields, signal))),
};

function call$<T>(run: (signal: AbortSignal) => Promise<T>): Observable<T> {
  return new Observable<T>((subscriber) => {
    const controller = new AbortController();
    run(controller.signal).then(
      (value) => {
        subscriber.next(value);
        subscriber.complete();
      },
      (error: unknown) => subscriber.error(error),
    );
    return () => controller.abort();
  });
}

export function cappedPercent(sentBytes: number, totalBytes: number): number {
  const percent = totalBytes > 0 ? (sentBytes / totalBytes) * 100 : 0;
  return Math.min(DUB_UNREGISTERED_PERCENT_CAP, Math.round(percent * 10) / 10);
}

/**
 * Storage was not reached at all: the request never got an answer (the browser's fetch TypeError, the
 * Azure SDK's REQUEST_SEND_ERROR). An answer with a status (403 for a bad SAS, 5xx) is not this.
 */
export function isUnreachable(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  const fields = (error ?? {}) as { code?: unknown; name?: unknown; statusCode?: unknown };
  if (fields.name === 'AbortError') return false;
  return fields.code === 'REQUEST_SEND_ERROR' || (fields.name === 'RestError' && fields.statusCode === undefined);
}

/** The server keeps blob names to a safe alphabet; the same name on every attempt resumes the same blob. */
export function serverBlobName(blobName: string): string {
  return blobName.replace(/[^A-Za-z0-9._ -]/g, '_').replace(/^[^A-Za-z0-9_-]/, '_').slice(0, 200);
}

/**
 * The blocks through the server, one request each in order; the last carries end=1 and commits them
 * all. Blocks the server already holds (its answers say which) are skipped; the last is always sent.
 */
export function serverBlocks$(input: DubUploadInput, deps: Pick<DubUploadDeps, 'sendBlock'>): Observable<{ sentBytes: number; url: string | null }> {
  return new Observable((subscriber) => {
    const controller = new AbortController();
    const plan = planBlocks(input.file.size);
    const blobName = serverBlobName(input.blobName);
    (async () => {
      let held = new Set<string>();
      let sentBytes = 0;
      for (const [index, block] of plan.entries()) {
        const last = index === plan.length - 1;
        if (!last && held.has(block.id)) {
          sentBytes += block.end - block.start;
          subscriber.next({ sentBytes, url: null });
          continue;
        }
        const answer = await deps.sendBlock(
          {
            file: input.file.slice(block.start, block.end),
            end: last ? '1' : '0',
            oriFileName: input.file.name,
            fileSize: input.file.size,
            folderId: input.folderId,
            blockIds: plan.slice(0, last ? plan.length : index + 1).map((item) => item.id),
            blobName,
          },
          controller.signal,
        );
        held = new Set(answer.blockIds ?? []);
        sentBytes += block.end - block.start;
        if (last) {
          if (!answer.url) throw new Error('uploadBlock answered no url for the committed blob');
          subscriber.next({ sentBytes, url: answer.url });
        } else subscriber.next({ sentBytes, url: null });
      }
      subscriber.complete();
    })().catch((error: unknown) => subscriber.error(error));
    return () => controller.abort();
  });
}

function viaServer$(input: DubUploadInput, deps: DubUploadDeps): Observable<DubUploadEvent> {
  let url: string | null = null;
  return concat(
    serverBlocks$(input, deps).pipe(
      map((step): DubUploadEvent => {
        url = step.url ?? url;
        return { type: 'upload.progress', percent: cappedPercent(step.sentBytes, input.file.size) };
      }),
    ),
    defer(() => call$((signal) => deps.register({ url: url!, oriFileName: input.file.name, fileSize: input.file.size, folderId: input.folderId }, signal))).pipe(
      map((record): DubUploadEvent => ({ type: 'upload.registered', record })),
    ),
  );
}

function viaStorage$(input: DubUploadInput, deps: DubUploadDeps): Observable<DubUploadEvent> {
  let blockArrived = false;
  const storage$ = call$((signal) => deps.sasInfo(signal)).pipe(
    mergeMap((sas) => {
      const target: BlobTarget = { ...sas, blobName: input.blobName };
      return from(deps.openBlob(target)).pipe(
        mergeMap((blob) =>
          concat(
            blockUpload$(input.file, blob, { resume: input.resume }).pipe(
              mergeMap((event) => {
                if (event.type !== 'progress') return [];
                if (event.sentBytes > 0) blockArrived = true;
                return [{ type: 'upload.progress' as const, percent: cappedPercent(event.sentBytes, event.totalBytes) }];
              }),
            ),
            defer(() =>
              call$((signal) =>
                deps.register({ url: blobUrlOf(target), oriFileName: input.file.name, fileSize: input.file.size, folderId: input.folderId }, signal),
              ),
            ).pipe(map((record): DubUploadEvent => ({ type: 'upload.registered', record }))),
          ),
        ),
      );
    }),
  );
  // Only a storage that never took a block is given up on; a later failure is retried on this path.
  return storage$.pipe(
    catchError((error: unknown) =>
      !blockArrived && isUnreachable(error) ? concat(of<DubUploadEvent>({ type: 'upload.via', via: 'server' }), viaServer$(input, deps)) : throwError(() => error),
    ),
  );
}

export function dubUpload$(input: DubUploadInput, deps: DubUploadDeps = apiDubUploadDeps): Observable<DubUploadEvent> {
  return input.via === 'server' ? viaServer$(input, deps) : viaStorage$(input, deps);
}

/** Where a dubbing upload stands between attempts: its blob (same name, so a retry resumes) and path. */
export interface BlockCheckpoint {
  blobName: string;
  via: UploadPath;
}

export const firstCheckpoint = (blobName: string): BlockCheckpoint => ({ blobName, via: 'storage' });

/** Dubbing's transport for the shared file-upload machine: the blocks, with the server as fallback. */
export function blockTransport(deps: DubUploadDeps = apiDubUploadDeps) {
  return fromEventObservable<TransportEvent, TransportInput>(({ input }) => {
    const checkpoint = input.checkpoint as BlockCheckpoint;
    const upload = { file: input.file, blobName: checkpoint.blobName, folderId: input.folderId, resume: input.resume, via: checkpoint.via };
    return dubUpload$(upload, deps).pipe(
      map((event): TransportEvent => {
        if (event.type === 'upload.via') return { type: 'upload.checkpoint', checkpoint: { ...checkpoint, via: event.via } };
        if (event.type === 'upload.registered') return { type: 'upload.done', record: event.record };
        return event;
      }),
    );
  });
}
