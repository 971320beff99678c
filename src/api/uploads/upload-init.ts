// POST /speech/audio/transcribe/uploadInit (recordsUploadInit) — opens (or re-opens) a chunked
// upload: the upload id, the part addresses and the chunk size. Checked.
import { api } from '../instance';
import type { operations } from '../schema';

export type UploadInitBody = operations['recordsUploadInit']['requestBody']['content']['application/json'];

export function uploadInit(body: UploadInitBody, signal: AbortSignal) {
  return api.call((client, s) => client.POST('/speech/audio/transcribe/uploadInit', { body, signal: s }), { signal });
}
