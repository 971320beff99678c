// The upload of one dubbing video as one stream: a SAS for this user's container, the blocks sent
// straight to storage (blob-blocks$), then the server registers the committed blob. Unsubscribing
// aborts whatever call is in flight. Progress stays below 100% until the server registered the file.
import { concat, defer, from, map, mergeMap, Observable } from 'rxjs';
import { DUB_UNREGISTERED_PERCENT_CAP } from '../../shared/contract/dub-limits';
import { blockUpload$, type BlockBlobSeam, type BlockSource } from '../../streams/blob-blocks$';
import { blobUrlOf, openBlockBlob, type BlobTarget } from '../../streams/block-blob-client';
import { required, unwrap } from '../../api/errors';
import { getBlobSasInfo, type BlobSasInfo } from '../../api/dubbing/get-blob-sas-info';
import { registerUpload } from '../../api/dubbing/upload';

export interface DubRecord {
  id: string;
  createTime: string;
  audioDuration?: number | null | undefined;
}

export type DubUploadEvent = { type: 'upload.progress'; percent: number } | { type: 'upload.registered'; record: DubRecord };

export interface DubUploadInput {
  file: BlockSource & { name: string };
  blobName: string;
  folderId: string;
  resume: boolean;
}

/** The seams of the upload, replaced in tests (the browser SDK does not run under the unit tests). */
export interface DubUploadDeps {
  sasInfo(signal: AbortSignal): Promise<BlobSasInfo>;
  openBlob(target: BlobTarget): Promise<BlockBlobSeam>;
  register(body: { url: string; oriFileName: string; fileSize: number; folderId: string }, signal: AbortSignal): Promise<DubRecord>;
}

export const apiDubUploadDeps: DubUploadDeps = {
  sasInfo: async (signal) => required(unwrap(await getBlobSasInfo(signal))),
  openBlob: openBlockBlob,
  register: async (body, signal) => required(unwrap(await registerUpload(body, signal))),
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

export function dubUpload$(input: DubUploadInput, deps: DubUploadDeps = apiDubUploadDeps): Observable<DubUploadEvent> {
  return call$((signal) => deps.sasInfo(signal)).pipe(
    mergeMap((sas) => {
      const target: BlobTarget = { ...sas, blobName: input.blobName };
      return from(deps.openBlob(target)).pipe(
        mergeMap((blob) =>
          concat(
            blockUpload$(input.file, blob, { resume: input.resume }).pipe(
              mergeMap((event) => (event.type === 'progress' ? [{ type: 'upload.progress' as const, percent: cappedPercent(event.sentBytes, event.totalBytes) }] : [])),
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
}
