// The embedded BlobStore on local disk (DATA_DIR/blob). A blob is a directory: staged blocks under
// staged/, the committed ones under committed/ plus manifest.json naming them in order. Committing
// renames staged files (no copy: a 5 GB upload is written to disk once), and a read streams the
// committed block files one after another. Names on disk are hex, so no user text becomes a path.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BlobError, containerOf, locateUnder, type BlobInfo, type BlobStat, type BlobStore, type BlockInfo, type ByteSpan, type BlockList, type SasInfo } from '../../domain/storage/blob-store.port';

export const EMBEDDED_ACCOUNT = 'parley';
export const EMBEDDED_BLOB_PATH = '/blob';

const hex = (text: string) => Buffer.from(text, 'utf8').toString('hex');
const unhex = (text: string) => Buffer.from(text, 'hex').toString('utf8');
const CONTAINER = /^[a-z0-9](?:[a-z0-9-]{1,61})[a-z0-9]$/;

/** What Azure keeps beside a blob's bytes and answers on Get Blob / Get Blob Properties. */
export interface StoredBlobProperties {
  contentType: string;
  contentEncoding?: string;
  contentLanguage?: string;
  contentDisposition?: string;
  cacheControl?: string;
  /** Base64 MD5 the uploader declared (Azure keeps and returns it; it does not compute one for block lists). */
  contentMd5?: string;
  /** x-ms-meta-* pairs, names lower-cased as HTTP headers arrive. */
  metadata: Record<string, string>;
}

export interface BlobDescription extends StoredBlobProperties {
  size: number;
  etag: string;
  lastModified: Date;
}

const DEFAULT_PROPERTIES: StoredBlobProperties = { contentType: 'application/octet-stream', metadata: {} };

export interface DiskBlobStoreOptions {
  root: string;
  /** A commit whose blocks add up to more is refused (and its blocks dropped). */
  maxBlobBytes: number;
  /** Staged bytes one blob may hold before Put Block is refused (a client cannot fill the disk). */
  maxStagedBytes: number;
}

export class DiskBlobStore implements BlobStore {
  readonly kind = 'embedded' as const;
  private readonly locks = new Map<string, Promise<unknown>>();
  private keyPromise: Promise<string> | null = null;

  constructor(readonly options: DiskBlobStoreOptions) {}

  /** Base64 account key, made once per data directory and kept there (mode 600). */
  accountKey(): Promise<string> {
    this.keyPromise ??= (async () => {
      const file = path.join(this.options.root, 'account.key');
      await fsp.mkdir(this.options.root, { recursive: true });
      try {
        await fsp.writeFile(file, randomBytes(64).toString('base64'), { flag: 'wx', mode: 0o600 });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      return (await fsp.readFile(file, 'utf8')).trim();
    })();
    return this.keyPromise;
  }

  private blobDir(container: string, blob: string): string {
    if (!CONTAINER.test(container)) throw new BlobError(400, 'InvalidResourceName', 'The specifed resource name contains invalid characters.');
    if (!blob || blob.length > 1024) throw new BlobError(400, 'InvalidResourceName', 'The specifed resource name contains invalid characters.');
    return path.join(this.options.root, 'containers', container, hex(blob));
  }

  /** Put Block, Put Block List and delete of one blob run one at a time (in this process). */
  private async locked<T>(key: string, work: () => Promise<T>): Promise<T> {
    const before = this.locks.get(key) ?? Promise.resolve();
    const run = before.then(work, work);
    const settled = run.catch(() => undefined);
    this.locks.set(key, settled);
    try {
      return await run;
    } finally {
      if (this.locks.get(key) === settled) this.locks.delete(key);
    }
  }

  private async manifest(dir: string): Promise<BlockInfo[] | null> {
    try {
      return JSON.parse(await fsp.readFile(path.join(dir, 'manifest.json'), 'utf8')) as BlockInfo[];
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  private async staged(dir: string): Promise<BlockInfo[]> {
    const names = await fsp.readdir(path.join(dir, 'staged')).catch(() => [] as string[]);
    const found: BlockInfo[] = [];
    for (const name of names) {
      if (name.endsWith('.tmp')) continue;
      const stat = await fsp.stat(path.join(dir, 'staged', name)).catch(() => null);
      if (stat) found.push({ name: unhex(name), size: stat.size });
    }
    return found;
  }

  async putBlock(container: string, blob: string, blockId: string, body: Readable, maxBytes: number): Promise<void> {
    const dir = this.blobDir(container, blob);
    const stagedBytes = (await this.staged(dir)).reduce((sum, b) => sum + (b.name === blockId ? 0 : b.size), 0);
    const limit = Math.min(maxBytes, this.options.maxStagedBytes - stagedBytes);
    await fsp.mkdir(path.join(dir, 'staged'), { recursive: true });
    const target = path.join(dir, 'staged', hex(blockId));
    // Written beside and renamed: a dropped connection leaves no half block under the id.
    const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    let bytes = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        if (bytes > limit) return done(new BlobError(413, 'RequestBodyTooLarge', `The request body is too large and exceeds the maximum permissible limit (${limit} bytes).`));
        done(null, chunk);
      },
    });
    try {
      await pipeline(body, meter, fs.createWriteStream(temp));
      await this.locked(dir, () => fsp.rename(temp, target));
    } catch (error) {
      await fsp.rm(temp, { force: true });
      throw error;
    }
  }

