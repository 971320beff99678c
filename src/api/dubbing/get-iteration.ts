// GET /speech/video/transcribe/getIteration (dubbingGetIteration) — a task's voice-over iterations,
// newest first; how many there were decides what the next one costs (the re-dub rule). Checked.
import { api } from '../instance';
import type { components } from '../schema';

export type DubIteration = components['schemas']['DubIteration'];

export function getIterations(id: string, signal?: AbortSignal) {
  return api.call((client, s) => client.GET('/speech/video/transcribe/getIteration', { params: { query: { id } }, signal: s }), signal ? { signal } : {});
}
