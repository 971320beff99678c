// Which MediaStore an app uses: with a shared BlobStore (Azure, AZURE_STORAGE_CONNECTION_STRING) the
// product's media go there too, so every instance sees them; the embedded default keeps them in
// DATA_DIR/media exactly as before (a rename on commit, files served from local disk).
import type { BlobStore } from '../domain/storage/blob-store.port';
import { BlobMediaStore } from './blob-media-store';
import { LocalMediaStore, mediaRoot } from './local-media-store';
import type { MediaStore } from '../domain/storage/media-store.port';

export function createMediaStore(dataDir: string, blobStore: BlobStore): MediaStore {
  const root = mediaRoot(dataDir);
  return blobStore.kind === 'azure' ? new BlobMediaStore(blobStore, root) : new LocalMediaStore(root);
}