  /** Commits the list; `properties` (content type, metadata…) replace the blob's, as Put Block List does. */
  async commitBlockList(container: string, blob: string, blockIds: string[], properties: StoredBlobProperties = DEFAULT_PROPERTIES): Promise<void> {
    const dir = this.blobDir(container, blob);
    await this.locked(dir, async () => {
      const staged = new Map((await this.staged(dir)).map((b) => [b.name, b]));
      const committed = new Map(((await this.manifest(dir)) ?? []).map((b) => [b.name, b]));
      // 'Latest' semantics (what @azure/storage-blob sends): the staged block, else the committed one.
      const chosen = blockIds.map((id) => staged.get(id) ?? committed.get(id));
      if (blockIds.length === 0 || chosen.some((b) => !b)) {
        // The browser commits straight to storage, so the server never hears of this refusal: the
        // staged blocks go with it (a committed blob stays), or nothing would ever remove them.
        // Azure keeps them a week instead; our client re-sends every block on retry either way.
        await fsp.rm(committed.size ? path.join(dir, 'staged') : dir, { recursive: true, force: true });
        throw new BlobError(400, 'InvalidBlockList', 'The specified block list is invalid.');
      }
      const total = chosen.reduce((sum, b) => sum + b!.size, 0);
      if (total > this.options.maxBlobBytes) {
        await fsp.rm(dir, { recursive: true, force: true });
        throw new BlobError(413, 'RequestBodyTooLarge', `The blob would exceed the maximum permissible size (${this.options.maxBlobBytes} bytes).`);
      }
      await fsp.mkdir(path.join(dir, 'committed'), { recursive: true });
      const wanted = new Set(blockIds);
      for (const id of wanted) {
        if (staged.has(id)) await fsp.rename(path.join(dir, 'staged', hex(id)), path.join(dir, 'committed', hex(id)));
      }
      // Properties first: the manifest's rename is the commit, and it must find them in place.
      const propertiesTemp = path.join(dir, `properties.${randomBytes(6).toString('hex')}.tmp`);
      await fsp.writeFile(propertiesTemp, JSON.stringify(properties));
      await fsp.rename(propertiesTemp, path.join(dir, 'properties.json'));
      const manifestTemp = path.join(dir, `manifest.${randomBytes(6).toString('hex')}.tmp`);
      await fsp.writeFile(manifestTemp, JSON.stringify(chosen));
      await fsp.rename(manifestTemp, path.join(dir, 'manifest.json'));
      // Azure drops every uncommitted block and every committed block the new list leaves out.
      await fsp.rm(path.join(dir, 'staged'), { recursive: true, force: true });
      for (const name of await fsp.readdir(path.join(dir, 'committed'))) {
        if (!wanted.has(unhex(name))) await fsp.rm(path.join(dir, 'committed', name), { force: true });
      }
    });
  }

  async listBlocks(container: string, blob: string): Promise<BlockList> {
    const dir = this.blobDir(container, blob);
    return { committed: (await this.manifest(dir)) ?? [], uncommitted: await this.staged(dir) };
  }

  async size(container: string, blob: string): Promise<number | null> {
    const manifest = await this.manifest(this.blobDir(container, blob));
    return manifest ? manifest.reduce((sum, b) => sum + b.size, 0) : null;
  }

  async stat(container: string, blob: string): Promise<BlobStat | null> {
    const dir = this.blobDir(container, blob);
    const manifest = await this.manifest(dir);
    if (!manifest) return null;
    // Every commit writes a new manifest and renames it in place: a new inode and mtime each time.
    const file = await fsp.stat(path.join(dir, 'manifest.json'), { bigint: true }).catch(() => null);
    if (!file) return null;
    return { size: manifest.reduce((sum, b) => sum + b.size, 0), etag: `"${file.ino.toString(16)}-${file.mtimeNs.toString(16)}"` };
  }

  /** Size, ETag, Last-Modified and the kept properties of the committed blob, or null. */
  async describe(container: string, blob: string): Promise<BlobDescription | null> {
    const dir = this.blobDir(container, blob);
    const stat = await this.stat(container, blob);
    const manifest = stat && (await fsp.stat(path.join(dir, 'manifest.json')).catch(() => null));
    if (!stat || !manifest) return null;
    const kept = await fsp.readFile(path.join(dir, 'properties.json'), 'utf8').then((text) => JSON.parse(text) as StoredBlobProperties, () => DEFAULT_PROPERTIES);
    return { ...DEFAULT_PROPERTIES, ...kept, size: stat.size, etag: stat.etag, lastModified: manifest.mtime };
  }

