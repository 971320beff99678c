// The cost checks of features §7 (dubbingAccountCostBefore, order/cost/media): what processing would
// cost the caller and whether their balance covers it, read through the tier rules. Nothing is
// charged here; consumeMedia (media-consumption.ts) charges.
import type { Kysely } from 'kysely';
import type { Database, UsageKind } from '../../db/schema';
import { AppError } from '../../errors';
import { entitlementRefusal, type BillingUser, type Entitlements } from '../entitlements/entitlements-service';
import { availableSeconds, splitUse } from '../entitlements/metering';
import { dubbingCostSeconds } from '../entitlements/tier-rules';
import { findOwnedRecord } from '../records/record-access';

export interface MediaCost {
  enough: boolean;
  cost: number;
  balance: number | null;
}

/** sourceType of the cost calls: 1 local upload, 2 live interpreting, 5 audio/video dubbing. */
const USAGE_OF_SOURCE: Record<string, UsageKind> = { '1': 'upload', '2': 'live', '5': 'dubbing' };

export function usageOfSourceType(sourceType: string): UsageKind {
  const usage = USAGE_OF_SOURCE[sourceType];
  if (!usage) throw new AppError(400, 'billing:unknownSourceType', { sourceType });
  return usage;
}

/** A first dubbing of `duration` seconds: refused (with the tier's code) when the balance does not cover it. */
export async function dubbingCostBefore(
  entitlements: Entitlements,
  user: BillingUser,
  request: { userId?: string | undefined; duration: number; zoneHint: string | null },
): Promise<MediaCost> {
  if (request.userId && request.userId !== user.id) throw new AppError(403, 'vouchers:notOwnAccount');
  const account = await entitlements.account(user, request.zoneHint);
  const cost = dubbingCostSeconds(request.duration, 0);
  if (!account.billing) return { enough: true, cost, balance: null };
  const split = splitUse(account.rule, account.state, 'dubbing', cost);
  if (!split.ok) throw entitlementRefusal(split.code);
  return { enough: true, cost, balance: account.state.packSeconds.dubbing };
}

/** What a use would cost; with a record, priced from its own length (a re-dubbing as such), not the stated one. */
export async function mediaCost(
  db: Kysely<Database>,
  entitlements: Entitlements,
  user: BillingUser,
  request: { sourceType: string; duration: number; transId?: string | undefined; zoneHint: string | null },
): Promise<MediaCost> {
  const usage = usageOfSourceType(request.sourceType);
  const account = await entitlements.account(user, request.zoneHint);
  let seconds = Math.ceil(request.duration);
  if (request.transId) {
    const record = await findOwnedRecord(db, user.id, request.transId);
    seconds = Math.ceil((record.duration_ms ?? 0) / 1000);
    if (usage === 'dubbing') seconds = dubbingCostSeconds(seconds, account.state.dubbingsOf.get(record.id) ?? 0);
  }
  if (!account.billing) return { enough: true, cost: seconds, balance: null };
  const split = splitUse(account.rule, account.state, usage, seconds);
  return { enough: split.ok, cost: seconds, balance: availableSeconds(account.rule, account.state, usage) };
}
