// GET /speech/video/transcribe/peaks (dubbingPeaks) — one window of a dubbing task's waveform peaks at
// the server level nearest to pointsPerSecond, so the editor never decodes the media. Silent: the
// timeline asks again as the view moves and shows a failed lane itself, one toast per scroll would be
// noise. The window arrives decoded (base64 → signed 8-bit min/max pairs).
import type { DubPeaks, DubTrack, PeaksWindow } from '../../streams/dub-peaks.types';
import { required, unwrap } from '../errors';
import { api } from '../instance';
import type { operations } from '../schema';

export type DubPeaksQuery = operations['dubbingPeaks']['parameters']['query'];

export function dubbingPeaks(query: DubPeaksQuery, signal?: AbortSignal) {
  return api.call((client, s) => client.GET('/speech/video/transcribe/peaks', { params: { query }, signal: s }), {
    silent: true,
    ...(signal ? { signal } : {}),
  });
}

export interface PeaksWindowRequest {
  taskId: string;
  track: DubTrack;
  /** The dubbed language (track 'dubbed'); the server's default when absent. */
  lang?: string | undefined;
  pointsPerSecond: number;
  fromMs?: number | undefined;
  toMs?: number | undefined;
}

/** The contract's range for pointsPerSecond (1–2000); the server serves the level nearest to it. */
function contractPointsPerSecond(value: number): number {
  return Math.min(2000, Math.max(1, Math.round(value)));
}

/** One decoded window, or a rejection with the ApiError (the stream marks the lane failed). */
export async function fetchPeaksWindow(request: PeaksWindowRequest, signal?: AbortSignal): Promise<PeaksWindow> {
  const query: DubPeaksQuery = { id: request.taskId, track: request.track, pointsPerSecond: contractPointsPerSecond(request.pointsPerSecond) };
  if (request.lang) query.lang = request.lang;
  if (request.fromMs !== undefined) query.fromMs = Math.max(0, Math.floor(request.fromMs));
  if (request.toMs !== undefined) query.toMs = Math.max(0, Math.ceil(request.toMs));
  return decodePeaks(required(unwrap(await dubbingPeaks(query, signal))));
}

/** Base64 to bytes without Buffer (the browser has none) and without a string per byte. */
function base64Bytes(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The contract's answer as a window: base64 → signed 8-bit (min, max) pairs, levels sorted. */
export function decodePeaks(answer: DubPeaks): PeaksWindow {
  const bytes = base64Bytes(answer.peaks);
  // An odd trailing byte would be half a pair: drop it rather than draw a point without its max.
  const pairs = new Int8Array(bytes.buffer, 0, bytes.length - (bytes.length % 2));
  return {
    track: answer.track,
    level: answer.pointsPerSecond,
    fromMs: answer.fromMs,
    toMs: answer.toMs,
    durationMs: answer.durationMs,
    levels: [...answer.levels].sort((a, b) => a - b),
    pairs,
  };
}