  private async committedBlocks(container: string, blob: string): Promise<{ file: string; size: number }[]> {
    const dir = this.blobDir(container, blob);
    const manifest = await this.manifest(dir);
    if (!manifest) throw new BlobError(404, 'BlobNotFound', 'The specified blob does not exist.');
    return manifest.map((b) => ({ file: path.join(dir, 'committed', hex(b.name)), size: b.size }));
  }

  private async committedFiles(container: string, blob: string): Promise<string[]> {
    return (await this.committedBlocks(container, blob)).map((b) => b.file);
  }

  async readStream(container: string, blob: string, range?: ByteSpan): Promise<Readable> {
    const blocks = await this.committedBlocks(container, blob);
    const total = blocks.reduce((sum, b) => sum + b.size, 0);
    const from = range?.start ?? 0;
    const to = Math.min(range?.end ?? total - 1, total - 1);
    if (range && (from < 0 || from > to)) throw new BlobError(416, 'InvalidRange', 'The range specified is invalid for the current size of the resource.');
    // Only the block files the range touches are opened, each from the offset inside it.
    const parts: { file: string; start: number; end: number }[] = [];
    let offset = 0;
    for (const block of blocks) {
      const blockEnd = offset + block.size - 1;
      if (block.size > 0 && blockEnd >= from && offset <= to) parts.push({ file: block.file, start: Math.max(0, from - offset), end: Math.min(block.size - 1, to - offset) });
      offset += block.size;
    }
    return Readable.from(
      (async function* () {
        for (const part of parts) yield* fs.createReadStream(part.file, { start: part.start, end: part.end, highWaterMark: 1 << 20 });
      })(),
    );
  }

  async mediaInput(container: string, blob: string): Promise<string> {
    const files = await this.committedFiles(container, blob);
    // ffmpeg's concat protocol reads the block files as one seekable input (no copy of the video).
    return files.length === 1 ? files[0]! : `concat:${files.join('|')}`;
  }

  async delete(container: string, blob: string): Promise<void> {
    const dir = this.blobDir(container, blob);
    await this.locked(dir, () => fsp.rm(dir, { recursive: true, force: true }));
  }

  async listBlobs(container: string): Promise<string[]> {
    if (!CONTAINER.test(container)) return [];
    const names = await fsp.readdir(path.join(this.options.root, 'containers', container)).catch(() => [] as string[]);
    return names.map(unhex).sort();
  }

  async listBlobInfo(container: string): Promise<BlobInfo[]> {
    if (!CONTAINER.test(container)) return [];
    const root = path.join(this.options.root, 'containers', container);
    const names = await fsp.readdir(root).catch(() => [] as string[]);
    const found: BlobInfo[] = [];
    for (const name of names) {
      // The newest write inside the blob: its manifest, a staged block or the directories themselves.
      let newest = 0;
      const visit = async (at: string) => {
        const stat = await fsp.stat(at).catch(() => null);
        if (!stat) return;
        newest = Math.max(newest, stat.mtimeMs);
        if (stat.isDirectory()) for (const child of await fsp.readdir(at).catch(() => [] as string[])) await visit(path.join(at, child));
      };
      await visit(path.join(root, name));
      if (newest > 0) found.push({ name: unhex(name), modifiedAt: new Date(newest) });
    }
    return found.sort((a, b) => a.name.localeCompare(b.name));
  }

  accountUrl(publicBaseUrl: string): string {
    return `${publicBaseUrl.replace(/\/$/, '')}${EMBEDDED_BLOB_PATH}/${EMBEDDED_ACCOUNT}`;
  }

  locate(url: string): { container: string; blob: string } | null {
    let pathname: string;
    try {
      // The host is whatever address the browser used (PUBLIC_BASE_URL or the request's own).
      pathname = new URL(url, 'http://parley.invalid').pathname;
    } catch {
      return null;
    }
    return locateUnder(pathname, `${EMBEDDED_BLOB_PATH}/${EMBEDDED_ACCOUNT}`);
  }

  async sasFor(userId: string, expiresOn: Date, publicBaseUrl: string): Promise<SasInfo> {
    const containerName = containerOf(userId);
    // The Azure SDK (a large module graph) is loaded when the first SAS is issued, not at server start.
    const { ContainerSASPermissions, StorageSharedKeyCredential, generateBlobSASQueryParameters } = await import('@azure/storage-blob');
    const credential = new StorageSharedKeyCredential(EMBEDDED_ACCOUNT, await this.accountKey());
    const sasToken = generateBlobSASQueryParameters({ containerName, permissions: ContainerSASPermissions.parse('cw'), expiresOn }, credential).toString();
    return { accountUrl: this.accountUrl(publicBaseUrl), containerName, sasToken };
  }
}
