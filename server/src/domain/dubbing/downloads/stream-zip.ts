// Writes a download plan as a zip straight to the response: entries one after another, each blob
// streamed from storage through archiver into the socket with backpressure, so neither a file nor
// the archive is ever held whole in memory or written to disk (destroy/zip therefore has no
// temporary archive to delete). Media is stored (already compressed); subtitles are deflated.
// archiver writes zip64 records when an entry or the archive passes 4 GB.
import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import type archiverModule from 'archiver';
import type { BlobStore } from '../../storage/blob-store.port';
import type { ZipEntry } from './download-plan';

export async function streamZip(store: BlobStore, entries: readonly ZipEntry[], out: Writable): Promise<void> {
  // Loaded on first use, not at server start (bench/server-start.bench.ts); server.ts fetches it once listening.
  const archiver: typeof archiverModule = (await import('archiver')).default;
  const archive = archiver('zip', { zlib: { level: 6 } });
  let current: Readable | null = null;
  let closed = false;
  let readerGone: () => void = () => undefined;
  const gone = new Promise<void>((resolve) => (readerGone = resolve));
  const onClose = () => {
    // The reader went away: stop reading storage at once.
    closed = true;
    current?.destroy();
    archive.abort();
    readerGone();
  };
  out.on('close', onClose);
  archive.pipe(out);
  try {
    for (const entry of entries) {
      if (closed) return;
      const processed = once(archive, 'entry');
      if ('text' in entry) {
        archive.append(Buffer.from(entry.text, 'utf8'), { name: entry.name });
      } else {
        current = await store.readStream(entry.blob.container, entry.blob.name);
        archive.append(current, { name: entry.name, store: true });
      }
      await Promise.race([processed, gone]);
      current = null;
    }
    if (!closed) await archive.finalize();
  } catch (error) {
    if (!closed) out.destroy(error as Error);
  } finally {
    out.off('close', onClose);
  }
}
