// The transcript shapes client and server share, one definition each, taken from the contract where
// it has them (components in openapi/openapi.yaml): the line every producer (upload pipeline, live
// meeting, dubbing) writes and every consumer (editor, exports, share page) reads.
import type { components } from '../../api/schema';

type Schemas = components['schemas'];

/** One line of a record's transcript as the API sends it (getTransResult, share page, editor). */
export type SubtitleLine = Schemas['SubtitleLine'];
/** One line as an edit sends it back (editDetails): an id only when it is kept. */
export type SubtitleLineInput = Schemas['SubtitleLineInput'];
/** A word's timing inside a line, from the recogniser. */
export type TranscriptWord = NonNullable<SubtitleLine['words']>[number];
/** What the line rules look at: the times and the speaker. */
export type TimedLine = Pick<SubtitleLine, 'startMs' | 'endMs' | 'speaker'>;

/** A stored line: the contract's SubtitleLine with speaker and translation always present. */
export type TranscriptSegment = Pick<SubtitleLine, 'id' | 'startMs' | 'endMs' | 'text' | 'words' | 'translationStale'> & {
  speaker: string | null;
  translation: string | null;
};

export type ExportFormat = Schemas['ExportFormat'];
export const EXPORT_FORMATS = ['txt', 'srt', 'vtt', 'docx'] as const satisfies readonly ExportFormat[];

/** Which text of each segment goes into an export. */
export type ExportContent = Schemas['ExportContent'];
export const EXPORT_CONTENTS = ['original', 'translation', 'bilingual'] as const satisfies readonly ExportContent[];

// Both lists name every value of the contract's enum (a value added to openapi.yaml fails the type check here).
type Missing<All, Listed> = [Exclude<All, Listed>] extends [never] ? true : Exclude<All, Listed>;
const listsComplete: [Missing<ExportFormat, (typeof EXPORT_FORMATS)[number]>, Missing<ExportContent, (typeof EXPORT_CONTENTS)[number]>] = [true, true];
void listsComplete;

/**
 * Whether a saved line's translation describes older text (issue 10): its original text changed
 * while the translation stayed as it was. A translation the user edited too (or removed) is theirs
 * and current; an untouched line keeps the mark it had until it is translated again. The server
 * stores this and the editor shows it without waiting for a reload.
 */
export function translationStaleAfterEdit(
  before: { text: string; translation: string | null; translationStale: boolean } | undefined,
  after: { text: string; translation: string | null },
): boolean {
  if (!before || after.translation === null || after.translation.trim() === '') return false;
  if (after.translation !== before.translation) return false;
  return after.text !== before.text || before.translationStale;
}
