// GET /speech/video/transcribe/serviceNameList (dubbingServiceNameList) — the voices this server can
// dub with (code, name, language). Checked.
import { api } from '../instance';
import type { components } from '../schema';

export type VoiceService = components['schemas']['VoiceService'];

export function serviceNameList(signal?: AbortSignal) {
  return api.call((client, s) => client.GET('/speech/video/transcribe/serviceNameList', { signal: s }), signal ? { signal } : {});
}
