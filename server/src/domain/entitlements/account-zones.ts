// The time zone a user's day is counted in: fixed once from the first request that names a valid
// one (x-time-zone), the billing zone until then. A zone once fixed never changes; 'none fixed yet'
// is re-read after a minute (another instance may fix it).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { CACHED_USERS } from './ledger-cache';
import { isTimeZone } from './local-day';

type UserZoneTable = { users: { id: string; time_zone: string | null } };

export function createAccountZones(config: { billingTimeZone: string }) {
  const fixedZones = new Map<string, string>();
  const unfixedUntil = new Map<string, number>();

  /** The zone when it needs no read: fixed, or none fixed yet and no valid hint to fix it with. */
  function knownZone(userId: string, hint?: string | null): string | null {
    const fixed = fixedZones.get(userId);
    if (fixed) return fixed;
    if (!(hint && isTimeZone(hint)) && (unfixedUntil.get(userId) ?? 0) > performance.now()) return config.billingTimeZone;
    return null;
  }

  async function zoneOf(runner: Kysely<Database>, userId: string, hint?: string | null): Promise<string> {
    const known = knownZone(userId, hint);
    if (known) return known;
    const hinted = hint && isTimeZone(hint);
    const zones = runner.withTables<UserZoneTable>();
    const row = await zones.selectFrom('users').select('time_zone').where('id', '=', userId).executeTakeFirst();
    if (row?.time_zone) {
      fixedZones.set(userId, row.time_zone);
      return row.time_zone;
    }
    if (hinted) {
      await zones.updateTable('users').set({ time_zone: hint }).where('id', '=', userId).where('time_zone', 'is', null).execute();
      // Another request may have fixed a different one first: read back what holds. The 'none fixed
      // yet' memo is dropped first, or the read-back would answer the billing zone from it.
      unfixedUntil.delete(userId);
      return zoneOf(runner, userId);
    }
    if (unfixedUntil.size > CACHED_USERS) unfixedUntil.clear();
    unfixedUntil.set(userId, performance.now() + 60_000);
    return config.billingTimeZone;
  }

  return { zoneOf, knownZone };
}

export type AccountZones = ReturnType<typeof createAccountZones>;
