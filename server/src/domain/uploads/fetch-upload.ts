// transwrite/upload: the media comes from a link instead of the browser. It is streamed into a
// staging file under the same 500 MB limit, then checked and registered like an uploaded file.
// Only http(s) is fetched, and never from the server's own network (see link-fetch.ts) unless the
// operator allows private addresses (UPLOAD_URL_ALLOW_PRIVATE).
import { randomUUID } from 'node:crypto';
import { pipeline, Transform } from 'node:stream';
import { UPLOAD_MAX_BYTES } from '../../../../src/shared/contract/limits';
import { TooLargeError, type MediaStore } from '../storage/media-store.port';
import { openLink, type LinkFetchOptions } from './link-fetch';
import { fetchFailed, overLimit } from './upload-errors';

const FETCH_TIMEOUT_MS = 10 * 60_000;

export async function fetchToStaging(
  store: MediaStore,
  link: string,
  options: Omit<LinkFetchOptions, 'signal'>,
): Promise<{ stagingId: string; bytes: number; fileName: string }> {
  const opened = await openLink(link, { ...options, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  const { response, url } = opened;
  try {
    const status = response.statusCode ?? 0;
    if (status < 200 || status >= 300) {
      response.resume();
      throw fetchFailed(`HTTP ${status}`);
    }
    const declared = Number(response.headers['content-length'] ?? '0');
    if (declared > UPLOAD_MAX_BYTES) {
      response.destroy();
      throw overLimit();
    }
    const stagingId = randomUUID();
    await store.openStaging(stagingId);
    try {
      const written = await store.writeAt(stagingId, 0, capped(response), UPLOAD_MAX_BYTES);
      const fileName = safeDecode(url.pathname.split('/').filter(Boolean).at(-1) ?? '') || url.hostname;
      return { stagingId, bytes: written.bytes, fileName: fileName.slice(0, 255) };
    } catch (error) {
      await store.discardStaging(stagingId);
      if (error instanceof TooLargeError) throw overLimit();
      throw fetchFailed(error instanceof Error ? error.message : String(error));
    }
  } finally {
    opened.close();
  }
}

/**
 * The body cut off past the limit: unlike a multipart body, a link can stream without end, so the
 * download stops there instead of being read and dropped.
 */
function capped(body: NodeJS.ReadableStream): Transform {
  let seen = 0;
  const limiter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > UPLOAD_MAX_BYTES) return done(new TooLargeError(UPLOAD_MAX_BYTES));
      done(null, chunk);
    },
  });
  return pipeline(body, limiter, () => undefined);
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
