// The MediaStore on a BlobStore, so uploads, meeting recordings and avatars live where the dubbing
// videos do (issue 12 §2): with AZURE_STORAGE_CONNECTION_STRING every instance reads and writes the
// same Azure container and any of them can serve a record's media. Staging stays on this instance's
// disk (a whole small upload, a meeting appends PCM); commit sends the staging file as blocks
// (blob/put-file.ts), a few at a time, and one Put Block List makes the object appear whole (a reader
// never sees part of it), then drops the staging file. A chunked upload's chunks skip the staging
// file: each is staged straight as a block of the final object (blob/chunk-blocks.ts).
import type { Readable } from 'node:stream';
import type { BlobStore, ByteSpan } from '../domain/storage/blob-store.port';
import { blockChunks } from './blob/chunk-blocks';
import { putFile } from './blob/put-file';
import { LocalMediaStore } from './local-media-store';
import type { MediaStore, SharedChunks, WrittenPart } from '../domain/storage/media-store.port';

/** The container every instance keeps product media in (user containers are `u-<id>`, so no clash). */
export const MEDIA_CONTAINER = 'media';
const PARALLEL_BLOCKS = 4;

export class BlobMediaStore implements MediaStore {
  readonly kind = 'azure-blob' as const;
  private readonly staging: LocalMediaStore;

  constructor(
    private readonly blobs: BlobStore,
    /** Local directory for staging files (DATA_DIR/media, as the local store uses). */
    stagingRoot: string,
    private readonly container = MEDIA_CONTAINER,
  ) {
    this.staging = new LocalMediaStore(stagingRoot);
    this.sharedChunks = blockChunks(blobs, container);
  }

  /** Chunks of an upload in progress, staged as blocks of its final object, so any instance takes or commits them. */
  readonly sharedChunks: SharedChunks;

  async healthy(): Promise<boolean> {
    if (!(await this.staging.healthy())) return false;
    try {
      // A read of a name that is never written: answers null when the store is reachable.
      await this.blobs.size(this.container, 'health-probe');
      return true;
    } catch {
      return false;
    }
  }

  openStaging(stagingId: string): Promise<void> {
    return this.staging.openStaging(stagingId);
  }

  writeAt(stagingId: string, offset: number, source: Readable, maxBytes: number): Promise<WrittenPart> {
    return this.staging.writeAt(stagingId, offset, source, maxBytes);
  }

  stagingPath(stagingId: string): string {
    return this.staging.stagingPath(stagingId);
  }

  truncateStaging(stagingId: string, size: number): Promise<void> {
    return this.staging.truncateStaging(stagingId, size);
  }

  discardStaging(stagingId: string): Promise<void> {
    return this.staging.discardStaging(stagingId);
  }

  listStaging(): Promise<Array<{ stagingId: string; modifiedAt: Date }>> {
    return this.staging.listStaging();
  }

  async commit(stagingId: string, objectName: string): Promise<void> {
    await putFile(this.blobs, this.container, objectName, this.staging.stagingPath(stagingId), { parallel: PARALLEL_BLOCKS });
    await this.staging.discardStaging(stagingId);
  }

  async exists(objectName: string): Promise<boolean> {
    return (await this.size(objectName)) !== null;
  }

  size(objectName: string): Promise<number | null> {
    return this.blobs.size(this.container, objectName);
  }

  readStream(objectName: string, range?: ByteSpan): Promise<Readable> {
    return this.blobs.readStream(this.container, objectName, range);
  }

  mediaInput(objectName: string): Promise<string> {
    return this.blobs.mediaInput(this.container, objectName);
  }

  delete(objectName: string): Promise<void> {
    return this.blobs.delete(this.container, objectName);
  }

  /** Object names stored (tests assert what is left). */
  list(): Promise<string[]> {
    return this.blobs.listBlobs(this.container);
  }
}
