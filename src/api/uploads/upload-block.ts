// POST /speech/audio/transcribe/uploadBlock (recordsUploadBlock) — one chunk of a file; the last
// one registers the record. Checked.
import type { ChunkPart } from '../../streams/upload-progress$';
import { api } from '../instance';

function formOf(part: ChunkPart): FormData {
  const form = new FormData();
  form.append('end', part.end);
  form.append('oriFileName', part.oriFileName);
  form.append('fileSize', String(part.fileSize));
  if (part.uploadId) form.append('uploadId', part.uploadId);
  if (part.objectName) form.append('objectName', part.objectName);
  if (part.url) form.append('url', part.url);
  if (part.folderId) form.append('folderId', part.folderId);
  // The file goes last so the server can read the fields before streaming the bytes.
  form.append('file', part.blob, part.oriFileName);
  return form;
}

/**
 * SHA-256 (hex) of a chunk, which the server checks before it counts the chunk as stored (issue 28).
 * WebCrypto exists only in secure contexts (https, localhost); elsewhere the header is left out and
 * the server still checks the length and records its own checksum.
 */
export async function chunkSha256(blob: Blob): Promise<string | undefined> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return undefined;
  const digest = new Uint8Array(await subtle.digest('SHA-256', await blob.arrayBuffer()));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export async function uploadBlock(part: ChunkPart, signal: AbortSignal) {
  // The part address from uploadInit carries uploadId and partNumber in its query.
  const query = part.uploadId && part.partNumber ? { uploadId: part.uploadId, partNumber: part.partNumber } : {};
  const sum = part.uploadId ? await chunkSha256(part.blob) : undefined;
  const header = sum ? { 'X-Chunk-Sha256': sum } : {};
  const form = formOf(part);
  return api.call(
    // openapi-fetch types a multipart body as its fields; the browser needs the FormData itself.
    (client, s) => client.POST('/speech/audio/transcribe/uploadBlock', { params: { query, header }, body: form as never, signal: s }),
    { signal },
  );
}
