// A port the domain declares and server/src/storage/ implements (local disk or the blob store).
// Where the product's media lives (uploads, meeting recordings, avatars). Writing goes through
// staging files on the instance's local disk (an upload in progress, written part by part at its
// offset; ffprobe reads it there) that become stored objects by commit. Stored objects are read
// through the store (a stream, or an input ffmpeg can open), never by path, so they can live in the
// shared BlobStore: LocalMediaStore keeps them on local disk (the embedded default, commit is an
// atomic rename); BlobMediaStore keeps them in the BlobStore (Azure Blob Storage with
// AZURE_STORAGE_CONNECTION_STRING), so several instances serve the same media.
import type { Readable } from 'node:stream';
import type { ByteSpan } from './blob-store.port';

export interface WrittenPart {
  bytes: number;
  sha256: string;
}

/**
 * Chunks of an upload staged where every instance reaches them: each checked chunk is one block of
 * the upload's final object in the shared blob store, so any instance takes any chunk, and the one
 * that takes the last commits the blocks in order: the bytes cross to the store once (issue 28 §1).
 */
export interface SharedChunks {
  /**
   * Stages the local file (exactly the chunk's bytes, already checked, of SHA-256 `sha256`) as the
   * block of chunk `part` of `objectName`; a re-send of the same bytes replaces that block.
   */
  stage(uploadId: string, objectName: string, part: number, sha256: string, filePath: string): Promise<void>;
  /**
   * Commits the blocks of the chunks recorded (parts[i] is chunk i + 1, its size and SHA-256) in order
   * into `objectName`, after checking each is staged with its size. Answers the chunks not staged as
   * recorded (nothing is committed then); none once the object is whole.
   */
  commit(uploadId: string, objectName: string, parts: Array<{ size: number; sha256: string }>): Promise<number[]>;
  /** Discards what an unfinished upload left: its staged blocks (and the object, if committed but never registered). */
  drop(objectName: string): Promise<void>;
}

export interface MediaStore {
  /**
   * Present when chunks can be shared between instances; without it a session's chunks are written
   * into one instance's staging file and only that instance can take the next one.
   */
  readonly sharedChunks?: SharedChunks;
  /** Where stored objects live, as the health report names it (instance-local disk or the shared blob store). */
  readonly kind: 'local-disk' | 'azure-blob';
  /** Creates (or keeps) the staging file of an upload; an existing one keeps its bytes (resume). */
  openStaging(stagingId: string): Promise<void>;
  /**
   * Streams `source` into the staging file at `offset`, never buffering it whole. Rejects with
   * TooLargeError when more than maxBytes arrive (the surplus is read and dropped, never written).
   */
  writeAt(stagingId: string, offset: number, source: Readable, maxBytes: number): Promise<WrittenPart>;
  /** Path of the staging file, for ffprobe before commit. */
  stagingPath(stagingId: string): string;
  /** Cuts the staging file to `size` bytes (the assembled file is exactly fileSize long). */
  truncateStaging(stagingId: string, size: number): Promise<void>;
  /** Atomic rename of the staging file into the object; the object is complete or absent. */
  commit(stagingId: string, objectName: string): Promise<void>;
  discardStaging(stagingId: string): Promise<void>;
  /** Every staging file with its last change, so the sweep can delete ones no session owns any more. */
  listStaging(): Promise<Array<{ stagingId: string; modifiedAt: Date }>>;
  exists(objectName: string): Promise<boolean>;
  /** Bytes of a stored object, null when there is none. */
  size(objectName: string): Promise<number | null>;
  /** A stored object, or its bytes start..end (inclusive, as HTTP Range); rejects when there is none. */
  readStream(objectName: string, range?: ByteSpan): Promise<Readable>;
  /** An input ffmpeg/ffprobe can open and seek in (a local path, or a short-lived signed URL). */
  mediaInput(objectName: string): Promise<string>;
  /** True when new media can be written (the health report asks). */
  healthy(): Promise<boolean>;
  delete(objectName: string): Promise<void>;
}

export class TooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`more than ${maxBytes} bytes`);
    this.name = 'TooLargeError';
  }
}
