// Burned-in subtitles with libass (ffmpeg's `subtitles` filter): the translation cut into segments
// of at most charsPerSegment characters, in the chosen size and colours on an opaque box. The video
// must be re-encoded for this; the audio is copied.
import fs from 'node:fs/promises';
import path from 'node:path';
import { runProcess } from '../../../engines/run-process';
import { formatSrt, segmentForBurnIn } from './srt';

export interface BurnInSettings {
  /** 5..30, in libass script units (a 288-line script, as libass lays out SRT). */
  fontSize: number;
  charsPerSegment: number;
  /** #rrggbb */
  color: string;
  backgroundColor: string;
}

/** #rrggbb → ASS &HAABBGGRR (alpha 00 = opaque). */
export function assColour(hex: string): string {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  if (!m) throw new Error(`not a #rrggbb colour: ${hex}`);
  return `&H00${m[3]}${m[2]}${m[1]}`.toUpperCase();
}

/** Characters the filter-graph parser would take as syntax are escaped (a path inside a filter argument). */
const filterPath = (file: string) => file.replace(/\\/g, '/').replace(/([:'\[\],;])/g, '\\$1');

export async function burnIn(
  videoIn: string,
  videoOut: string,
  lines: { startMs: number; endMs: number; text: string }[],
  settings: BurnInSettings,
  durationMs: number,
  signal?: AbortSignal,
): Promise<void> {
  const srtPath = path.join(path.dirname(videoOut), 'burn-in.srt');
  const segments = lines.filter((l) => l.text.trim()).flatMap((l) => segmentForBurnIn(l, settings.charsPerSegment));
  await fs.writeFile(srtPath, formatSrt(segments));
  const fontSize = Math.min(30, Math.max(5, Math.round(settings.fontSize)));
  const style = [
    `FontSize=${fontSize}`,
    `PrimaryColour=${assColour(settings.color)}`,
    `OutlineColour=${assColour(settings.backgroundColor)}`,
    `BackColour=${assColour(settings.backgroundColor)}`,
    'BorderStyle=3',
    'Outline=1',
    'Shadow=0',
  ].join(',');
  const seconds = (durationMs / 1000).toFixed(3);
  await runProcess(
    'ffmpeg',
    'ffmpeg',
    ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', '-i', videoIn, '-vf', `subtitles=${filterPath(srtPath)}:force_style='${style}'`,
      '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p', '-c:a', 'copy', '-t', seconds, '-movflags', '+faststart', videoOut],
    { signal, timeoutMs: Math.max(10 * 60_000, durationMs * 3) },
  );
}
