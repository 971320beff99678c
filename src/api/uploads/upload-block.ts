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

export function uploadBlock(part: ChunkPart, signal: AbortSignal) {
  // The part address from uploadInit carries uploadId and partNumber in its query.
  const query = part.uploadId && part.partNumber ? { uploadId: part.uploadId, partNumber: part.partNumber } : {};
  const form = formOf(part);
  return api.call(
    // openapi-fetch types a multipart body as its fields; the browser needs the FormData itself.
    (client, s) => client.POST('/speech/audio/transcribe/uploadBlock', { params: { query }, body: form as never, signal: s }),
    { signal },
  );
}
