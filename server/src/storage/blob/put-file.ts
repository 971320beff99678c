// A file on this instance's disk into a blob: sent as blocks streamed from disk (a long video never
// sits in memory), `parallel` at a time, then one Put Block List, so the blob appears whole or not at
// all. The dubbing job writes its outputs this way and BlobMediaStore commits its staging files.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { BlobStore } from '../../domain/storage/blob-store.port';

export const FILE_BLOCK_BYTES = 8 * 1024 * 1024;

export interface PutFileOptions {
  /** Blocks in flight at once (default 1: one after another). */
  parallel?: number;
  /** Bytes per block (default FILE_BLOCK_BYTES; tests use small blocks). */
  blockBytes?: number;
}

export async function putFile(store: BlobStore, container: string, blob: string, filePath: string, options: PutFileOptions = {}): Promise<void> {
  const blockBytes = options.blockBytes ?? FILE_BLOCK_BYTES;
  const { size } = await fsp.stat(filePath);
  // A fresh id prefix per call: two writes of one blob never mix their blocks (ids of one blob must
  // all have the same length, hence the fixed widths). An empty file is still one (empty) block.
  const prefix = randomBytes(6).toString('hex');
  const count = Math.max(1, Math.ceil(size / blockBytes));
  const ids = Array.from({ length: count }, (_, i) => Buffer.from(`${prefix}-${String(i).padStart(6, '0')}`).toString('base64'));
  let next = 0;
  const sendNext = async (): Promise<void> => {
    while (next < count) {
      const i = next++;
      const start = i * blockBytes;
      const length = Math.min(blockBytes, size - start);
      const body = length > 0 ? fs.createReadStream(filePath, { start, end: start + length - 1 }) : Readable.from([]);
      await store.putBlock(container, blob, ids[i]!, body, blockBytes);
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, options.parallel ?? 1), count) }, sendNext));
  await store.commitBlockList(container, blob, ids);
}
