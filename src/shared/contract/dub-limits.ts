// Limits and defaults of the AI dubbing upload dialog (features §3 Dub form, §4 Dub upload file, §5 Dub upload).
export const DUB_ALLOWED_EXTENSIONS = ['mp4'] as const;
export const DUB_MAX_FILES = 5;
export const DUB_MAX_BYTES = 5 * 1024 * 1024 * 1024;
export const DUB_MAX_DURATION_SECONDS = 4 * 60 * 60;
/** Storage blocks: 4 MB, 20 MB when the file is 100 MB or more; 5 in flight at a time. */
export const DUB_BLOCK_BYTES = 4 * 1024 * 1024;
export const DUB_LARGE_BLOCK_BYTES = 20 * 1024 * 1024;
export const DUB_LARGE_FILE_FROM_BYTES = 100 * 1024 * 1024;
export const DUB_BLOCK_CONCURRENCY = 5;
/** Progress stays below 100% until the server has registered the file. */
export const DUB_UNREGISTERED_PERCENT_CAP = 99.9;
export const DUB_DEFAULT_AUDIO_LANGUAGE = 'zh-CN';
export const DUB_DEFAULT_TRANSLATION_LANGUAGE = 'en-US';
export const DUB_SPEAKERS_MIN = 1;
export const DUB_SPEAKERS_MAX = 34;
export const DUB_SPEAKERS_DEFAULT = 10;
export const DUB_DEFAULT_FOLDER_ID = '1';
export const DUB_FONT_SIZE_MIN = 5;
export const DUB_FONT_SIZE_MAX = 30;
export const DUB_FONT_SIZE_DEFAULT = 14;
export const DUB_CHARS_PER_SEGMENT_DEFAULT = 30;
export const DUB_PRIMARY_COLOR_DEFAULT = '#ffffff';
export const DUB_OUTLINE_COLOR_DEFAULT = '#000000';
/** Refusals that mean a dubbing pack is missing or used up (features §9): the purchase dialog opens. */
export const DUB_ENTITLEMENT_CODES: readonly number[] = [92505000, 92505001, 92505003];
/** SRT attachment kinds: 1 source language, 2 translation, 3 bilingual. */
export const DUB_SRT_FILE_TYPES = [1, 2, 3] as const;
/** Cost check of a dubbing (features §4 submit): rights type 7, source type 5. */
export const DUB_RIGHTS_TYPE = '7';
export const DUB_SOURCE_TYPE = '5';
export const DUB_FORM_STORAGE_KEY = 'dubFormData';
/** Languages the dialog offers when the server's dubbing language list (dubbingGetLanguage) cannot be read. */
export const DUB_LANGUAGE_CODES = ['zh-CN', 'en-US', 'es-ES', 'ja-JP', 'ko-KR', 'fr-FR', 'de-DE'] as const;

// Dub editor (features §5 "Dub editor", issue 13 §3). The server enforces the hard caps below on every
// save (dubbingEdits); the subtitleEditor machine also applies the per-slot allowance of DUB_EDITOR_LIMITS
// live (a line over it may still be edited if it does not get worse, which needs the line before the edit,
// so the server keeps to DUB_FRAME_MAX_CHARS).
/**
 * A subtitle frame is one line. "A characters-per-frame limit applies with translation": the original
 * text and the translation of a frame may each hold at most this many characters (Unicode code
 * points). 200 is about 13 s of speech at a fast 15 characters per second, more than any slot a
 * recogniser or an SRT produces, so it only stops text pasted into the wrong line.
 */
