// GET /speech/video/transcribe/getSynthesis (dubbingGetSynthesis) — the state and addresses of a
// task's composed video in one language. Polled by the voice-over panel, so silent: a failed poll
// is the panel's to show, not a toast every second.
import { api } from '../instance';

export function getSynthesis(id: string, lang?: string, signal?: AbortSignal) {
  return api.call(
    (client, s) => client.GET('/speech/video/transcribe/getSynthesis', { params: { query: { id, ...(lang ? { lang } : {}) } }, signal: s }),
    { silent: true, ...(signal ? { signal } : {}) },
  );
}
