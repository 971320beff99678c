// transwrite/upload: the media comes from a link instead of the browser. It is streamed into a
// staging file under the same 500 MB limit, then checked and registered like an uploaded file.
// Only http(s) is fetched; a deployment that must not reach its private network puts the server
// behind an egress proxy (the link's host is not filtered here).
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { UPLOAD_MAX_BYTES } from '../../../../src/shared/limits';
import { TooLargeError, type MediaStore } from '../../storage/media-store';
import { fetchFailed, overLimit, urlNotAllowed } from './upload-errors';

const FETCH_TIMEOUT_MS = 10 * 60_000;

export async function fetchToStaging(store: MediaStore, link: string): Promise<{ stagingId: string; bytes: number; fileName: string }> {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    throw urlNotAllowed();
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw urlNotAllowed();
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'follow' });
  } catch (error) {
    throw fetchFailed(error instanceof Error ? error.message : String(error));
  }
  if (!response.ok || !response.body) throw fetchFailed(`HTTP ${response.status}`);
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > UPLOAD_MAX_BYTES) {
    await response.body.cancel();
    throw overLimit();
  }
  const stagingId = randomUUID();
  await store.openStaging(stagingId);
  try {
    const written = await store.writeAt(stagingId, 0, Readable.fromWeb(response.body as unknown as WebReadableStream), UPLOAD_MAX_BYTES);
    const fileName = decodeURIComponent(url.pathname.split('/').filter(Boolean).at(-1) ?? '') || url.hostname;
    return { stagingId, bytes: written.bytes, fileName: fileName.slice(0, 255) };
  } catch (error) {
    await store.discardStaging(stagingId);
    if (error instanceof TooLargeError) throw overLimit();
    throw fetchFailed(error instanceof Error ? error.message : String(error));
  }
}
