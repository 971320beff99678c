// Balances derived from the ledger rows of one user: nothing here is stored, so a row appended in
// any order of events (voucher, purchase, charge, refund) gives the same answer on every read.
//
// Memberships: each SVIP row adds its seconds right after the previous SVIP period (or when bought);
// VIP time does not run while SVIP does (features §6: buying SVIP while VIP runs keeps the remaining
// VIP days and pushes them after the SVIP period). Packs: credits are lots that may lapse; a charge
// draws from the lots that lapse first; a refund gives the charge's seconds back to the lots it drew.
import type { LedgerAccount, LedgerRow, UsageKind } from '../../db/schema';

export interface Period {
  start: number;
  end: number;
}

export interface AccountState {
  /** Shared by the snapshots of one replay until its memberships change: read, never changed. */
  svipPeriods: readonly Period[];
  vipPeriods: readonly Period[];
  /** Seconds of pack credit usable now. */
  packSeconds: Record<'duration' | 'dubbing', number>;
  /** Seconds of the day's membership allowance already used, per usage kind (the user's local day). */
  allowanceUsedToday: Record<UsageKind, number>;
  /** Dubbing charges per record (net of refunded ones), for the re-dubbing price. */
  dubbingsOf: Map<string, number>;
  /** Charge keys that have been refunded. */
  refunded: Set<string>;
  /** Every source key, so a caller can see whether something was already credited or charged. */
  keys: Set<string>;
}

const CREDIT_KINDS = new Set(['purchase', 'grant', 'voucher', 'trial']);
export const REFUND_PREFIX = 'refund:';

const ms = (iso: string) => new Date(iso).getTime();

