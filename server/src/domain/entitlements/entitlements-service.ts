// What a user may do and what it costs, read from the ledger through the one tier table. Handlers
// call `require*` before work starts and `charge` when it starts; jobs call `refund` when work fails.
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { ServerConfig } from '../../config';
import type { Database, LedgerAccount, LedgerRow, UsageKind } from '../../db/schema';
import { AppError } from '../../errors';
import { LedgerReplay, REFUND_PREFIX, runningAt, type AccountState } from './balances';
import { appendRow, entriesOf, entryByKey, withUserLocked, type NewLedgerEntry } from './ledger';
import { isTimeZone, localDay } from './local-day';
import { availableSeconds, INSUFFICIENT_BALANCE, NO_SUCH_RIGHT, QUOTA_USED_UP, splitUse, type RefusalCode } from './metering';
import { TIER_RULES, tierOf, UNLIMITED_RULE, type SvipFeature, type Tier, type TierRule } from './tier-rules';

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

type UserZoneTable = { users: { id: string; time_zone: string | null } };

/** Users whose ledger rows are kept in memory between checks (least recently used go first). */
const CACHED_USERS = 2_000;

/** The one consumption row of a charge: the pack's share as a negative amount, the day's allowance apart. */
function consumptionEntry(
  userId: string,
  use: { usage: UsageKind; chargeKey: string; recordId?: string | null; note?: string | null },
  split: { pack: number; allowance: number },
  today: string,
  at = new Date(),
) {
  const account: LedgerAccount = use.usage === 'dubbing' ? 'dubbing' : 'duration';
  return {
    userId,
    account,
    kind: 'consumption' as const,
    sourceKey: use.chargeKey,
    seconds: -split.pack,
    allowanceSeconds: split.allowance,
    usage: use.usage,
    usageDay: today,
    recordId: use.recordId ?? null,
    note: use.note ?? null,
    createdAt: at.toISOString(),
  };
}

