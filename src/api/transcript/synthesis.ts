// POST /speech/audio/synthesis (recordsSynthesis) — a line read aloud, as audio.
// Unchecked: the transcript page reports a refusal itself.
import { asFileAnswer, type DownloadedFile } from '../file-answer';
import { api } from '../instance';
import type { ApiResult } from '../types';

export function synthesizeSpeech(text: string, lang: string): Promise<ApiResult<DownloadedFile>> {
  return api.call(
    async (client, signal) => asFileAnswer(await client.POST('/speech/audio/synthesis', { body: { text, lang }, parseAs: 'blob', signal }), 'speech.wav'),
    { silent: true },
  );
}
