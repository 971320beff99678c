// The ledger derivation as pure functions: membership timelines (SVIP pushes VIP), pack lots that
// lapse, refunds that give back what a charge drew, and the tier table's own numbers (features §6).
import { describe, expect, it } from 'vitest';
import type { LedgerRow } from '../../db/schema';
import { DEFAULT_PERMISSIONS } from '../account/account-view';
import { deriveAccount, lastEnd, LedgerReplay, runningAt } from './balances';
import { splitUse } from './metering';
import { dubbingCostSeconds, TIER_RULES, tierOf } from './tier-rules';

const DAY = 86_400;
const HOUR = 3_600;
const T0 = Date.parse('2025-03-01T00:00:00Z');
let n = 0;
const at = (days: number) => new Date(T0 + days * DAY * 1000).toISOString();
const row = (fields: Partial<LedgerRow> & Pick<LedgerRow, 'account' | 'kind' | 'seconds'>): LedgerRow => ({
  id: String(++n).padStart(6, '0'),
  user_id: 'u',
  source_key: `k${n}`,
  allowance_seconds: 0,
  usage: null,
  usage_day: null,
  expires_at: null,
  package_id: null,
  record_id: null,
  note: null,
  created_at: at(0),
  ...fields,
});

describe('membership timeline', () => {
  it('runs VIP days left when SVIP is bought after the SVIP period, and a second SVIP after the first', () => {
    const rows = [
      row({ account: 'vip', kind: 'grant', seconds: 10 * DAY, created_at: at(0) }),
      row({ account: 'svip', kind: 'purchase', seconds: 30 * DAY, created_at: at(2) }),
      row({ account: 'svip', kind: 'voucher', seconds: 5 * DAY, created_at: at(3) }),
    ];
    const state = deriveAccount(rows, new Date(at(4)), '2025-03-05');
    expect(state.svipPeriods).toEqual([
      { start: Date.parse(at(2)), end: Date.parse(at(32)) },
      { start: Date.parse(at(32)), end: Date.parse(at(37)) },
    ]);
    expect(state.vipPeriods).toEqual([
      { start: Date.parse(at(0)), end: Date.parse(at(2)) },
      { start: Date.parse(at(37)), end: Date.parse(at(45)) },
    ]);
    expect(runningAt(state.vipPeriods, new Date(at(4)))).toBe(false);
    expect(lastEnd(state.vipPeriods, new Date(at(4)))?.toISOString()).toBe(at(45));
  });
});

describe('pack lots', () => {
  it('draws from the lot that lapses first, loses what lapses, and a refund gives back what its charge drew', () => {
    const rows = [
      row({ account: 'duration', kind: 'voucher', seconds: 2 * HOUR, expires_at: at(10), created_at: at(0) }),
      row({ account: 'duration', kind: 'grant', seconds: 1 * HOUR, created_at: at(0) }),
      row({ account: 'duration', kind: 'consumption', source_key: 'c1', seconds: -HOUR, usage: 'upload', created_at: at(1) }),
      row({ account: 'duration', kind: 'consumption', source_key: 'c2', seconds: -HOUR, usage: 'upload', created_at: at(2) }),
      row({ account: 'duration', kind: 'refund', source_key: 'refund:c2', seconds: HOUR, usage: 'upload', created_at: at(3) }),
    ];
    expect(deriveAccount(rows, new Date(at(5)), '').packSeconds.duration).toBe(2 * HOUR);
    // After day 10 the voucher's hour given back has lapsed with its lot; the grant's hour stays.
    expect(deriveAccount(rows, new Date(at(11)), '').packSeconds.duration).toBe(HOUR);
  });

  it('counts the day’s allowance used per kind, net of refunds', () => {
    const rows = [
      row({ account: 'duration', kind: 'consumption', source_key: 'a', seconds: 0, allowance_seconds: 2 * HOUR, usage: 'live', usage_day: '2025-03-01' }),
      row({ account: 'duration', kind: 'consumption', source_key: 'b', seconds: 0, allowance_seconds: HOUR, usage: 'live', usage_day: '2025-03-01' }),
      row({ account: 'duration', kind: 'refund', source_key: 'refund:b', seconds: 0, allowance_seconds: HOUR, usage: 'live', usage_day: '2025-03-01' }),
      row({ account: 'duration', kind: 'consumption', source_key: 'c', seconds: 0, allowance_seconds: HOUR, usage: 'live', usage_day: '2025-02-28' }),
    ];
    const state = deriveAccount(rows, new Date(at(0)), '2025-03-01');
    expect(state.allowanceUsedToday).toEqual({ live: 2 * HOUR, upload: 0, dubbing: 0 });
    expect(splitUse(TIER_RULES.vip, state, 'live', HOUR)).toMatchObject({ ok: true, allowance: HOUR, pack: 0 });
    expect(splitUse(TIER_RULES.vip, state, 'live', HOUR + 1)).toMatchObject({ ok: false, code: 92505001 });
  });
});

