// Who may use a meeting's SVIP features (features §6: "Invite participants, multiscreen projection:
// SVIP"). Membership tiers are not built yet (a separate issue), so today every signed-in host may;
// a visitor may not. When tiers arrive, this is the one place that checks them.
import type { UserRow } from '../../db/schema';
import { AppError } from '../../errors';

export type SvipMeetingFeature = 'inviteMeeting' | 'screenCasting';

/** Whether `user` may use `feature` on their own meetings. */
export function mayUseMeetingFeature(user: UserRow, _feature: SvipMeetingFeature): boolean {
  return !user.is_visitor;
}

export function requireMeetingFeature(user: UserRow, feature: SvipMeetingFeature): void {
  if (!mayUseMeetingFeature(user, feature)) throw new AppError(403, 'live:featureNotAllowed', { feature });
}
