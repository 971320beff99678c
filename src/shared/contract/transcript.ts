// The transcript shape every producer (upload pipeline, live meeting, dubbing) writes and every
// consumer (editor, exports, share page) reads.
export interface TranscriptWord {
  startMs: number;
  endMs: number;
  text: string;
}

export interface TranscriptSegment {
  id: string;
  startMs: number;
  endMs: number;
  speaker: string | null;
  text: string;
  translation: string | null;
  words?: TranscriptWord[];
}

export const EXPORT_FORMATS = ['txt', 'srt', 'vtt', 'docx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Which text of each segment goes into an export. */
export const EXPORT_CONTENTS = ['original', 'translation', 'bilingual'] as const;
export type ExportContent = (typeof EXPORT_CONTENTS)[number];
