// GET /speech/video/transcribe/list (dubbingList) — one page of the bearer's dubbing tasks. Checked.
import { api } from '../instance';
import type { components, operations } from '../schema';

export type DubTask = components['schemas']['DubTask'];
export type DubListQuery = NonNullable<operations['dubbingList']['parameters']['query']>;

export function listDubTasks(query: DubListQuery, signal?: AbortSignal) {
  return api.call((client, s) => client.GET('/speech/video/transcribe/list', { params: { query }, signal: s }), signal ? { signal } : {});
}
