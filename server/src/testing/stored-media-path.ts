// Tests that look at the bytes of a stored object on disk: only the local store (the embedded
// default the tests run with) has a path for it.
import type { FastifyInstance } from 'fastify';
import { LocalMediaStore } from '../storage/local-media-store';

export function storedMediaPath(app: FastifyInstance, objectName: string): string {
  const store = app.services.mediaStore;
  if (!(store instanceof LocalMediaStore)) throw new Error('this test needs the local media store (no AZURE_STORAGE_CONNECTION_STRING)');
  return store.localPath(objectName);
}
