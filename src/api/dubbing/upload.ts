// POST /speech/video/transcribe/upload (dubbingUpload) — registers a video whose blocks were
// committed to storage; the server checks and measures it and answers the file id. Checked.
import { api } from '../instance';
import type { operations } from '../schema';

export type RegisterUploadBody = operations['dubbingUpload']['requestBody']['content']['application/json'];

export function registerUpload(body: RegisterUploadBody, signal?: AbortSignal) {
  return api.call((client, s) => client.POST('/speech/video/transcribe/upload', { body, signal: s }), signal ? { signal } : {});
}
