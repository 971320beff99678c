// A user's account as every check reads it: the ledger replayed (trial written once for a signed-in
// account), the day counted in the user's zone, the tier and its rule (unlimited under BILLING=off).
// Also what the checks share: who is billed, the refusals' message keys.
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { ServerConfig } from '../../config';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { AccountZones } from './account-zones';
import { runningAt, type AccountState, type LedgerReplay } from './balances';
import type { LedgerCache } from './ledger-cache';
import { localDay } from './local-day';
import { INSUFFICIENT_BALANCE, NO_SUCH_RIGHT, QUOTA_USED_UP, type RefusalCode } from './metering';
import { TIER_RULES, tierOf, UNLIMITED_RULE, type Tier, type TierRule } from './tier-rules';

export type BillingConfig = Pick<ServerConfig, 'billing' | 'trialMinutes' | 'billingTimeZone'>;

export interface BillingUser {
  id: string;
  is_visitor: number;
}

export interface Account {
  tier: Tier;
  rule: TierRule;
  state: AccountState;
  zone: string;
  today: string;
  /** False under BILLING=off: nothing is limited or charged. */
  billing: boolean;
}

const REFUSAL_KEYS: Record<RefusalCode, string> = {
  [INSUFFICIENT_BALANCE]: 'billing:insufficientBalance',
  [QUOTA_USED_UP]: 'billing:quotaUsedUp',
  [NO_SUCH_RIGHT]: 'billing:noSuchRight',
};

export function entitlementRefusal(code: RefusalCode, params: Record<string, unknown> = {}): AppError {
  return new AppError(code, REFUSAL_KEYS[code], params);
}

export const trialKey = (userId: string) => `trial:${userId}`;

/** Reads accounts with `runner` (the db, or a transaction holding the user's lock). */
export function createAccountReader({ clock, config, ledger, zones }: { clock: Clock; config: BillingConfig; ledger: LedgerCache; zones: AccountZones }) {
  const { replayOf, append, held } = ledger;
  const { zoneOf, knownZone } = zones;

  function accountOf(replay: LedgerReplay, zone: string, now: Date): Account {
    const today = localDay(now, zone);
    const state = replay.snapshot(now, today);
    const tier = tierOf({ svip: runningAt(state.svipPeriods, now), vip: runningAt(state.vipPeriods, now), durationSeconds: state.packSeconds.duration });
    return { tier, rule: config.billing ? TIER_RULES[tier] : UNLIMITED_RULE, state, zone, today, billing: config.billing };
  }

  /**
   * The account from the rows held in memory, with the row count they are as of: nothing read, not
   * even the zone, so a write checked against it must hold only while the count does (appendIfCount).
   * Null when no rows are held, the zone is still to be read or fixed, or the trial is still to be written.
   */
  function heldAccount(user: BillingUser, zoneHint?: string | null): { account: Account; count: number } | null {
    const zone = knownZone(user.id, zoneHint);
    const rows = held(user.id);
    if (!zone || !rows) return null;
    if (!user.is_visitor && config.trialMinutes > 0 && !rows.replay.keys.has(trialKey(user.id))) return null;
    return { account: accountOf(rows.replay, zone, clock.now()), count: rows.count };
  }

  async function accountIn(runner: Kysely<Database>, user: BillingUser, zoneHint?: string | null): Promise<Account> {
    const now = clock.now();
    let { replay } = await replayOf(runner, user.id);
    // A signed-in account starts with TRIAL_MINUTES of duration, written once (its own source key).
    if (!user.is_visitor && config.trialMinutes > 0 && !replay.keys.has(trialKey(user.id))) {
      await append(runner, { userId: user.id, account: 'duration', kind: 'trial', sourceKey: trialKey(user.id), seconds: config.trialMinutes * 60, createdAt: now.toISOString(), note: 'trial' });
      ({ replay } = await replayOf(runner, user.id));
    }
    const zone = await zoneOf(runner, user.id, zoneHint);
    return accountOf(replay, zone, now);
  }

  return { accountIn, heldAccount };
}

export type AccountReader = ReturnType<typeof createAccountReader>['accountIn'];
export type HeldAccountReader = ReturnType<typeof createAccountReader>['heldAccount'];
