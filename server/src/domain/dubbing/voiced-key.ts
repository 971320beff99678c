// What a line was voiced from, as one short key: the dubbing job stores it per line and language
// (dub_line_takes.voiced_key) and the voice-over compares it with the current line, so a re-synthesis
// re-voices exactly the lines whose text, slot or voice changed (issue 13 §5) and copies the rest.
import { createHash } from 'node:crypto';

export interface VoicedLineInput {
  startMs: number;
  endMs: number;
  /** The text spoken: the translation for a dub. */
  text: string;
  voice: string;
  pitch: number;
  /** The speaker's base rate (dub_speakers.rate), never the per-line fitted rate. */
  rate: number;
}

export function voicedKey(line: VoicedLineInput): string {
  const parts = [line.startMs, line.endMs, line.text.trim(), line.voice, line.pitch, line.rate.toFixed(3)];
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 22);
}
