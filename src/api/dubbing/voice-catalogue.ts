// GET /speech/video/transcribe/voiceCatalogue (dubbingVoiceCatalogue) — the voices a dubbing speaker
// may be given in a language, available ones first, the others with the server's reason; and whether
// voice cloning is configured. Checked.
import { api } from '../instance';
import type { components } from '../schema';

export type DubVoice = components['schemas']['DubVoice'];
export type DubVoiceCatalogue = components['schemas']['DubVoiceCatalogue'];

export function voiceCatalogue(lang: string, signal?: AbortSignal) {
  return api.call((client, s) => client.GET('/speech/video/transcribe/voiceCatalogue', { params: { query: { lang } }, signal: s }), signal ? { signal } : {});
}
