// Writes archive entries produced one at a time straight into the response through archiver. An
// entry appended as text is compressed into archiver's output buffer whether or not the reader takes
// it, so before asking for the next entry this waits until that buffer is below a limit (the pipe
// drains it as the reader reads): memory holds about one entry and the limit, never the whole archive
// (an account may hold thousands of records). The reader going away stops the producer at once.
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type archiverModule from 'archiver';

export interface TextEntry {
  /** Path inside the archive, '/' separated. */
  name: string;
  text: string;
}

/** Bytes of compressed output allowed to wait for the reader before the next entry is produced. */
const BUFFERED_LIMIT = 1024 * 1024;

export async function streamArchive(entries: AsyncIterable<TextEntry>, out: Writable): Promise<void> {
  // Loaded on first use, not at server start (bench/server-start.bench.ts); server.ts fetches it once listening.
  const archiver: typeof archiverModule = (await import('archiver')).default;
  const archive = archiver('zip', { zlib: { level: 6 } });
  let closed = false;
  let readerGone: () => void = () => undefined;
  const gone = new Promise<void>((resolve) => (readerGone = resolve));
  const onClose = () => {
    closed = true;
    archive.abort();
    readerGone();
  };
  out.on('close', onClose);
  archive.pipe(out);
  try {
    for await (const entry of entries) {
      if (closed) return;
      const processed = once(archive, 'entry');
      archive.append(Buffer.from(entry.text, 'utf8'), { name: entry.name });
      await Promise.race([processed, gone]);
      // Backpressure: while the reader lags, the pipe is paused and the output waits in archiver.
      while (!closed && archive.readableLength > BUFFERED_LIMIT) {
        if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), gone]);
        else await new Promise((resolve) => setImmediate(resolve));
      }
    }
    if (!closed) await archive.finalize();
  } catch (error) {
    if (!closed) out.destroy(error as Error);
  } finally {
    out.off('close', onClose);
  }
}
