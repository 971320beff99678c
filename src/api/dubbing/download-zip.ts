// GET /speech/video/transcribe/download/zip (dubbingDownloadZip) — a dubbing task's results (video,
// dubbed audio, speaker tracks, subtitles) as one zip, saved by the browser. Checked.
import { unwrap } from '../errors';
import { saveToDisk } from '../../shared/save-file';
import { asFileAnswer, type DownloadedFile } from '../file-answer';
import { api } from '../instance';
import type { operations } from '../schema';
import type { ApiResult } from '../types';

export type DubZipQuery = operations['dubbingDownloadZip']['parameters']['query'];

export function downloadDubZip(query: DubZipQuery, fallbackName: string, signal?: AbortSignal): Promise<ApiResult<DownloadedFile>> {
  return api.call(
    async (client, s) =>
      asFileAnswer(await client.GET('/speech/video/transcribe/download/zip', { params: { query }, parseAs: 'blob', signal: s }), fallbackName),
    signal ? { signal } : {},
  );
}

/** Downloads the zip and hands it to the browser; rejects with the ApiError. */
export async function saveDubZip(query: DubZipQuery, fallbackName: string, signal?: AbortSignal): Promise<void> {
  saveToDisk(unwrap(await downloadDubZip(query, fallbackName, signal)));
}
