// Where media bytes live: uploaded media under DATA_DIR/media (issue 4) and dubbing videos in the
// blob store (issue 12: the embedded block endpoint on DATA_DIR/blob, or Azure Blob Storage).
import fp from 'fastify-plugin';
import type { BlobStore } from '../../domain/storage/blob-store.port';
import { createBlobStore } from '../../storage/blob/create-blob-store';
import { createMediaStore } from '../../storage/create-media-store';
import type { MediaStore } from '../../domain/storage/media-store.port';
import { provideServices } from './service-registry';

declare module 'fastify' {
  interface AppServices {
    mediaStore: MediaStore;
    blobStore: BlobStore;
  }
}

export default fp(
  async (app) => {
    const { config } = app.services;
    const blobStore = createBlobStore(config);
    provideServices(app.services, { blobStore, mediaStore: createMediaStore(config.dataDir, blobStore) });
  },
  { name: 'storage', dependencies: ['runtime'] },
);
