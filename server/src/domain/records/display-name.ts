// The rule shared by record titles and folder names: trimmed, not empty, at most `max` characters
// (counted as the contract's JSON Schema counts them: code points), no control characters. HTML is
// ordinary text here; clients escape it when they render.
export type DisplayNameProblem = 'empty' | 'tooLong' | 'controlCharacters';

// C0, DEL, C1 and the Unicode line/paragraph separators: invisible, and they break file names and lines.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

export function codePointLength(text: string): number {
  return [...text].length;
}

export function checkDisplayName(raw: string, max: number): { name: string } | { problem: DisplayNameProblem } {
  const name = raw.trim();
  if (name.length === 0) return { problem: 'empty' };
  if (CONTROL_CHARACTERS.test(name)) return { problem: 'controlCharacters' };
  if (codePointLength(name) > max) return { problem: 'tooLong' };
  return { name };
}