export const DUB_FRAME_MAX_CHARS = 200;
/** Lines one save may carry (the contract's maxItems), and lines one page may answer. */
export const DUB_EDIT_MAX_LINES = 10000;
export const DUB_LINES_PAGE_MAX = 1000;
/** A speaker's name: trimmed, not empty, at most 50 characters. */
export const DUB_SPEAKER_NAME_MAX = 50;
/** Line previews (dubbingPreviewLine) a user may have in flight at once, and start per minute. */
export const DUB_PREVIEWS_IN_FLIGHT = 2;
export const DUB_PREVIEWS_PER_MINUTE = 30;
/**
 * Dub editor rules (features §5 Dub editor) of the subtitleEditor machine (client, refuses the edit
 * with a translated reason); the dubbingEdits handler refuses saves beyond the hard caps:
 * - undoSteps: how many edits can be undone; one more undo answers 'nothing undoable'.
 * - maxCharsPerSecond / minFrameChars: the "characters per frame" limit. A line (its subtitle frame)
 *   may hold dubLineCharAllowance(durationMs) characters — maxCharsPerSecond for each second of its
 *   slot, never fewer than minFrameChars — counted separately for the original text and for the
 *   translation (the limit applies "with translation"). Characters are Unicode code points.
 * - minLineMs: the shortest line a split, insert or retime may leave (also the smallest gap an insert fills).
 * - insertMs: how long an inserted line is when the gap allows it.
 * - maxLineChars / maxSpeakerNameChars / maxLines: the contract's caps (SubtitleLineInput, editSpeaker, edits).
 */
export const DUB_EDITOR_LIMITS = {
  undoSteps: 5,
  maxCharsPerSecond: 25,
  minFrameChars: 42,
  minLineMs: 100,
  insertMs: 2000,
  maxLineChars: 5000,
  maxSpeakerNameChars: 50,
  maxLines: 10000,
} as const;

/** How many characters (code points) a line of this length may hold, in its text and in its translation. */
export function dubLineCharAllowance(durationMs: number): number {
  const bySpeed = Math.floor((Math.max(0, durationMs) / 1000) * DUB_EDITOR_LIMITS.maxCharsPerSecond);
  return Math.min(DUB_EDITOR_LIMITS.maxLineChars, Math.max(DUB_EDITOR_LIMITS.minFrameChars, bySpeed));
}

/** Characters beyond the allowance of a line (0 when it fits): the larger of text's and translation's. */
export function dubLineCharExcess(line: { startMs: number; endMs: number; text: string; translation?: string | null | undefined }): number {
  const allowance = dubLineCharAllowance(line.endMs - line.startMs);
  const count = Math.max(codePoints(line.text), codePoints(line.translation ?? ''));
  return Math.max(0, count - allowance);
}

function codePoints(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}
/** An attached .srt may be at most 2 MB (a 4-hour film's bilingual subtitles are well under 1 MB). */
export const DUB_SRT_MAX_BYTES = 2 * 1024 * 1024;
/** Voice-over and composite videos are kept this long after they were made (features §4). */
export const DUB_OUTPUT_RETENTION_DAYS = 7;
/** One task is dubbed into at most this many languages (features §9). */
export const DUB_MAX_LANGUAGES = 4;
/** How often the voice-over panel reads a running synthesis again (the brief: every 1–2 s). */
export const DUB_SYNTHESIS_POLL_MS = 1500;
/** Consecutive failed reads of a running synthesis after which the panel stops and says so. */
export const DUB_SYNTHESIS_POLL_FAILURES = 5;
/** Lines read per page when the voice-over panel counts the lines to re-voice. */
export const DUB_LINES_PAGE_SIZE = 1000;

/**
 * features §9: re-dubbing costs 50% of the video length, except the first time. Read as: a video's
 * first dubbing costs its full length, its first re-dubbing is free, every later one costs half.
 * The same rule as the server's dubbingCostSeconds (server/src/domain/entitlements/tier-rules.ts);
 * the client shows the cost before asking, the server charges.
 */
export function dubbingCostSeconds(videoSeconds: number, earlierDubbings: number): number {
  const length = Math.ceil(Math.max(0, videoSeconds));
  if (earlierDubbings <= 0) return length;
  if (earlierDubbings === 1) return 0;
  return Math.ceil(length / 2);
}
