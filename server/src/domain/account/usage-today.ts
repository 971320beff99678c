// Today's live and upload time against the tier's daily caps (issue 29 item 3), read from the same
// account the meters charge: the tier rule of tier-rules.ts and the day's allowance use the ledger
// replay counted in the user's own zone (account-zones.ts). Nothing here holds a number of its own.
import type { Account } from '../entitlements/entitlement-account';

export interface UsageCap {
  usedSeconds: number;
  /** null: nothing limited (BILLING=off). */
  capSeconds: number | null;
  leftSeconds: number | null;
}

export interface UsageToday {
  tier: Account['tier'];
  day: string;
  timeZone: string;
  live: UsageCap;
  upload: UsageCap;
}

function capOf(capSeconds: number, usedSeconds: number): UsageCap {
  const used = Math.max(0, Math.round(usedSeconds));
  if (!Number.isFinite(capSeconds)) return { usedSeconds: used, capSeconds: null, leftSeconds: null };
  return { usedSeconds: used, capSeconds, leftSeconds: Math.max(0, capSeconds - used) };
}

export function usageToday(account: Account): UsageToday {
  const { rule, state } = account;
  return {
    tier: account.tier,
    day: account.today,
    timeZone: account.zone,
    live: capOf(rule.liveSecondsPerDay, state.allowanceUsedToday.live),
    upload: capOf(rule.uploadSecondsPerDay, state.allowanceUsedToday.upload),
  };
}
