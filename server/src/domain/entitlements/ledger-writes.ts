// Writing to the ledger through the checks: charges (once per key, inside the user's lock, so a
// burst of starts cannot spend the same balance twice), refunds of failed work, and credits of
// purchases, grants and vouchers. Each write is told to the change listeners.
import { SqliteAdapter, type Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Database, LedgerAccount, UsageKind } from '../../db/schema';
import { REFUND_PREFIX } from './balances';
import { entitlementRefusal, type Account, type AccountReader, type BillingConfig, type BillingUser, type HeldAccountReader } from './entitlement-account';
import { entryByKey, withUserLocked } from './ledger';
import type { LedgerCache } from './ledger-cache';
import { availableSeconds, splitUse } from './metering';

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

interface Deps {
  db: Kysely<Database>;
  clock: Clock;
  config: BillingConfig;
  ledger: LedgerCache;
  accountIn: AccountReader;
  heldAccount: HeldAccountReader;
  /** Tells the listeners when `written`; answers `written`. */
  changed: (userId: string, written: boolean) => boolean;
}

/** What a charge decides from an account: the row to write, or false when it is paid already. */
type ChargeDecision = ReturnType<typeof consumptionEntry> | false;

type AttemptUse = { usage: UsageKind; keyPrefix: string; recordId?: string | null; note?: string | null };

/**
 * The next attempt of a job keyed `<prefix><n>` (n = 1, 2, …): its row, false when the last attempt
 * is paid and not refunded, or the refusal thrown. One function for the held and the locked path.
 */
function nextAttemptEntry(userId: string, use: AttemptUse, seconds: number, account: Account, at: Date): ChargeDecision {
  let attempts = 0;
  while (account.state.keys.has(`${use.keyPrefix}${attempts + 1}`)) attempts += 1;
  if (attempts > 0 && !account.state.refunded.has(`${use.keyPrefix}${attempts}`)) return false;
  const split = splitUse(account.rule, account.state, use.usage, seconds);
  if (!split.ok) throw entitlementRefusal(split.code);
  const chargeKey = `${use.keyPrefix}${attempts + 1}`;
  return consumptionEntry(userId, { usage: use.usage, chargeKey, recordId: use.recordId, note: use.note }, split, account.today, at);
}

export function createLedgerWrites({ db, clock, config, ledger, accountIn, heldAccount, changed }: Deps) {
  const { append, appendIfCount } = ledger;
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;

  /**
   * SQLite, with the user's rows held in memory: decides the next attempt from them and writes in
   * one statement that holds only while the user's row count is what they were read at
   * (optimistic), so the usual check costs no transaction, no read and no wait before its one
   * statement. Null (nothing written) sends the caller to the locked path: no rows held or zone
   * still to be read, the count moved (another request or instance wrote), or a refusal, which the
   * locked path confirms from the table before it is answered.
   */
  async function chargeNextAttemptFromHeld(user: BillingUser, use: AttemptUse & { zoneHint?: string | null }, seconds: number): Promise<boolean | null> {
    if (!sqlite) return null;
    const held = heldAccount(user, use.zoneHint);
    if (!held) return null;
    let entry: ChargeDecision;
    try {
      entry = nextAttemptEntry(user.id, use, seconds, held.account, clock.now());
    } catch {
      return null;
    }
    // The ledger is append-only: a key the held rows have is in the table.
    if (entry === false) return false;
    return (await appendIfCount(db, entry, held.count)) ? true : null;
  }

  return {
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
      const fast = await chargeNextAttemptFromHeld(user, use, seconds);
      if (fast !== null) return changed(user.id, fast);
      const written = await withUserLocked(db, user.id, async (trx) => {
        const entry = nextAttemptEntry(user.id, use, seconds, await accountIn(trx, user, use.zoneHint), clock.now());
        return entry !== false && (await append(trx, entry));
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
