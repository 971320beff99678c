// The rules an edited transcript must keep before it is saved: every line ends at or after its
// start, lines do not overlap (touching is fine: one may end where the next begins), nothing lies
// past the end of the media when its duration is known, and a speaker name is not blank.
import { SPEAKER_NAME_MAX } from '../../../../src/shared/contract/limits';
import type { TimedLine } from '../../../../src/shared/contract/transcript';
import { lineTimesInvalid } from '../records/record-errors';
import { codePointLength } from '../records/display-name';
import { lineBeyondDuration, linesOverlap, speakerNameEmpty, speakerNameTooLong } from './transcript-errors';

/** Trimmed speaker name; null stays null (a line without a speaker), blank is refused. */
export function checkSpeakerName(raw: string | null | undefined): string | null {
  if (raw === null || raw === undefined) return null;
  const name = raw.trim();
  if (!name) throw speakerNameEmpty();
  if (codePointLength(name) > SPEAKER_NAME_MAX) throw speakerNameTooLong(SPEAKER_NAME_MAX);
  return name;
}

/** Checks lines in the order given (positions in messages count from 1); throws the first problem. */
export function checkLines(lines: TimedLine[], mediaDurationMs: number | null): void {
  lines.forEach((line, index) => {
    const position = index + 1;
    if (line.endMs < line.startMs) throw lineTimesInvalid(position);
    if (mediaDurationMs !== null && line.endMs > mediaDurationMs) throw lineBeyondDuration(position, mediaDurationMs / 1000);
    const previous = lines[index - 1];
    if (previous && line.startMs < previous.endMs) throw linesOverlap(position);
    checkSpeakerName(line.speaker);
  });
}

/** The media length lines must fit in: the audio track when known, else the media duration. */
export function mediaDurationOf(row: { audio_duration_ms: number | null; duration_ms: number | null }): number | null {
  return row.audio_duration_ms ?? row.duration_ms ?? null;
}
