// GET /speech/audio/transcribe/media (chosen path) — a record's media for the player (Range
// requests), or with `download` as an attachment (the 'Download audio' link). An address, not a
// call: the media element and the link fetch it themselves.
import { API_BASE_URL } from '../client';

export function mediaUrlOf(id: string, shareCode?: string, download = false): string {
  const query = new URLSearchParams({ id, ...(shareCode ? { shareCode } : {}), ...(download ? { download: '1' } : {}) });
  return `${API_BASE_URL}/speech/audio/transcribe/media?${query.toString()}`;
}

/** A meeting's recording for its participants: the record's media through the meeting's share link. */
export function meetingMediaUrlOf(recordId: string, meetingId: string, download = false): string {
  const query = new URLSearchParams({ id: recordId, meetingId, ...(download ? { download: '1' } : {}) });
  return `${API_BASE_URL}/speech/audio/transcribe/media?${query.toString()}`;
}
