// GET /speech/video/transcribe/getSpeakerList (dubbingGetSpeakerList) — a task's speakers with the
// voice each one keeps. Checked.
import { api } from '../instance';
import type { components } from '../schema';

export type DubSpeaker = components['schemas']['Speaker'];

export function getSpeakerList(id: string, signal?: AbortSignal) {
  return api.call((client, s) => client.GET('/speech/video/transcribe/getSpeakerList', { params: { query: { id } }, signal: s }), signal ? { signal } : {});
}
