// GET /speech/blob/getBlobSasInfo (dubbingGetBlobSasInfo) — the storage account, container and a
// short-lived write-only SAS token for sending a video's blocks straight to storage. Checked.
import { api } from '../instance';
import type { components } from '../schema';

export type BlobSasInfo = components['schemas']['BlobSasInfo'];

export function getBlobSasInfo(signal?: AbortSignal) {
  return api.call((client, s) => client.GET('/speech/blob/getBlobSasInfo', { signal: s }), signal ? { signal } : {});
}
