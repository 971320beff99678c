// GET /speech/video/transcribe/media?kind=dubbedVideo (dubbingMedia, chosen path) — the composed
// video of one language for a video element (HTTP Range; the session cookie authorises it). An
// address, not a call: the media element fetches it itself.
import { API_BASE_URL } from '../client';

export function dubbedVideoUrl(taskId: string, lang: string): string {
  const query = new URLSearchParams({ id: taskId, kind: 'dubbedVideo', lang });
  return `${API_BASE_URL}/speech/video/transcribe/media?${query.toString()}`;
}
