// A file the pipeline made goes into the owner's container as a block blob, streamed from disk a
// block at a time (the same protocol the browser upload uses), so a long video never sits in memory.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { BlobStore } from '../../../storage/blob/blob-store';

export const OUTPUT_BLOCK_BYTES = 8 * 1024 * 1024;

/** Equal-length base64 ids, as the block protocol requires. */
const blockId = (index: number) => Buffer.from(`out-${String(index).padStart(6, '0')}`).toString('base64');

export async function putFile(store: BlobStore, container: string, blob: string, filePath: string): Promise<void> {
  const { size } = await fsp.stat(filePath);
  const ids: string[] = [];
  // An empty file is still one (empty) block, so the blob exists.
  const blocks = Math.max(1, Math.ceil(size / OUTPUT_BLOCK_BYTES));
  for (let i = 0; i < blocks; i++) {
    const start = i * OUTPUT_BLOCK_BYTES;
    const end = Math.min(size, start + OUTPUT_BLOCK_BYTES) - 1;
    const body = size === 0 ? fs.createReadStream(filePath) : fs.createReadStream(filePath, { start, end });
    ids.push(blockId(i));
    await store.putBlock(container, blob, blockId(i), body, OUTPUT_BLOCK_BYTES);
  }
  await store.commitBlockList(container, blob, ids);
}
