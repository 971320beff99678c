// How a metered use (upload transcription, live interpreting, dubbing) is paid, as pure functions
// of the tier rule and the derived account: first from the day's membership allowance, the rest from
// the pack. The refusal codes are those of the error catalogue (features §8).
import type { UsageKind } from '../../db/schema';
import type { AccountState } from './balances';
import type { TierRule } from './tier-rules';

export const INSUFFICIENT_BALANCE = 92505000;
export const QUOTA_USED_UP = 92505001;
export const NO_SUCH_RIGHT = 92505003;

export type RefusalCode = typeof INSUFFICIENT_BALANCE | typeof QUOTA_USED_UP | typeof NO_SUCH_RIGHT;

export type UseSplit = { ok: true; allowance: number; pack: number; available: number } | { ok: false; code: RefusalCode; available: number };

function allowancePerDay(rule: TierRule, usage: UsageKind): number {
  if (usage === 'live') return rule.liveSecondsPerDay;
  if (usage === 'upload') return rule.uploadSecondsPerDay;
  return 0;
}

/** Seconds of `usage` the user can still run now (allowance left today plus the pack). */
export function availableSeconds(rule: TierRule, state: AccountState, usage: UsageKind): number {
  const pack = usage === 'dubbing' ? state.packSeconds.dubbing : state.packSeconds.duration;
  return Math.max(0, allowancePerDay(rule, usage) - state.allowanceUsedToday[usage]) + pack;
}

/** Splits `seconds` of use between the day's allowance and the pack, or names why it cannot run. */
export function splitUse(rule: TierRule, state: AccountState, usage: UsageKind, seconds: number): UseSplit {
  const available = availableSeconds(rule, state, usage);
  // AI voiceover is a right of the dubbing pack alone (features §6).
  if (usage === 'dubbing' && state.packSeconds.dubbing <= 0 && seconds > 0) return { ok: false, code: NO_SUCH_RIGHT, available };
  const perDay = allowancePerDay(rule, usage);
  const allowanceLeft = Math.max(0, perDay - state.allowanceUsedToday[usage]);
  const allowance = Math.min(seconds, allowanceLeft);
  const pack = seconds - allowance;
  const packHeld = usage === 'dubbing' ? state.packSeconds.dubbing : state.packSeconds.duration;
  if (pack > packHeld) {
    // A membership whose day is used up: 'package quota used up'; no membership: 'insufficient balance'.
    return { ok: false, code: perDay > 0 && Number.isFinite(perDay) ? QUOTA_USED_UP : INSUFFICIENT_BALANCE, available };
  }
  return { ok: true, allowance, pack, available };
}
