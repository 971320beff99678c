// POST /speech/video/transcribe/getFileDataContentPageList (dubbingGetFileDataContentPageList) — one
// page of a dubbing task's subtitle lines in a language (with overrunMs and revoice). Checked.
import { api } from '../instance';
import type { components, operations } from '../schema';

export type DubLinePageBody = operations['dubbingGetFileDataContentPageList']['requestBody']['content']['application/json'];
export type DubLinePage = components['schemas']['SubtitleLinePage'];

export function getDubLinePage(body: DubLinePageBody, signal?: AbortSignal) {
  return api.call((client, s) => client.POST('/speech/video/transcribe/getFileDataContentPageList', { body, signal: s }), signal ? { signal } : {});
}
