// What a user holds per account block, derived from the ledger (vouchers, purchases, grants, the
// trial): the end of a membership still held, or the credit left in a pack. Nothing is assumed.
import type { PackageType } from '../../db/schema';
import { lastEnd, type AccountState } from '../entitlements/balances';
import { ACCOUNT_KIND_OF } from '../vouchers/package-types';

export type AccountKind = (typeof ACCOUNT_KIND_OF)[PackageType];

export type Holding = { kind: 'membership'; validUntil: Date } | { kind: 'credit'; secondsLeft: number };

export type Holdings = Partial<Record<AccountKind, Holding>>;

export function holdingsFrom(state: AccountState, now: Date): Holdings {
  const holdings: Holdings = {};
  // A VIP pushed past an SVIP period is still held: its block shows when it finally ends.
  const svipUntil = lastEnd(state.svipPeriods, now);
  const vipUntil = lastEnd(state.vipPeriods, now);
  if (svipUntil) holdings.svipMember = { kind: 'membership', validUntil: svipUntil };
  if (vipUntil) holdings.vipMember = { kind: 'membership', validUntil: vipUntil };
  if (state.packSeconds.duration > 0) holdings.duration = { kind: 'credit', secondsLeft: state.packSeconds.duration };
  if (state.packSeconds.dubbing > 0) holdings.smartDubbing = { kind: 'credit', secondsLeft: state.packSeconds.dubbing };
  return holdings;
}