describe('a replay carried forward', () => {
  it('equals a replay from scratch, and refuses rows that sort before its last', () => {
    const first = [
      row({ account: 'duration', kind: 'grant', seconds: 2 * HOUR, created_at: at(0) }),
      row({ account: 'vip', kind: 'grant', seconds: 5 * DAY, created_at: at(0) }),
      row({ account: 'duration', kind: 'consumption', source_key: 'x1', seconds: -HOUR, allowance_seconds: 60, usage: 'upload', usage_day: '2025-03-02', created_at: at(1) }),
    ];
    const later = [
      row({ account: 'duration', kind: 'refund', source_key: 'refund:x1', seconds: HOUR, allowance_seconds: 60, usage: 'upload', usage_day: '2025-03-02', created_at: at(2) }),
      row({ account: 'svip', kind: 'purchase', seconds: DAY, created_at: at(2) }),
    ];
    const carried = new LedgerReplay().apply(first);
    expect(carried.appendable(later)).toBe(true);
    carried.apply(later);
    const now = new Date(at(2));
    expect(carried.snapshot(now, '2025-03-02')).toEqual(deriveAccount([...later, ...first], now, '2025-03-02'));
    expect(carried.appendable([row({ account: 'duration', kind: 'grant', seconds: 1, created_at: at(1) })])).toBe(false);
  });

  it('gives the membership periods anew once a membership row is applied after a snapshot, one row at a time', () => {
    const rows = [
      row({ account: 'vip', kind: 'grant', seconds: 10 * DAY, created_at: at(0) }),
      row({ account: 'duration', kind: 'grant', seconds: 2 * HOUR, created_at: at(1) }),
      row({ account: 'duration', kind: 'consumption', source_key: 'y1', seconds: -HOUR, usage: 'upload', usage_day: '2025-03-03', created_at: at(2) }),
      row({ account: 'svip', kind: 'purchase', seconds: 3 * DAY, created_at: at(3) }),
      row({ account: 'duration', kind: 'refund', source_key: 'refund:y1', seconds: HOUR, usage: 'upload', usage_day: '2025-03-03', created_at: at(4) }),
      row({ account: 'vip', kind: 'voucher', seconds: DAY, created_at: at(5) }),
      row({ account: 'svip', kind: 'grant', seconds: DAY, created_at: at(6) }),
    ];
    const carried = new LedgerReplay();
    const now = new Date(at(7));
    let before = carried.snapshot(now, '2025-03-08');
    rows.forEach((next, i) => {
      carried.apply([next]);
      const after = carried.snapshot(now, '2025-03-08');
      expect(after).toEqual(deriveAccount(rows.slice(0, i + 1), now, '2025-03-08'));
      // Rows that are not memberships leave the periods as they were (the same ones are handed out).
      if (next.account === 'duration') expect(after.svipPeriods).toBe(before.svipPeriods);
      before = after;
    });
    expect(Object.isFrozen(before.svipPeriods) && Object.isFrozen(before.vipPeriods)).toBe(true);
  });
});

describe('the tier table (features §6)', () => {
  it('holds the numbers of the spec', () => {
    expect([TIER_RULES.vip.liveSecondsPerDay, TIER_RULES.svip.liveSecondsPerDay]).toEqual([3 * HOUR, 10 * HOUR]);
    expect([TIER_RULES.vip.uploadSecondsPerDay, TIER_RULES.svip.uploadSecondsPerDay]).toEqual([10 * HOUR, 20 * HOUR]);
    expect(['duration', 'vip', 'svip'].map((t) => TIER_RULES[t as 'vip'].recognitionLanguages)).toEqual([2, 2, 10]);
    expect(['duration', 'vip', 'svip'].map((t) => TIER_RULES[t as 'vip'].interpretationLanguages)).toEqual([2, 2, 4]);
    expect(tierOf({ svip: true, vip: true, durationSeconds: 5 })).toBe('svip');
    expect(tierOf({ svip: false, vip: true, durationSeconds: 5 })).toBe('vip');
    expect(tierOf({ svip: false, vip: false, durationSeconds: 5 })).toBe('duration');
    expect(tierOf({ svip: false, vip: false, durationSeconds: 0 })).toBe('none');
  });

  it('answers the defaults of features §3 for a user who holds nothing', () => {
    expect(DEFAULT_PERMISSIONS).toEqual({
      recognitionCount: 2,
      translateCount: 2,
      proprietaryWords: false,
      translateGlossary: false,
      sensitiveWords: false,
      inviteMeeting: false,
      screenCasting: false,
      tier: 'none',
      billing: true,
    });
  });

  it('prices re-dubbing at half the length, the first re-dubbing free', () => {
    expect([0, 1, 2, 3].map((earlier) => dubbingCostSeconds(601, earlier))).toEqual([601, 0, 301, 301]);
  });
});
