// The browser's block blob client: @azure/storage-blob, loaded only when a dubbing upload starts
// (never in a sign-in page's first paint). The address is the container's blob with the SAS query.
import type { BlockBlobSeam } from './blob-blocks$';

export interface BlobTarget {
  accountUrl: string;
  containerName: string;
  blobName: string;
  sasToken: string;
}

/** The blob's address without the signature (what the server is told to register). */
export function blobUrlOf(target: Omit<BlobTarget, 'sasToken'>): string {
  const base = target.accountUrl.replace(/\/+$/, '');
  return `${base}/${encodeURIComponent(target.containerName)}/${encodeURIComponent(target.blobName)}`;
}

export function signedBlobUrlOf(target: BlobTarget): string {
  const sas = target.sasToken.replace(/^\?/, '');
  return `${blobUrlOf(target)}?${sas}`;
}

export async function openBlockBlob(target: BlobTarget): Promise<BlockBlobSeam> {
  const { BlockBlobClient } = await import('@azure/storage-blob');
  return new BlockBlobClient(signedBlobUrlOf(target));
}
