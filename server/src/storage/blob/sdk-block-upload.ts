// The browser's upload as @azure/storage-blob does it (features §7): blocks staged 5 at a time, then
// one Put Block List. Tests and the benchmark run it against the embedded endpoint and Azurite.
import { BlockBlobClient } from '@azure/storage-blob';
import type { SasInfo } from '../../domain/storage/blob-store.port';

export const PARALLEL_BLOCKS = 5;

export function blockIdOf(index: number): string {
  return Buffer.from(`block-${String(index).padStart(6, '0')}`).toString('base64');
}

export function blobClient(sas: SasInfo, blobName: string): BlockBlobClient {
  return new BlockBlobClient(`${sas.accountUrl}/${sas.containerName}/${encodeURIComponent(blobName)}?${sas.sasToken}`);
}

/** Stages `blocks` (5 at a time) and commits them; `skip` names blocks already sent (a resumed upload). */
export async function stageAndCommit(
  client: BlockBlobClient,
  blocks: number,
  blockBytes: (index: number) => Buffer,
  options: { skip?: Set<string>; commit?: boolean } = {},
): Promise<string[]> {
  const ids = Array.from({ length: blocks }, (_, i) => blockIdOf(i));
  let next = 0;
  async function worker() {
    while (next < blocks) {
      const index = next++;
      const id = ids[index]!;
      if (options.skip?.has(id)) continue;
      const body = blockBytes(index);
      await client.stageBlock(id, body, body.length);
    }
  }
  await Promise.all(Array.from({ length: PARALLEL_BLOCKS }, worker));
  if (options.commit !== false) await client.commitBlockList(ids);
  return ids;
}
