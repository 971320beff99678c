// Where uploaded media lives. The pipeline and ffprobe need a local file path, so the interface
// speaks of staging files (an upload in progress, written part by part at its offset) that become
// stored objects by an atomic rename. The local-disk store is the default; a cloud adapter
// (S3/Azure Blob) would implement the same interface by keeping staging on local disk and uploading
// on commit, with localPath() downloading to a cache — not written yet, nothing pretends to be one.
import type { Readable } from 'node:stream';

export interface WrittenPart {
  bytes: number;
  sha256: string;
}

export interface MediaStore {
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
  /** Absolute path of a stored object (the pipeline and playback read it). */
  localPath(objectName: string): string;
  exists(objectName: string): Promise<boolean>;
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
