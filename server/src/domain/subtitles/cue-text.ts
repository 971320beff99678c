// The text of one subtitle cue as each format can carry it, so that every parser reads the cues we
// wrote (issue 30: a transcript line holding a blank line broke the VTT for the W3C parser and
// node-webvtt, ffmpeg read 2 cues of 6, and SRT parsers disagreed on 5, 6 or 7 cues):
//   - a blank line ends a cue in both formats, so a cue's text has none: blank rows are dropped, and
//     rows keep no outer spaces;
//   - "-->" is what a timing line has: lenient SRT parsers start a cue at it, WebVTT forbids it in text;
//     in SRT it becomes "->" (still readable as an arrow), in WebVTT it is escaped like any ">";
//   - WebVTT reads & and < as markup, so they are escaped (and > with them, as the spec's serializer does);
//   - control characters (other than the line feed) and Unicode line or paragraph separators, which
//     some parsers take for line ends and others keep, become plain line breaks or go;
//   - a row starting with "NOTE" ends the cue for the `subtitle` package (it takes it for a WebVTT
//     comment in either format), so it gets an invisible word joiner (U+2060) before it.
// A cue whose text is empty after this has nothing to show and is left out by the exporters.

/** Rows of a cue: every kind of line end split, control characters dropped, no blank or padded rows. */
export function cueRows(lines: readonly string[]): string[] {
  return lines
    .flatMap((line) => line.split(/\r\n|[\r\n\u0085\u2028\u2029\v\f]/))
    .map((row) => row.replace(/[\u0000-\u0008\u000e-\u001f\u007f]/g, '').replace(/\t/g, ' ').trim())
    .filter((row) => row !== '')
    .map((row) => (row.startsWith('NOTE') ? `\u2060${row}` : row));
}

export const srtCueRows = (lines: readonly string[]): string[] => cueRows(lines).map((row) => row.replace(/-{2,}>/g, '->'));

export const escapeVtt = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export const vttCueRows = (lines: readonly string[]): string[] => cueRows(lines).map(escapeVtt);

/** One line for what must stay on one row (a speaker name before the text, a NOTE). */
export const oneRow = (text: string): string => cueRows([text]).join(' ');
