// GET /speech/video/transcribe/voiceSample (dubbingVoiceSample) — a short sentence spoken by one
// voice, as WAV, for the picker's play-sample control. A refusal is an envelope and goes through the
// error catalogue like any other.
import { asFileAnswer, type DownloadedFile } from '../file-answer';
import { api } from '../instance';
import type { ApiResult } from '../types';

export function voiceSample(lang: string, voice: string, signal?: AbortSignal): Promise<ApiResult<DownloadedFile>> {
  return api.call(
    async (client, s) => asFileAnswer(await client.GET('/speech/video/transcribe/voiceSample', { params: { query: { lang, voice } }, parseAs: 'blob', signal: s }), 'sample.wav'),
    signal ? { signal } : {},
  );
}
