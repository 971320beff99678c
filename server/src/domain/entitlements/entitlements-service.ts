// What a user may do and what it costs, read from the ledger through the one tier table. Handlers
// call `require*` before work starts and `charge` when it starts; jobs call `refund` when work fails.
// Composed of the ledger rows held in memory (ledger-cache), the user's zone (account-zones), the
// account read (entitlement-account) and the ledger writes (ledger-writes).
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Database, UsageKind } from '../../db/schema';
import { createAccountZones } from './account-zones';
import { createAccountReader, entitlementRefusal, type Account, type BillingConfig, type BillingUser } from './entitlement-account';
import { createLedgerCache } from './ledger-cache';
import { createLedgerWrites } from './ledger-writes';
import { NO_SUCH_RIGHT, splitUse } from './metering';
import type { SvipFeature } from './tier-rules';

export { entitlementRefusal, trialKey, type Account, type BillingConfig, type BillingUser } from './entitlement-account';

export function createEntitlements(deps: { db: Kysely<Database>; clock: Clock; config: BillingConfig }) {
  const { db, clock, config } = deps;
  const ledger = createLedgerCache();
  const { accountIn, heldAccount } = createAccountReader({ clock, config, ledger, zones: createAccountZones(config) });
  // Told after a row is written for a user (credit, refund, charge): the live hub re-reads a running
  // meeting's balance with it, so a purchase resumes a meeting the meter paused (this instance only).
  const changeListeners = new Set<(userId: string) => void>();
  const changed = (userId: string, written: boolean): boolean => {
    if (written) for (const listener of changeListeners) listener(userId);
    return written;
  };

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

    ...createLedgerWrites({ db, clock, config, ledger, accountIn, heldAccount, changed }),
  };
}

export type Entitlements = ReturnType<typeof createEntitlements>;
