// The tier table of features §6, in one place. Every limit the server enforces (meeting languages,
// daily live and upload hours, SVIP-only features, dubbing) reads this table; the handlers, the
// meeting permissions, the language limits and queryUserFunctionJudge never hold numbers of their own.
//
// 'none' is a user with no membership and no duration hours; 'duration' holds duration hours only.
// Both get the defaults of features §3 (2 recognition and 2 interpretation languages, no SVIP
// features); what distinguishes them is only whether metered time can be paid from the pack.
export type Tier = 'none' | 'duration' | 'vip' | 'svip';

export type SvipFeature = 'vocabulary' | 'wordReplacement' | 'terms' | 'sensitiveWords' | 'invitations' | 'screenCasting';

export interface TierRule {
  /** Live interpreting covered by the membership per local day; beyond it, the duration pack pays. */
  liveSecondsPerDay: number;
  /** Local audio/video transcription covered per local day; beyond it, the duration pack pays. */
  uploadSecondsPerDay: number;
  recognitionLanguages: number;
  interpretationLanguages: number;
  features: Readonly<Record<SvipFeature, boolean>>;
}

const HOUR = 3_600;
const NO_FEATURES = { vocabulary: false, wordReplacement: false, terms: false, sensitiveWords: false, invitations: false, screenCasting: false } as const;
const ALL_FEATURES = { vocabulary: true, wordReplacement: true, terms: true, sensitiveWords: true, invitations: true, screenCasting: true } as const;

export const TIER_RULES: Readonly<Record<Tier, TierRule>> = {
  none: { liveSecondsPerDay: 0, uploadSecondsPerDay: 0, recognitionLanguages: 2, interpretationLanguages: 2, features: NO_FEATURES },
  duration: { liveSecondsPerDay: 0, uploadSecondsPerDay: 0, recognitionLanguages: 2, interpretationLanguages: 2, features: NO_FEATURES },
  vip: { liveSecondsPerDay: 3 * HOUR, uploadSecondsPerDay: 10 * HOUR, recognitionLanguages: 2, interpretationLanguages: 2, features: NO_FEATURES },
  svip: { liveSecondsPerDay: 10 * HOUR, uploadSecondsPerDay: 20 * HOUR, recognitionLanguages: 10, interpretationLanguages: 4, features: ALL_FEATURES },
};

/** BILLING=off: every limit lifted (private deployments). Language counts stay at the product maximum. */
export const UNLIMITED_RULE: TierRule = {
  liveSecondsPerDay: Number.POSITIVE_INFINITY,
  uploadSecondsPerDay: Number.POSITIVE_INFINITY,
  recognitionLanguages: TIER_RULES.svip.recognitionLanguages,
  interpretationLanguages: TIER_RULES.svip.interpretationLanguages,
  features: ALL_FEATURES,
};

/** features §6: SVIP over VIP over duration. */
export function tierOf(holds: { svip: boolean; vip: boolean; durationSeconds: number }): Tier {
  if (holds.svip) return 'svip';
  if (holds.vip) return 'vip';
  return holds.durationSeconds > 0 ? 'duration' : 'none';
}

/**
 * features §9: re-dubbing costs 50% of the video length, except the first time. Read as: a video's
 * first dubbing costs its full length, its first re-dubbing is free, every later one costs half.
 */
export function dubbingCostSeconds(videoSeconds: number, earlierDubbings: number): number {
  const length = Math.ceil(Math.max(0, videoSeconds));
  if (earlierDubbings <= 0) return length;
  if (earlierDubbings === 1) return 0;
  return Math.ceil(length / 2);
}
