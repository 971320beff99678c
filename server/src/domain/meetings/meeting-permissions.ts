// Who may use a meeting's SVIP features and how many languages a meeting may have (features §6),
// read from the one tier table: invitations and multi-screen casting are SVIP only; a visitor may
// use neither. Refusals use the catalogue's 92505003 'no such right', which opens the purchase dialog.
import type { UserRow } from '../../db/schema';
import { AppError } from '../../errors';
import { entitlementRefusal, type Entitlements } from '../entitlements/entitlements-service';
import { NO_SUCH_RIGHT } from '../entitlements/metering';
import type { SvipFeature, TierRule } from '../entitlements/tier-rules';

export type SvipMeetingFeature = 'inviteMeeting' | 'screenCasting';

const TIER_FEATURE: Record<SvipMeetingFeature, SvipFeature> = { inviteMeeting: 'invitations', screenCasting: 'screenCasting' };

/** Whether `user` under `rule` may use `feature` on their own meetings. */
export function mayUseMeetingFeature(user: Pick<UserRow, 'is_visitor'>, rule: TierRule, feature: SvipMeetingFeature): boolean {
  return !user.is_visitor && rule.features[TIER_FEATURE[feature]];
}

export async function requireMeetingFeature(entitlements: Entitlements, user: UserRow, feature: SvipMeetingFeature): Promise<void> {
  if (user.is_visitor) throw new AppError(403, 'live:featureNotAllowed', { feature });
  const { rule } = await entitlements.account(user);
  if (!mayUseMeetingFeature(user, rule, feature)) throw entitlementRefusal(NO_SUCH_RIGHT);
}

/** How many recognition and interpretation languages one meeting may have under `rule`. */
export function meetingLanguageLimits(rule: TierRule): { recognition: number; interpretation: number } {
  return { recognition: rule.recognitionLanguages, interpretation: rule.interpretationLanguages };
}

export function withinLanguageLimits(rule: TierRule, counts: { recognition?: number; interpretation?: number }): boolean {
  const limits = meetingLanguageLimits(rule);
  return (counts.recognition ?? 0) <= limits.recognition && (counts.interpretation ?? 0) <= limits.interpretation;
}
