// Writes archive entries produced one at a time straight into the response through archiver, waiting
// for each entry to be taken before asking for the next: only the entry being written is in memory,
// never the whole archive (an account may hold thousands of records). The reader going away stops
// the producer at once.
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import archiver from 'archiver';

export interface TextEntry {
  /** Path inside the archive, '/' separated. */
  name: string;
  text: string;
}

export async function streamArchive(entries: AsyncIterable<TextEntry>, out: Writable): Promise<void> {
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
    }
    if (!closed) await archive.finalize();
  } catch (error) {
    if (!closed) out.destroy(error as Error);
  } finally {
    out.off('close', onClose);
  }
}
