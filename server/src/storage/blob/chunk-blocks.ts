// An upload's chunks as blocks of its final object (issue 28 bench: the bytes cross to Azure once).
// Each checked chunk is staged with Put Block under an id derived from the upload and the chunk's
// number, so a re-sent chunk replaces its own block on whichever instance takes it; the instance that
// takes the last chunk checks the block list (every part staged, each with its recorded size) and
// commits it in order. Nothing is read back or copied; blocks never committed are dropped by Azure
// after a week, or at once by `drop`.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { BlobStore } from '../../domain/storage/blob-store.port';
import type { SharedChunks } from '../../domain/storage/media-store.port';

/**
 * The block id of chunk `part` of an upload: base64 of a fixed-length text (ids of one blob must all
 * be the same length), from a hash of the upload id so any id length fits Azure's 64-byte limit.
 */
export function chunkBlockId(uploadId: string, part: number): string {
  const upload = createHash('sha256').update(uploadId).digest('hex').slice(0, 32);
  return Buffer.from(`${upload}-${String(part).padStart(6, '0')}`).toString('base64');
}

export function blockChunks(blobs: BlobStore, container: string): SharedChunks {
  return {
    async stage(uploadId, objectName, part, filePath) {
      const { size } = await fsp.stat(filePath);
      await blobs.putBlock(container, objectName, chunkBlockId(uploadId, part), fs.createReadStream(filePath), size);
    },

    async commit(uploadId, objectName, sizes) {
      // Committed ones count too: an end sent again after a commit whose registration failed commits
      // the same list again (Put Block List takes the latest block of each id, staged or committed).
      const { committed, uncommitted } = await blobs.listBlocks(container, objectName);
      const staged = new Map([...committed, ...uncommitted].map((block) => [block.name, block.size]));
      const ids = sizes.map((_, i) => chunkBlockId(uploadId, i + 1));
      const bad = ids.flatMap((id, i) => (staged.get(id) === sizes[i] ? [] : [i + 1]));
      if (bad.length === 0) await blobs.commitBlockList(container, objectName, ids);
      return bad;
    },

    drop: (objectName) => blobs.delete(container, objectName),
  };
}
