// POST /speech/video/transcribe/uploadBlock (dubbingUploadBlock) — one block of a video sent through
// the server, for a browser that cannot reach storage. The answer names the blob and the blocks
// the store already holds, so a resumed upload skips them; end=1 commits and answers the url.
import { api } from '../instance';
import type { operations } from '../schema';

type UploadBlockAnswer = NonNullable<NonNullable<operations['dubbingUploadBlock']['responses']['200']['content']['application/json']['data']>>;
export type UploadBlockResult = UploadBlockAnswer;

export interface UploadBlockFields {
  file: Blob;
  end: '0' | '1';
  oriFileName: string;
  fileSize: number;
  folderId?: string;
  blockIds?: string[];
  blobName?: string;
}

export function uploadBlock(fields: UploadBlockFields, signal?: AbortSignal) {
  const form = new FormData();
  form.append('file', fields.file, fields.oriFileName);
  form.append('end', fields.end);
  form.append('oriFileName', fields.oriFileName);
  form.append('fileSize', String(fields.fileSize));
  if (fields.folderId) form.append('folderId', fields.folderId);
  if (fields.blockIds && fields.blockIds.length > 0) form.append('blockIds', fields.blockIds.join(','));
  if (fields.blobName) form.append('blobName', fields.blobName);
  return api.call(
    // openapi-fetch types a multipart body as its fields; the browser needs the FormData itself.
    (client, s) => client.POST('/speech/video/transcribe/uploadBlock', { body: form as never, signal: s }),
    signal ? { signal } : {},
  );
}
