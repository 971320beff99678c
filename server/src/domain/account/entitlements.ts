// What a user holds per account block, read from the entitlements rows (vouchers now, orders
// later): the end of a running membership, or the credit left in a pack. Nothing is assumed.
import type { Kysely } from 'kysely';
import type { Database, PackageType } from '../../db/schema';
import { ACCOUNT_KIND_OF, isMembership } from '../vouchers/package-types';

export type AccountKind = (typeof ACCOUNT_KIND_OF)[PackageType];

export type Holding = { kind: 'membership'; validUntil: Date } | { kind: 'credit'; secondsLeft: number };

export type Holdings = Partial<Record<AccountKind, Holding>>;

export async function holdingsOf(db: Kysely<Database>, userId: string, now: Date): Promise<Holdings> {
  const rows = await db
    .selectFrom('entitlements')
    .select(['package_type', 'valid_until', 'credit_seconds', 'used_seconds'])
    .where('user_id', '=', userId)
    .execute();
  const holdings: Holdings = {};
  for (const row of rows) {
    const kind = ACCOUNT_KIND_OF[row.package_type];
    if (isMembership(row.package_type)) {
      const until = row.valid_until ? new Date(row.valid_until) : null;
      if (!until || until <= now) continue;
      const held = holdings[kind];
      if (!held || (held.kind === 'membership' && held.validUntil < until)) holdings[kind] = { kind: 'membership', validUntil: until };
    } else {
      if (row.valid_until && new Date(row.valid_until) <= now) continue;
      const left = Math.max(0, (row.credit_seconds ?? 0) - row.used_seconds);
      const held = holdings[kind];
      holdings[kind] = { kind: 'credit', secondsLeft: (held?.kind === 'credit' ? held.secondsLeft : 0) + left };
    }
  }
  return holdings;
}
