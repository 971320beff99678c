// ffprobe and ffmpeg behind two calls. The upload path uses probeMedia to decide what a file IS
// (by content, not by its name), and every recogniser feeds on toWav16kMono because pocketsphinx,
// Whisper servers and the diarizer all want 16 kHz mono PCM and any container may arrive.
import { invalidMedia, mediaToolsNotInstalled } from './engine-errors';
import { runProcess } from './run-process';

export const RECOGNITION_SAMPLE_RATE = 16_000;

export interface MediaInfo {
  durationMs: number;
  hasAudio: boolean;
  hasVideo: boolean;
  /** ffprobe's format_name, e.g. "wav" or "mov,mp4,m4a,3gp,3g2,mj2". */
  formatName: string;
}

export interface MediaRunOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

const PROBE_TIMEOUT_MS = 30_000;
const CONVERT_TIMEOUT_MS = 10 * 60_000;

/**
 * ffprobe's confidence in the container it detected (0..100). Lenient demuxers (mp3, mpeg-ts)
 * "find" streams in any binary; below a quarter of the maximum, ffmpeg itself treats a detection
 * as a guess, and a renamed executable scores 1 where a real mp3 scores 51 or more.
 */
const MIN_PROBE_SCORE = 25;

interface ProbeJson {
  format?: { duration?: string; format_name?: string; probe_score?: number };
  streams?: { codec_type?: string; duration?: string; disposition?: { attached_pic?: number } }[];
}

/** Throws EngineError invalid_media when the content has no audio or video stream ffprobe can read. */
export async function probeMedia(path: string, options: MediaRunOptions = {}): Promise<MediaInfo> {
  let json: ProbeJson;
  try {
    const { stdout } = await runProcess(
      'ffprobe',
      'ffprobe',
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', path],
      { signal: options.signal, timeoutMs: options.timeoutMs ?? PROBE_TIMEOUT_MS },
    );
    json = JSON.parse(stdout.toString('utf8')) as ProbeJson;
  } catch (error) {
    if (isEngineAbortOrTimeout(error)) throw error;
    if (isNotInstalled(error)) throw mediaToolsNotInstalled(error);
    throw invalidMedia(error instanceof Error ? error.message : String(error));
  }
  const streams = json.streams ?? [];
  const hasAudio = streams.some((s) => s.codec_type === 'audio');
  // Cover art in an mp3 is a "video" stream of one picture; it does not make the file a video.
  const hasVideo = streams.some((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  const formatName = json.format?.format_name ?? '';
  const seconds = Number(json.format?.duration ?? streams.map((s) => s.duration).find((d) => d !== undefined));
  // Image formats (png, jpeg) probe as a one-frame video with no duration; they are not media here.
  if ((!hasAudio && !hasVideo) || !Number.isFinite(seconds) || seconds <= 0) {
    throw invalidMedia(`no playable audio or video stream (${formatName || 'unknown format'})`);
  }
  if ((json.format?.probe_score ?? 0) < MIN_PROBE_SCORE) {
    throw invalidMedia(`content only resembles ${formatName} (probe score ${json.format?.probe_score ?? 0})`);
  }
  return { durationMs: Math.round(seconds * 1000), hasAudio, hasVideo, formatName };
}

/**
 * Writes the first audio stream of any media as 16 kHz mono 16-bit wav. startMs/durationMs cut a
 * slice without decoding the whole file twice.
 */
export async function toWav16kMono(
  inputPath: string,
  outputPath: string,
  options: MediaRunOptions & { startMs?: number; durationMs?: number } = {},
): Promise<void> {
  const args = ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y'];
  if (options.startMs !== undefined) args.push('-ss', (options.startMs / 1000).toFixed(3));
  args.push('-i', inputPath);
  if (options.durationMs !== undefined) args.push('-t', (options.durationMs / 1000).toFixed(3));
  args.push('-vn', '-map', '0:a:0', '-ac', '1', '-ar', String(RECOGNITION_SAMPLE_RATE), '-c:a', 'pcm_s16le', '-f', 'wav', outputPath);
  try {
    await runProcess('ffmpeg', 'ffmpeg', args, { signal: options.signal, timeoutMs: options.timeoutMs ?? CONVERT_TIMEOUT_MS });
  } catch (error) {
    if (isEngineAbortOrTimeout(error)) throw error;
    if (isNotInstalled(error)) throw mediaToolsNotInstalled(error);
    throw invalidMedia(error instanceof Error ? error.message : String(error));
  }
}

/** ffprobe/ffmpeg absent: the server's fault, reported as such instead of "not audio or video". */
function isNotInstalled(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === 'engine_missing';
}

function isEngineAbortOrTimeout(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === 'aborted' || code === 'engine_timeout';
}

export interface Media {
  probe: typeof probeMedia;
  toWav16kMono: typeof toWav16kMono;
}

export const media: Media = { probe: probeMedia, toWav16kMono };
