// Every limit of the spec, named once. Client validation and server enforcement both import
// from here so the two can never drift apart.

export const LOCALES = ['zh-CN', 'zh-TW', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-US';

// Session (platform §9)
export const TOKEN_COOKIE = 'Admin-Token';
export const TOKEN_COOKIE_DAYS = 180;
export const LOCALE_STORAGE_KEY = 'locale';
export const VISITOR_NAME = 'visitor';
/** The name a meeting participant gives on joining (longer names are cut to this). */
export const PARTICIPANT_NAME_MAX = 40;

// Passwords and codes (platform §5, features §5; lifetimes from the foundation issue)
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 24;
export const VERIFICATION_CODE_LENGTH = 6;
export const VERIFICATION_CODE_TTL_SECONDS = 10 * 60;
export const VERIFICATION_RESEND_SECONDS = 60;
export const CODE_SENDS_PER_ADDRESS_PER_HOUR = 5;
export const FAILED_LOGINS_PER_ACCOUNT_PER_HOUR = 20;
export const TOKEN_TTL_DAYS = TOKEN_COOKIE_DAYS;

// Request time-outs (platform §7, features §7)
export const REQUEST_TIMEOUT_MS = 60_000;
export const LONG_REQUEST_TIMEOUT_MS = 600_000;
export const TOAST_DURATION_MS = 5_000;

// Header (platform §9)
export const FREE_TIME_QR_ANIMATION_MS = 5_000;
export const MOBILE_MAX_WIDTH_PX = 768;
export const QR_IMAGE_SIZE_PX = 126;

// Phone area codes with a flag in the picker (platform §9)
export const PHONE_AREA_CODES = [
  '1', '7', '33', '34', '39', '44', '49', '61', '65', '66', '81', '84', '86', '91', '351', '852', '853',
] as const;

// Records and folders (platform §5, §9)
export const FOLDER_NAME_MAX = 250;
export const FOLDER_MAX_ANCESTORS = 3;
export const DEFAULT_FOLDER_ID = '1';
export const RECORD_TITLE_MAX = 250;
/** Longest search box text the server accepts (records search, Issue 10 §9). */
export const SEARCH_QUERY_MAX = 100;

// Request bodies larger than this are refused with a 400 envelope (uploads use their own route limits).
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

// Wrong guesses allowed against one verification code before it stops working (server).
export const CODE_MAX_WRONG_ATTEMPTS = 5;

// Dialog widths (features §2, §9). The upload dialog's width is not given; it shares the dub dialog's.
export const DUB_DIALOG_WIDTH_PX = 600;
export const UPLOAD_DIALOG_WIDTH_PX = DUB_DIALOG_WIDTH_PX;
export const PURCHASE_DIALOG_WIDTH_PX = 1210;
/** features §4 and §9: payment status is polled every second while a QR or PayPal link is shown. */
export const PAY_POLL_INTERVAL_MS = 1_000;
/** features §9: the payment QR is 212 by 205 (high error correction). */
export const PAY_QR_WIDTH_PX = 212;
export const PAY_QR_HEIGHT_PX = 205;
/** features §9: the package carousel shows 4 slides per view and slides in 300 ms. */
export const PACKAGE_CAROUSEL_PER_VIEW = 4;
export const PACKAGE_CAROUSEL_SLIDE_MS = 300;
/** The bills page's usage chart covers the last 30 days. */
export const USAGE_CHART_DAYS = 30;
/** Rows per page of the bills tables. */
export const BILLS_PAGE_SIZE = 10;

// Record list paging (platform §7 pageNum/pageSize; the contract allows at most 100 per page) and the
// batch size of one delete or export call (contract IdList maxItems).
export const RECORD_LIST_PAGE_SIZE = 50;
export const RECORD_BATCH_MAX = 500;

// Local upload (platform §5, §9). Client validation and the server's enforcement share these.
export const UPLOAD_ALLOWED_EXTENSIONS = ['mp3', 'mp4', 'wav', 'wmv', 'avi', 'ogg', 'flv'] as const;
export const UPLOAD_MAX_FILES = 1;
export const UPLOAD_MAX_BYTES = 500 * 1024 * 1024;
export const UPLOAD_MAX_DURATION_SECONDS = 60 * 60;
export const UPLOAD_CHUNK_BYTES = 10_485_760;
export const UPLOAD_CHUNKED_FROM_BYTES = 20_971_520;
export const UPLOAD_SPEAKERS_MIN = 2;
export const UPLOAD_SPEAKERS_MAX = 35;
export const UPLOAD_SPEAKERS_DEFAULT = 2;
export const UPLOAD_DEFAULT_AUDIO_LANGUAGE = 'zh-CN';
// How often one chunk is re-sent after a dropped connection before the upload fails (chunks are idempotent).
export const UPLOAD_CHUNK_RETRIES = 3;

// Live meetings (features §5, §9; audio format from the contract's LiveAudioFrame).
export const MEETING_RECOGNITION_LANGUAGES_MAX = 10;
export const MEETING_TRANSLATION_LANGUAGES_MIN = 1;
export const MEETING_TRANSLATION_LANGUAGES_MAX = 4;
export const CAST_CODE_LENGTH = 6;
export const LIVE_AUDIO_SAMPLE_RATE = 16_000;
// 40 ms frames: small enough for prompt partials, large enough that 25 frames a second stay cheap.
export const LIVE_AUDIO_FRAME_MS = 40;
// Chosen (spec: 'no sound detected' without a length): long enough for a speaker's pause.
export const LIVE_NO_SOUND_AFTER_MS = 8_000;
// RMS of full-scale-normalised samples below which a frame counts as silence (about -54 dBFS).
export const LIVE_SILENCE_RMS = 0.002;
// Chosen (spec: refresh countdown length not shown).
export const MEETING_SUMMARY_REFRESH_SECONDS = 30;
export const MEETING_SUMMARY_LINE_COUNT = 50;
// Reconnect back-off of the live socket: doubles from the first delay up to the cap.
export const LIVE_RECONNECT_FIRST_DELAY_MS = 500;
export const LIVE_RECONNECT_MAX_DELAY_MS = 8_000;
// Audio kept while the socket reconnects, so a blip loses no speech (10 s at 40 ms frames).
export const LIVE_RECONNECT_AUDIO_BUFFER_FRAMES = 250;

// Transcript services (features §7 'Transcription records and audio', the ai/ calls).
// Chosen (spec: the summary refresh countdown length is not shown): one regeneration a minute per record and language.
export const SUMMARY_REFRESH_SECONDS = 60;
export const SUMMARY_SENTENCES_DEFAULT = 3;
export const SUMMARY_SENTENCES_MAX = 20;
export const SUMMARY_KEY_POINTS = 5;
export const SPEAKER_NAME_MAX = 50;
export const SYNTHESIS_TEXT_MAX = 2000;
export const MERGE_LINES_MAX = 100;
// Live meeting socket (server side; chosen). One binary frame holds at most 2 s of 16 kHz PCM16.
export const LIVE_AUDIO_FRAME_MAX_BYTES = 64_000;
// A participant who reconnects within this time is not reported as leaving and joining again.
export const LIVE_LEAVE_GRACE_MS = 5_000;
// A host connection that drops keeps the recording open this long for a reconnect; then the meeting is paused.
export const LIVE_HOST_GRACE_MS = 10_000;
// A six-digit cast code is valid this long after it is made (chosen; the spec gives no length).
export const CAST_CODE_TTL_SECONDS = 10 * 60;
export const MEETING_SUBTITLE_FONT_MIN = 12;
export const MEETING_SUBTITLE_FONT_MAX = 72;
// Vouchers (platform §5: a code works once). The contract caps the path parameter at 64 characters;
// the operator's amounts are chosen bounds (about ten years of membership, 10,000 hours of credit).
export const VOUCHER_CODE_MAX = 64;
export const VOUCHER_MAX_DAYS = 3660;
export const VOUCHER_MAX_HOURS = 10_000;

// Voucher guessing: failed redemptions per user per hour before the exchange is refused for the hour.
export const FAILED_VOUCHER_REDEMPTIONS_PER_USER_PER_HOUR = 10;

// Uploads left unfinished (sessions with no chunk for this long) and uploaded files never submitted
// for transcription this long are deleted with their bytes (chosen; the spec gives no age).
export const UPLOAD_ABANDONED_AFTER_SECONDS = 24 * 60 * 60;
export const UPLOAD_SWEEP_INTERVAL_SECONDS = 60 * 60;

/**
 * How long a meeting invitation admits participants, as the host chooses it (issue 16 §3), in
 * seconds; 'meetingEnd' has no deadline of its own (the meeting's end closes it).
 */
export const INVITE_EXPIRIES = { '1h': 3_600, '24h': 86_400, '7d': 7 * 86_400, meetingEnd: null } as const;
export type InviteExpiry = keyof typeof INVITE_EXPIRIES;
export const INVITE_EXPIRY_CHOICES = Object.keys(INVITE_EXPIRIES) as InviteExpiry[];
/** The expiry an invitation gets when the host has not chosen one. */
export const DEFAULT_INVITE_EXPIRY: InviteExpiry = '24h';
/**
 * How often a server instance re-reads the invitation of meetings it holds invited participants
 * of (a close on another instance, an expiry): sockets are closed within this much of either.
 */
export const INVITE_CHECK_MS = 5_000;
