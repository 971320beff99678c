// An upload's chunks as blocks of its final object (issue 28 bench: the bytes cross to Azure once).
// Each checked chunk is staged with Put Block under an id derived from the upload, the chunk's number
// and its SHA-256, so a re-sent chunk re-stages its own block on whichever instance takes it; the
// instance that takes the last chunk commits, in order, the ids of the hashes recorded for the chunks
// (after checking each is staged with its recorded size): what is committed is exactly what was
// checked and recorded, even if two sends of one chunk raced, without reading anything back. Blocks
// never committed are dropped by Azure after a week (or by the commit), or at once by `drop`.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { BlobStore } from '../../domain/storage/blob-store.port';
import type { SharedChunks } from '../../domain/storage/media-store.port';

/**
 * The block id of chunk `part` of an upload with bytes of SHA-256 `sha256` (hex): base64 of a
 * fixed-length text (ids of one blob must all be the same length, Azure allows 64 bytes), with a
 * hash of the upload id so any id length fits.
 */
export function chunkBlockId(uploadId: string, part: number, sha256: string): string {
  const upload = createHash('sha256').update(uploadId).digest('hex').slice(0, 32);
  return Buffer.from(`${upload}-${String(part).padStart(6, '0')}-${sha256.slice(0, 16)}`).toString('base64');
}

export function blockChunks(blobs: BlobStore, container: string): SharedChunks {
  return {
    async stage(uploadId, objectName, part, sha256, filePath) {
      const { size } = await fsp.stat(filePath);
      await blobs.putBlock(container, objectName, chunkBlockId(uploadId, part, sha256), fs.createReadStream(filePath), size);
    },

    async commit(uploadId, objectName, parts) {
      // Committed ones count too: an end sent again after a commit whose registration failed commits
      // the same list again (Put Block List takes the latest block of each id, staged or committed).
      const { committed, uncommitted } = await blobs.listBlocks(container, objectName);
      const staged = new Map([...committed, ...uncommitted].map((block) => [block.name, block.size]));
      const ids = parts.map((part, i) => chunkBlockId(uploadId, i + 1, part.sha256));
      const bad = ids.flatMap((id, i) => (staged.get(id) === parts[i]!.size ? [] : [i + 1]));
      if (bad.length === 0) await blobs.commitBlockList(container, objectName, ids);
      return bad;
    },

    drop: (objectName) => blobs.delete(container, objectName),
  };
}
