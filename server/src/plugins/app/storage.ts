// Where media bytes live: uploaded media under DATA_DIR/media (issue 4) and dubbing videos in the
// blob store (issue 12: the embedded block endpoint on DATA_DIR/blob, or Azure Blob Storage).
import path from 'node:path';
import fp from 'fastify-plugin';
import type { BlobStore } from '../../domain/storage/blob-store.port';
import { createBlobStore } from '../../storage/blob/create-blob-store';
import { createMediaStore } from '../../storage/create-media-store';
import { mediaRoot } from '../../storage/local-media-store';
import { sweepOrphanTempFiles } from '../../storage/orphan-temp-sweep';
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
    const blobStore = await createBlobStore(config);
    provideServices(app.services, { blobStore, mediaStore: createMediaStore(config.dataDir, blobStore) });
    // Leftovers of a server killed mid-write (media staging, embedded blob blocks); file times are the disk's, so real time.
    const removed = await sweepOrphanTempFiles([mediaRoot(config.dataDir), path.join(config.dataDir, 'blob')], new Date());
    if (removed.length > 0) app.log.info({ count: removed.length }, 'removed orphan .tmp files');
  },
  { name: 'storage', dependencies: ['runtime'] },
);
