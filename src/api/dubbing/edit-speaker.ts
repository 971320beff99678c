// POST /speech/video/transcribe/editSpeaker (dubbingEditSpeaker) — renames a speaker of a dubbing
// task (the name cannot be empty; the server refuses it translated) or changes its voice. Checked.
import { unwrap } from '../errors';
import { api } from '../instance';
import type { operations } from '../schema';

export type EditSpeakerBody = operations['dubbingEditSpeaker']['requestBody']['content']['application/json'];

export async function editDubSpeaker(body: EditSpeakerBody, signal?: AbortSignal): Promise<void> {
  unwrap(await api.call((client, s) => client.POST('/speech/video/transcribe/editSpeaker', { body, signal: s }), signal ? { signal } : {}));
}
