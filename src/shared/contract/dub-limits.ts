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
