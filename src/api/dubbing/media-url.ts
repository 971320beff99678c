// GET /speech/video/transcribe/media (dubbingMedia, chosen path) — a dubbing task's video for the
// editor's player: the uploaded source, or the dubbed video of a language to preview the result.
// An address, not a call: the media element fetches it (Range requests, the session cookie).
import { API_BASE_URL } from '../client';

export type DubMediaKind = 'source' | 'dubbedAudio' | 'dubbedVideo';

export function dubMediaUrlOf(taskId: string, kind: DubMediaKind = 'source', lang?: string): string {
  const query = new URLSearchParams({ id: taskId, kind, ...(lang ? { lang } : {}) });
  return `${API_BASE_URL}/speech/video/transcribe/media?${query.toString()}`;
}
