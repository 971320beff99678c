// POST /speech/video/transcribe/previewLine (dubbingPreviewLine) — one line voiced with its speaker's
// voice and fitted to its slot, as WAV, to play over the video. Nothing is saved or charged, so the
// editor may send an unsaved edit's text. Checked: a refusal is an envelope and goes through the
// error catalogue like any other.
import { asFileAnswer, type DownloadedFile } from '../file-answer';
import { api } from '../instance';
import type { operations } from '../schema';
import type { ApiResult } from '../types';

export type PreviewLineBody = operations['dubbingPreviewLine']['requestBody']['content']['application/json'];

export function previewDubLine(body: PreviewLineBody, signal?: AbortSignal): Promise<ApiResult<DownloadedFile>> {
  return api.call(
    async (client, s) => asFileAnswer(await client.POST('/speech/video/transcribe/previewLine', { body, parseAs: 'blob', signal: s }), 'line.wav'),
    signal ? { signal } : {},
  );
}