function byTime(a: LedgerRow, b: LedgerRow): number {
  return a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function svipTimeline(rows: readonly LedgerRow[]): Period[] {
  const periods: Period[] = [];
  let cursor = Number.NEGATIVE_INFINITY;
  for (const row of rows) {
    const start = Math.max(ms(row.created_at), cursor);
    const end = start + row.seconds * 1000;
    periods.push({ start, end });
    cursor = end;
  }
  return periods;
}

/** VIP seconds run only outside SVIP periods. */
function vipTimeline(rows: readonly LedgerRow[], svip: readonly Period[]): Period[] {
  const periods: Period[] = [];
  let cursor = Number.NEGATIVE_INFINITY;
  for (const row of rows) {
    let t = Math.max(ms(row.created_at), cursor);
    let remaining = row.seconds * 1000;
    while (remaining > 0) {
      const covering = svip.find((p) => p.start <= t && t < p.end);
      if (covering) {
        t = covering.end;
        continue;
      }
      const nextSvip = svip.filter((p) => p.start > t).reduce((min, p) => Math.min(min, p.start), Number.POSITIVE_INFINITY);
      const end = Math.min(t + remaining, nextSvip);
      periods.push({ start: t, end });
      remaining -= end - t;
      t = end;
    }
    cursor = t;
  }
  return periods;
}

interface Lot {
  left: number;
  expires: number;
}

/** Seconds left in the lots that have not lapsed at `nowMs`. */
function usableAt(pack: readonly Lot[], nowMs: number): number {
  let sum = 0;
  for (const lot of pack) if (lot.expires > nowMs) sum += lot.left;
  return sum;
}

/**
 * Replays ledger rows in (created_at, id) order. Rows appended later usually sort after the last one
 * replayed, so a replay can be carried forward row by row instead of starting over (see `appendable`).
 */
export class LedgerReplay {
  private readonly credits: Record<'svip' | 'vip', LedgerRow[]> = { svip: [], vip: [] };
  private readonly lots: Record<'duration' | 'dubbing', Lot[]> = { duration: [], dubbing: [] };
  private readonly drawn = new Map<string, Array<{ lot: Lot; seconds: number }>>();
  private readonly allowanceByDay = new Map<string, Record<UsageKind, number>>();
  readonly dubbingsOf = new Map<string, number>();
  readonly refunded = new Set<string>();
  readonly keys = new Set<string>();
  private last: LedgerRow | null = null;
  /**
   * The membership periods, derived from the membership rows alone (not from the time asked about),
   * so kept until one of those rows is applied: every check of every charge asked for them anew.
   */
  private periods: { svip: readonly Period[]; vip: readonly Period[] } | null = null;
  count = 0;

  /** Whether `rows` (all sorting after the last replayed row) can be applied on top of this replay. */
  appendable(rows: readonly LedgerRow[]): boolean {
    return rows.every((row) => !this.last || byTime(this.last, row) < 0);
  }

  apply(rows: readonly LedgerRow[]): this {
    // One row (a write carried forward) needs no sorted copy.
    if (rows.length === 1) this.applyOne(rows[0]!);
    else for (const row of [...rows].sort(byTime)) this.applyOne(row);
    return this;
  }

  private applyOne(row: LedgerRow): void {
    this.count += 1;
    this.last = row;
    this.keys.add(row.source_key);
    if (row.usage && row.usage_day) {
      const day = this.allowanceByDay.get(row.usage_day) ?? { upload: 0, live: 0, dubbing: 0 };
      day[row.usage] += row.kind === 'refund' ? -Math.abs(row.allowance_seconds) : row.allowance_seconds;
      this.allowanceByDay.set(row.usage_day, day);
    }
    if ((row.account === 'svip' || row.account === 'vip') && CREDIT_KINDS.has(row.kind) && row.seconds > 0) {
      this.credits[row.account].push(row);
      this.periods = null;
      return;
    }
    if (row.account !== 'duration' && row.account !== 'dubbing') return;
    const at = ms(row.created_at);
    const pack = this.lots[row.account];
    if (CREDIT_KINDS.has(row.kind) && row.seconds > 0) {
      pack.push({ left: row.seconds, expires: row.expires_at ? ms(row.expires_at) : Number.POSITIVE_INFINITY });
    } else if (row.kind === 'consumption') {
      let need = -row.seconds;
      const takes: Array<{ lot: Lot; seconds: number }> = [];
      for (const lot of pack.filter((l) => l.left > 0 && l.expires > at).sort((a, b) => a.expires - b.expires)) {
        if (need <= 0) break;
        const take = Math.min(lot.left, need);
        lot.left -= take;
        need -= take;
        takes.push({ lot, seconds: take });
      }
      this.drawn.set(row.source_key, takes);
      if (row.usage === 'dubbing' && row.record_id) this.dubbingsOf.set(row.record_id, (this.dubbingsOf.get(row.record_id) ?? 0) + 1);
    } else if (row.kind === 'refund' && row.source_key.startsWith(REFUND_PREFIX)) {
      const chargeKey = row.source_key.slice(REFUND_PREFIX.length);
      this.refunded.add(chargeKey);
      for (const take of this.drawn.get(chargeKey) ?? []) take.lot.left += take.seconds;
      if (row.usage === 'dubbing' && row.record_id) this.dubbingsOf.set(row.record_id, Math.max(0, (this.dubbingsOf.get(row.record_id) ?? 0) - 1));
    }
  }

  /** The account as of `now` on the user's local day `today`. */
  snapshot(now: Date, today: string): AccountState {
    if (!this.periods) {
      const svip = Object.freeze(svipTimeline(this.credits.svip));
      this.periods = { svip, vip: Object.freeze(vipTimeline(this.credits.vip, svip)) };
    }
    const nowMs = now.getTime();
    return {
      svipPeriods: this.periods.svip,
      vipPeriods: this.periods.vip,
      packSeconds: { duration: usableAt(this.lots.duration, nowMs), dubbing: usableAt(this.lots.dubbing, nowMs) },
      allowanceUsedToday: { ...(this.allowanceByDay.get(today) ?? { upload: 0, live: 0, dubbing: 0 }) },
      dubbingsOf: this.dubbingsOf,
      refunded: this.refunded,
      keys: this.keys,
    };
  }

  /** When a pack lot next lapses after `now` (the snapshot changes then even without new rows). */
  nextLapseAfter(now: Date): number {
    const t = now.getTime();
    return [...this.lots.duration, ...this.lots.dubbing].reduce((min, l) => (l.expires > t && l.expires < min ? l.expires : min), Number.POSITIVE_INFINITY);
  }
}

export function deriveAccount(rows: readonly LedgerRow[], now: Date, today: string): AccountState {
  return new LedgerReplay().apply(rows).snapshot(now, today);
}

export function runningAt(periods: readonly Period[], at: Date): boolean {
  const t = at.getTime();
  return periods.some((p) => p.start <= t && t < p.end);
}

/** The end of the run of back-to-back periods that covers `at` (null when none covers it). */
export function runsUntil(periods: readonly Period[], at: Date): Date | null {
  let t = at.getTime();
  let found = false;
  for (;;) {
    const next = periods.find((p) => p.start <= t && t < p.end);
    if (!next) break;
    found = true;
    t = next.end;
  }
  return found ? new Date(t) : null;
}

/** The last moment any period ends (for the account block of a membership pushed past SVIP). */
export function lastEnd(periods: readonly Period[], after: Date): Date | null {
  const ends = periods.filter((p) => p.end > after.getTime()).map((p) => p.end);
  return ends.length ? new Date(Math.max(...ends)) : null;
}
