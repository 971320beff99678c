// Which BlobStore an app uses: Azure with AZURE_STORAGE_CONNECTION_STRING, else the embedded one.
import path from 'node:path';
import type { ServerConfig } from '../../config';
import { DUB_FILE_MAX_BYTES } from '../../domain/dubbing/upload-limits';
import type { BlobStore } from '../../domain/storage/blob-store.port';
import { DiskBlobStore } from './disk-blob-store';

export async function createBlobStore(config: Pick<ServerConfig, 'dataDir' | 'azureStorageConnectionString'>): Promise<BlobStore> {
  if (config.azureStorageConnectionString) {
    // The Azure SDK is loaded only when Azure is configured.
    const { AzureBlobStore } = await import('./azure-blob-store');
    return new AzureBlobStore(config.azureStorageConnectionString);
  }
  // Staged bytes per blob: a whole file plus one re-sent 20 MB block.
  return new DiskBlobStore({ root: path.join(config.dataDir, 'blob'), maxBlobBytes: DUB_FILE_MAX_BYTES, maxStagedBytes: DUB_FILE_MAX_BYTES + 100 * 1024 ** 2 });
}
