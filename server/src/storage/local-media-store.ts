// The default MediaStore: DATA_DIR/media, which no static route serves. Staging and objects sit in
// the same directory tree so commit is a rename on one filesystem (atomic: a reader sees the whole
// file or none). Chunks are written straight at their offset in the staging file, so finishing an
// upload costs a rename, not a second copy of up to 500 MB.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ByteSpan } from '../domain/storage/blob-store.port';
import { TooLargeError, type MediaStore, type WrittenPart } from '../domain/storage/media-store.port';

// Object names are made by the server ("<userId>/<id>.<ext>"); anything else is a programming error.
const SAFE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

function checkName(name: string): string {
  if (!SAFE_NAME.test(name) || name.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`unsafe media name '${name}'`);
  }
  return name;
}

export function mediaRoot(dataDir: string): string {
  return path.join(dataDir, 'media');
}

export class LocalMediaStore implements MediaStore {
  readonly kind = 'local-disk' as const;
  private readonly objectsDir: string;
  private readonly stagingDir: string;

  constructor(readonly root: string) {
    this.objectsDir = path.join(root, 'objects');
    this.stagingDir = path.join(root, 'staging');
  }

  async healthy(): Promise<boolean> {
    try {
      await fsp.mkdir(this.root, { recursive: true });
      await fsp.access(this.root, fs.constants.W_OK);
      return true;
    } catch {
      return false;
    }
  }

  stagingPath(stagingId: string): string {
    return path.join(this.stagingDir, `${checkName(stagingId)}.part`);
  }

  /** Absolute path of a stored object: only this store has one (tests look at the bytes there). */
  localPath(objectName: string): string {
    return path.join(this.objectsDir, checkName(objectName));
  }

  async size(objectName: string): Promise<number | null> {
    return fsp.stat(this.localPath(objectName)).then(
      (stat) => (stat.isFile() ? stat.size : null),
      () => null,
    );
  }

  async readStream(objectName: string, range?: ByteSpan): Promise<Readable> {
    const file = this.localPath(objectName);
    // Opened here so a missing object rejects now, not later as a stream error.
    const handle = await fsp.open(file, 'r');
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async mediaInput(objectName: string): Promise<string> {
    return this.localPath(objectName);
  }

  async openStaging(stagingId: string): Promise<void> {
    await fsp.mkdir(this.stagingDir, { recursive: true });
    // 'a' creates the file when missing and leaves existing bytes alone (a resumed upload).
    await (await fsp.open(this.stagingPath(stagingId), 'a')).close();
  }

  async writeAt(stagingId: string, offset: number, source: Readable, maxBytes: number): Promise<WrittenPart> {
    const hash = createHash('sha256');
    let bytes = 0;
    let overflow = false;
    // Bytes past the limit are read and dropped rather than failing the stream: the request body is
    // consumed to its end (the multipart parser caps it), so the client reads the refusal instead of
    // a reset connection.
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        if (overflow) return done();
        if (bytes + chunk.length > maxBytes) {
          overflow = true;
          return done();
        }
        bytes += chunk.length;
        hash.update(chunk);
        done(null, chunk);
      },
    });
    const target = fs.createWriteStream(this.stagingPath(stagingId), { flags: 'r+', start: offset });
    await pipeline(source, meter, target);
    if (overflow || (source as Readable & { truncated?: boolean }).truncated) throw new TooLargeError(maxBytes);
    return { bytes, sha256: hash.digest('hex') };
  }

  async truncateStaging(stagingId: string, size: number): Promise<void> {
    await fsp.truncate(this.stagingPath(stagingId), size);
  }

  async commit(stagingId: string, objectName: string): Promise<void> {
    const target = this.localPath(objectName);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    await fsp.rename(this.stagingPath(stagingId), target);
  }

  async discardStaging(stagingId: string): Promise<void> {
    await fsp.rm(this.stagingPath(stagingId), { force: true });
  }

  async listStaging(): Promise<Array<{ stagingId: string; modifiedAt: Date }>> {
    const names = await fsp.readdir(this.stagingDir).catch(() => [] as string[]);
    const found: Array<{ stagingId: string; modifiedAt: Date }> = [];
    for (const name of names) {
      if (!name.endsWith('.part')) continue;
      const stat = await fsp.stat(path.join(this.stagingDir, name)).catch(() => null);
      if (stat?.isFile()) found.push({ stagingId: name.slice(0, -'.part'.length), modifiedAt: stat.mtime });
    }
    return found;
  }

  async exists(objectName: string): Promise<boolean> {
    return fsp.access(this.localPath(objectName)).then(
      () => true,
      () => false,
    );
  }

  async delete(objectName: string): Promise<void> {
    await fsp.rm(this.localPath(objectName), { force: true });
  }
}
