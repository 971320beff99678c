// The dub editor's rules (features §5 "Dub editor"), checked on the server before anything is
// written: at least one line, each ends at or after its start, no overlap (touching is fine), nothing
// past the video's end, the characters-per-frame limit for the text and for the translation, a
// known speaker of this task, and a non-blank speaker name when one is given. The time rules are the
// transcript editor's (same messages); positions in messages count from 1.
import { DUB_EDIT_MAX_LINES, DUB_FRAME_MAX_CHARS } from '../../../../../src/shared/contract/dub-limits';
import type { components } from '../../../../../src/api/schema';
import { codePointLength } from '../../records/display-name';
import { checkLines } from '../../transcript/line-rules';
import { dubFrameTooLong, dubNoLines, dubSpeakerUnknown, dubTooManyLines } from './line-errors';

export type SubtitleLineInput = components['schemas']['SubtitleLineInput'];

export function checkDubLines(lines: readonly SubtitleLineInput[], videoDurationMs: number | null, speakerIds: ReadonlySet<string>): void {
  if (lines.length === 0) throw dubNoLines();
  if (lines.length > DUB_EDIT_MAX_LINES) throw dubTooManyLines(DUB_EDIT_MAX_LINES);
  checkLines([...lines], videoDurationMs);
  lines.forEach((line, index) => {
    const position = index + 1;
    if (codePointLength(line.text) > DUB_FRAME_MAX_CHARS) throw dubFrameTooLong(position, 'text', DUB_FRAME_MAX_CHARS);
    if (line.translation && codePointLength(line.translation) > DUB_FRAME_MAX_CHARS) throw dubFrameTooLong(position, 'translation', DUB_FRAME_MAX_CHARS);
    if (line.speakerId && !speakerIds.has(line.speakerId)) throw dubSpeakerUnknown(position);
  });
}