export function createEntitlements(deps: { db: Kysely<Database>; clock: Clock; config: BillingConfig }) {
  const { db, clock, config } = deps;
  // The ledger is append-only, so a user's row count is the version of their rows: one index-only
  // count per check says whether the rows held here are still all of them (on any instance).
  const cachedRows = new Map<string, { count: number; rows: LedgerRow[]; replay: LedgerReplay }>();
  // A zone once fixed never changes; 'none fixed yet' is re-read after a minute (another instance may fix it).
  const fixedZones = new Map<string, string>();
  const unfixedUntil = new Map<string, number>();
  // Told after a row is written for a user (credit, refund, charge): the live hub re-reads a running
  // meeting's balance with it, so a purchase resumes a meeting the meter paused (this instance only).
  const changeListeners = new Set<(userId: string) => void>();
  const changed = (userId: string, written: boolean): boolean => {
    if (written) for (const listener of changeListeners) listener(userId);
    return written;
  };

  /** The user's rows replayed: from memory when unchanged, carried forward when rows were appended. */
  async function replayOf(runner: Kysely<Database>, userId: string): Promise<{ rows: LedgerRow[]; replay: LedgerReplay }> {
    const counted = await runner.selectFrom('ledger_entries').select((eb) => eb.fn.countAll<string | number>().as('n')).where('user_id', '=', userId).executeTakeFirst();
    const count = Number(counted?.n ?? 0);
    const held = cachedRows.get(userId);
    let fresh: { count: number; rows: LedgerRow[]; replay: LedgerReplay } | null = held && held.count === count ? held : null;
    // Ids sort by creation time, so the rows appended since are usually those after the newest held;
    // when the lengths do not add up (a row from a lagging clock), everything is read again.
    if (!fresh && held && held.rows.length > 0 && held.count < count) {
      const newest = held.rows.reduce((max, r) => (r.id > max ? r.id : max), '');
      const added = await runner.selectFrom('ledger_entries').selectAll().where('user_id', '=', userId).where('id', '>', newest).execute();
      // Checked and applied with no await in between: two requests never carry one replay forward twice.
      if (held.rows.length + added.length === count && held.replay.count === held.rows.length && held.replay.appendable(added)) {
        // The held replay is carried forward in place: every earlier holder has moved on to this one.
        fresh = { count, rows: [...held.rows, ...added], replay: held.replay.apply(added) };
      }
    }
    if (!fresh) {
      const rows = await entriesOf(runner, userId);
      fresh = { count: rows.length, rows, replay: new LedgerReplay().apply(rows) };
    }
    // Kept only when it is all of them (read inside the same transaction as the count when there is one).
    if (fresh.count === count) {
      cachedRows.delete(userId);
      cachedRows.set(userId, fresh);
      if (cachedRows.size > CACHED_USERS) cachedRows.delete(cachedRows.keys().next().value!);
    } else {
      cachedRows.delete(userId);
    }
    return fresh;
  }

  /**
   * Writes a row and carries the held replay forward with it, so the next check needs only its
   * count (not a read of the rows appended since). A write whose transaction does not commit leaves
   * the held count one ahead of the table's: the next check sees the mismatch and reads everything.
   */
  async function append(runner: Kysely<Database>, entry: NewLedgerEntry): Promise<boolean> {
    const row = await appendRow(runner, entry);
    if (!row) return false;
    const held = cachedRows.get(entry.userId);
    if (held && held.replay.count === held.rows.length && held.rows.length === held.count && held.replay.appendable([row])) {
      cachedRows.set(entry.userId, { count: held.count + 1, rows: [...held.rows, row], replay: held.replay.apply([row]) });
    } else {
      cachedRows.delete(entry.userId);
    }
    return true;
  }

  async function zoneOf(runner: Kysely<Database>, userId: string, hint?: string | null): Promise<string> {
    const fixed = fixedZones.get(userId);
    if (fixed) return fixed;
    const hinted = hint && isTimeZone(hint);
    if (!hinted && (unfixedUntil.get(userId) ?? 0) > performance.now()) return config.billingTimeZone;
    const zones = runner.withTables<UserZoneTable>();
    const row = await zones.selectFrom('users').select('time_zone').where('id', '=', userId).executeTakeFirst();
    if (row?.time_zone) {
      fixedZones.set(userId, row.time_zone);
      return row.time_zone;
    }
    if (hinted) {
      await zones.updateTable('users').set({ time_zone: hint }).where('id', '=', userId).where('time_zone', 'is', null).execute();
      // Another request may have fixed a different one first: read back what holds.
      return zoneOf(runner, userId);
    }
    if (unfixedUntil.size > CACHED_USERS) unfixedUntil.clear();
    unfixedUntil.set(userId, performance.now() + 60_000);
    return config.billingTimeZone;
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
    const today = localDay(now, zone);
    const state = replay.snapshot(now, today);
    const tier = tierOf({ svip: runningAt(state.svipPeriods, now), vip: runningAt(state.vipPeriods, now), durationSeconds: state.packSeconds.duration });
    return { tier, rule: config.billing ? TIER_RULES[tier] : UNLIMITED_RULE, state, zone, today, billing: config.billing };
  }

  return {
    billing: config.billing,

    /** Listens for ledger rows written through this service; returns the unsubscribe. */
    onChange(listener: (userId: string) => void): () => void {
      changeListeners.add(listener);
      return () => changeListeners.delete(listener);
    },

    account(user: BillingUser, zoneHint?: string | null): Promise<Account> {
      return accountIn(db, user, zoneHint);
    },

    /** An SVIP-only right (92505003 otherwise): for the vocabulary endpoints when they are built. */
    async requireFeature(user: BillingUser, feature: SvipFeature): Promise<void> {
      const { rule } = await accountIn(db, user);
      if (!rule.features[feature]) throw entitlementRefusal(NO_SUCH_RIGHT);
    },

    /** Refuses unless some of `usage` can run now (a meeting is metered while it runs). */
    async requireSomeTime(user: BillingUser, usage: UsageKind, zoneHint?: string | null): Promise<Account> {
      const account = await accountIn(db, user, zoneHint);
      if (!account.billing) return account;
      const split = splitUse(account.rule, account.state, usage, 1);
      if (!split.ok) throw entitlementRefusal(split.code);
      return account;
    },

    /**
     * Charges `seconds` of `usage` once per `chargeKey`, in one locked transaction with its check: a
     * burst of starts cannot spend the same balance twice. Resolves false when already charged.
     */
    async charge(
      user: BillingUser,
      use: {
        usage: UsageKind;
        /** A function prices the use from the account inside the lock (a re-dubbing's price depends on the ones before). */
        seconds: number | ((account: Account) => number);
        chargeKey: string | ((account: Account) => string);
        recordId?: string | null;
        note?: string | null;
        zoneHint?: string | null;
      },
    ): Promise<boolean> {
      if (!config.billing) return false;
      const written = await withUserLocked(db, user.id, async (trx) => {
        const account = await accountIn(trx, user, use.zoneHint);
        const chargeKey = typeof use.chargeKey === 'function' ? use.chargeKey(account) : use.chargeKey;
        const seconds = Math.ceil(Math.max(0, typeof use.seconds === 'function' ? use.seconds(account) : use.seconds));
        if (account.state.keys.has(chargeKey)) return false;
        const split = splitUse(account.rule, account.state, use.usage, seconds);
        if (!split.ok) throw entitlementRefusal(split.code);
        return append(trx, consumptionEntry(user.id, { usage: use.usage, chargeKey, recordId: use.recordId ?? null, note: use.note ?? null }, split, account.today, clock.now()));
      });
      return changed(user.id, written);
    },

    /**
     * Charges the next attempt of a job keyed `<prefix><n>` (n = 1, 2, …) unless the last attempt is
     * paid and not refunded: the attempts are read from the same replay as the balance, inside the
     * one locked transaction, so the check costs no query of its own. Resolves false when nothing
     * was charged (an attempt is already paid, or BILLING=off).
     */
    async chargeNextAttempt(
      user: BillingUser,
      use: { usage: UsageKind; seconds: number; keyPrefix: string; recordId?: string | null; note?: string | null; zoneHint?: string | null },
    ): Promise<boolean> {
      if (!config.billing) return false;
      const seconds = Math.ceil(Math.max(0, use.seconds));
      const written = await withUserLocked(db, user.id, async (trx) => {
        const account = await accountIn(trx, user, use.zoneHint);
        let attempts = 0;
        while (account.state.keys.has(`${use.keyPrefix}${attempts + 1}`)) attempts += 1;
        if (attempts > 0 && !account.state.refunded.has(`${use.keyPrefix}${attempts}`)) return false;
        const split = splitUse(account.rule, account.state, use.usage, seconds);
        if (!split.ok) throw entitlementRefusal(split.code);
        return append(trx, consumptionEntry(user.id, { ...use, chargeKey: `${use.keyPrefix}${attempts + 1}` }, split, account.today, clock.now()));
      });
      return changed(user.id, written);
    },

    /** Charges what ran already (a meeting that ended): as much of `seconds` as the balance covers. */
    async chargeAvailable(user: BillingUser, use: { usage: UsageKind; seconds: number; chargeKey: string; recordId?: string | null; note?: string | null }): Promise<boolean> {
      if (!config.billing) return false;
      return withUserLocked(db, user.id, async (trx) => {
        const account = await accountIn(trx, user);
        if (account.state.keys.has(use.chargeKey)) return false;
        const seconds = Math.min(Math.ceil(Math.max(0, use.seconds)), availableSeconds(account.rule, account.state, use.usage));
        const split = splitUse(account.rule, account.state, use.usage, seconds);
        if (!split.ok) return false;
        return append(trx, consumptionEntry(user.id, use, split, account.today, clock.now()));
      });
    },

    /** Gives a failed job's charge back, once. Resolves false when there was nothing to refund. */
    async refund(chargeKey: string): Promise<boolean> {
      const charge = await entryByKey(db, chargeKey);
      if (!charge || charge.kind !== 'consumption') return false;
      const written = await append(db, {
        userId: charge.user_id,
        account: charge.account,
        kind: 'refund',
        sourceKey: `${REFUND_PREFIX}${chargeKey}`,
        seconds: -charge.seconds,
        allowanceSeconds: charge.allowance_seconds,
        usage: charge.usage,
        usageDay: charge.usage_day,
        recordId: charge.record_id,
        note: charge.note,
        createdAt: clock.now().toISOString(),
      });
      return changed(charge.user_id, written);
    },

    /** Credits a membership (days) or a pack (hours). */
    async credit(
      userId: string,
      grant: { account: LedgerAccount; kind: 'purchase' | 'grant' | 'voucher'; sourceKey: string; seconds: number; expiresAt?: Date | null; packageId?: string | null; note?: string | null },
    ): Promise<boolean> {
      const written = await append(db, {
        userId,
        account: grant.account,
        kind: grant.kind,
        sourceKey: grant.sourceKey,
        seconds: grant.seconds,
        expiresAt: grant.expiresAt ? grant.expiresAt.toISOString() : null,
        packageId: grant.packageId ?? null,
        note: grant.note ?? null,
        createdAt: clock.now().toISOString(),
      });
      return changed(userId, written);
    },
  };
}

export type Entitlements = ReturnType<typeof createEntitlements>;
