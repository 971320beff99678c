// A video sent straight to blob storage with the Azure block protocol (issue 12 §2): Put Block for
// each 4 MB slice (20 MB from 100 MB on), 5 in flight, then Put Block List. After a dropped
// connection the same blob is resumed: blocks storage already holds (Get Block List) are skipped.
// The storage client is a seam (BlockBlobSeam) so the stream runs against a fake in unit tests;
// in the browser it is @azure/storage-blob's BlockBlobClient (block-blob-client.ts).
import { Observable, defer, from, mergeMap, of, map, scan, concat, catchError, startWith } from 'rxjs';
import { DUB_BLOCK_BYTES, DUB_BLOCK_CONCURRENCY, DUB_LARGE_BLOCK_BYTES, DUB_LARGE_FILE_FROM_BYTES } from '../shared/contract/dub-limits';

export interface BlockListAnswer {
  committedBlocks?: { name?: string; size?: number }[];
  uncommittedBlocks?: { name?: string; size?: number }[];
}

/** The part of BlockBlobClient the upload uses. */
export interface BlockBlobSeam {
  stageBlock(blockId: string, body: Blob, contentLength: number, options?: { abortSignal?: AbortSignal }): Promise<unknown>;
  commitBlockList(blockIds: string[], options?: { abortSignal?: AbortSignal }): Promise<unknown>;
  getBlockList(listType: 'all', options?: { abortSignal?: AbortSignal }): Promise<BlockListAnswer>;
}

export interface BlockSource {
  size: number;
  slice(start?: number, end?: number): Blob;
}

export type BlockUploadEvent = { type: 'progress'; sentBytes: number; totalBytes: number } | { type: 'committed' };

export function blockSizeFor(fileSize: number): number {
  return fileSize >= DUB_LARGE_FILE_FROM_BYTES ? DUB_LARGE_BLOCK_BYTES : DUB_BLOCK_BYTES;
}

/** Block ids must be base64 of strings of one length within a blob. */
export function blockIdOf(index: number): string {
  return btoa(`block-${String(index).padStart(6, '0')}`);
}

export interface BlockPlan {
  id: string;
  start: number;
  end: number;
}

export function planBlocks(fileSize: number): BlockPlan[] {
  const size = blockSizeFor(fileSize);
  const count = Math.max(1, Math.ceil(fileSize / size));
  return Array.from({ length: count }, (_, index) => ({ id: blockIdOf(index), start: index * size, end: Math.min(fileSize, (index + 1) * size) }));
}

/** Blocks storage already holds with the expected length (an interrupted one may be cut short). */
function heldBlocks(answer: BlockListAnswer, plan: BlockPlan[]): Set<string> {
  const lengths = new Map(plan.map((block) => [block.id, block.end - block.start]));
  const held = [...(answer.committedBlocks ?? []), ...(answer.uncommittedBlocks ?? [])];
  return new Set(held.flatMap((block) => (block.name && lengths.get(block.name) === block.size ? [block.name] : [])));
}

/** One promise call as an observable whose unsubscription aborts it. */
function abortable$<T>(run: (signal: AbortSignal) => Promise<T>): Observable<T> {
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

/**
 * Sends the file's blocks and commits the list. `resume`: ask storage which blocks it already has
 * (a write-only token may be refused the read: then every block is sent again).
 */
export function blockUpload$(file: BlockSource, blob: BlockBlobSeam, options: { resume?: boolean } = {}): Observable<BlockUploadEvent> {
  const plan = planBlocks(file.size);
  const known$: Observable<Set<string>> = options.resume
    ? abortable$((signal) => blob.getBlockList('all', { abortSignal: signal })).pipe(
        map((answer) => heldBlocks(answer, plan)),
        catchError(() => of(new Set<string>())),
      )
    : of(new Set<string>());
  return known$.pipe(
    mergeMap((held) => {
      const skippedBytes = plan.filter((block) => held.has(block.id)).reduce((sum, block) => sum + block.end - block.start, 0);
      const toSend = plan.filter((block) => !held.has(block.id));
      const staged$ = from(toSend).pipe(
        mergeMap(
          (block) =>
            abortable$((signal) => blob.stageBlock(block.id, file.slice(block.start, block.end), block.end - block.start, { abortSignal: signal })).pipe(
              map(() => block.end - block.start),
            ),
          DUB_BLOCK_CONCURRENCY,
        ),
        scan((sent, bytes) => sent + bytes, skippedBytes),
        startWith(skippedBytes),
        map((sentBytes): BlockUploadEvent => ({ type: 'progress', sentBytes, totalBytes: file.size })),
      );
      const commit$ = defer(() =>
        abortable$((signal) => blob.commitBlockList(plan.map((block) => block.id), { abortSignal: signal })).pipe(map((): BlockUploadEvent => ({ type: 'committed' }))),
      );
      return concat(staged$, commit$);
    }),
  );
}


