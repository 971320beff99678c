// A port the domain declares and server/src/storage/blob/ implements (embedded disk or Azure).
// Where dubbing videos go (features §7 "Direct storage upload"): the Azure Blob block model — blocks
// staged under a blob name, then one block list commits them in order. Two implementations share it:
// the embedded disk store (Parley serves the block protocol itself, disk-blob-store.ts) and Azure
// Blob Storage (azure-blob-store.ts). Each user owns one container; a SAS never reaches another.
import type { Readable } from 'node:stream';

export interface BlockInfo {
  name: string;
  size: number;
}

export interface BlockList {
  committed: BlockInfo[];
  uncommitted: BlockInfo[];
}

/** Inclusive byte offsets, as in an HTTP Range header. */
export interface ByteSpan {
  start: number;
  end: number;
}

export interface BlobStat {
  size: number;
  etag: string;
}

/** What getBlobSasInfo answers: the browser builds `${accountUrl}/${containerName}/<blob>?${sasToken}`. */
export interface SasInfo {
  accountUrl: string;
  containerName: string;
  sasToken: string;
}

/** Azure's error codes, so the embedded endpoint answers what @azure/storage-blob expects. */
export class BlobError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** A blob of a container with when it was last written (committed or staged): the sweeper ages them. */
export interface BlobInfo {
  name: string;
  modifiedAt: Date;
}

export interface BlobStore {
  readonly kind: 'embedded' | 'azure';
  /** Stages one block; a re-sent id replaces the earlier bytes. Refuses bodies over maxBytes. */
  putBlock(container: string, blob: string, blockId: string, body: Readable, maxBytes: number): Promise<void>;
  /**
   * Commits the named blocks in order (committed or uncommitted ones); unknown ids: InvalidBlockList,
   * and the embedded store then drops the staged blocks (Azure drops them after a week).
   */
  commitBlockList(container: string, blob: string, blockIds: string[]): Promise<void>;
  listBlocks(container: string, blob: string): Promise<BlockList>;
  /** Bytes of the committed blob, null when there is none. */
  size(container: string, blob: string): Promise<number | null>;
  /**
   * Size and an etag that changes whenever the blob is committed again (even with the same bytes
   * count), null when there is no committed blob: caches derived from a blob (waveform peaks) key on it.
   */
  stat(container: string, blob: string): Promise<BlobStat | null>;
  /** The committed blob, or the bytes start..end (inclusive, as HTTP Range) of it. */
  readStream(container: string, blob: string, range?: ByteSpan): Promise<Readable>;
  /** An input ffprobe/ffmpeg can open and seek in without copying the blob (a concat: list or a signed URL). */
  mediaInput(container: string, blob: string): Promise<string>;
  /** Removes the blob with its committed and uncommitted blocks; nothing there is fine. */
  delete(container: string, blob: string): Promise<void>;
  /** Blob names in a container (committed or with staged blocks): tests assert nothing is left. */
  listBlobs(container: string): Promise<string[]>;
  /** Like listBlobs, with each blob's last write: the retention sweeper deletes old unreferenced ones. */
  listBlobInfo(container: string): Promise<BlobInfo[]>;
  /** The address blobs live under (`<accountUrl>/<container>/<blob>`); the embedded one is served by Parley. */
  accountUrl(publicBaseUrl: string): string;
  /** The container and blob a blob URL of this store names (query ignored), null when it names none. */
  locate(url: string): { container: string; blob: string } | null;
  /** A write-only (create + write) SAS on the user's own container, expiring at expiresOn. */
  sasFor(userId: string, expiresOn: Date, publicBaseUrl: string): Promise<SasInfo>;
}

/** One container per user: Azure names are 3–63 of [a-z0-9-]; user ids are UUIDs. */
export function containerOf(userId: string): string {
  const safe = userId.toLowerCase().replace(/[^a-z0-9-]/g, '');
  return `u-${safe}`.slice(0, 63);
}

/** Blob names the server accepts: path segments of safe characters, no '.' or '..' segments. */
const SAFE_BLOB = /^[A-Za-z0-9_-][A-Za-z0-9._ -]{0,200}(\/[A-Za-z0-9_-][A-Za-z0-9._ -]{0,200}){0,4}$/;

/** Splits `<prefix>/<container>/<blob>` of a URL path whose account part is `prefix`. */
export function locateUnder(pathname: string, prefix: string): { container: string; blob: string } | null {
  const base = prefix.replace(/\/$/, '');
  if (!pathname.startsWith(`${base}/`)) return null;
  const [container, ...rest] = pathname.slice(base.length + 1).split('/');
  try {
    const blob = rest.map(decodeURIComponent).join('/');
    return container && blob ? { container: decodeURIComponent(container), blob } : null;
  } catch {
    return null;
  }
}

export function isSafeBlobName(name: string): boolean {
  return name.length <= 512 && SAFE_BLOB.test(name) && !name.split('/').some((p) => p === '.' || p === '..');
}
