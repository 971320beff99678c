// GET /speech/video/transcribe/getLanguage (dubbingGetLanguage) — the languages of the dubbing
// dialog, each saying whether this server can dub it (and why not). Silent: the dialog falls back to
// its built-in list when the call fails.
import { api } from '../instance';
import type { components } from '../schema';

export type DubLanguageItem = components['schemas']['LanguageItem'];

export function getDubLanguages(signal?: AbortSignal) {
  return api.call((client, s) => client.GET('/speech/video/transcribe/getLanguage', { signal: s }), { silent: true, ...(signal ? { signal } : {}) });
}
