// GET /speech/video/transcribe/getFileByTaskId (dubbingGetFileByTaskId) — one dubbing task as it is
// now (state, progress, step, expired). Silent: the record list reads its dubbing rows with it on a
// timer, and a deleted task answers not found there.
import { api } from '../instance';

export function getDubTask(taskId: string, signal?: AbortSignal) {
  return api.call((client, s) => client.GET('/speech/video/transcribe/getFileByTaskId', { params: { query: { taskId } }, signal: s }), {
    silent: true,
    ...(signal ? { signal } : {}),
  });
}
