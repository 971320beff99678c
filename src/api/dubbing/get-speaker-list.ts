// GET /speech/video/transcribe/getSpeakerList (dubbingGetSpeakerList) — the speakers of a dubbing
// task with their voices. Checked.
import { unwrap } from '../errors';
import { api } from '../instance';
import type { components } from '../schema';

export type DubSpeakerItem = components['schemas']['Speaker'];

export async function getDubSpeakers(id: string, signal?: AbortSignal): Promise<DubSpeakerItem[]> {
  const data = unwrap(
    await api.call((client, s) => client.GET('/speech/video/transcribe/getSpeakerList', { params: { query: { id } }, signal: s }), signal ? { signal } : {}),
  );
  return data ?? [];
}
