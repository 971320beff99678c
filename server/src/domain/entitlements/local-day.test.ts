// The local day remembered per quarter hour must be the day a fresh formatter gives at every instant,
// across midnights and offset changes in zones with odd offsets, and in an old local mean time.
import { describe, expect, it } from 'vitest';
import { isTimeZone, localDay } from './local-day';

const formats = new Map<string, Intl.DateTimeFormat>();
/** The day as ICU formats it at that very instant (no memory of quarter hours). */
function fresh(ms: number, zone: string): string {
  if (!formats.has(zone)) formats.set(zone, new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }));
  return formats.get(zone)!.format(ms);
}

/** Every `stepMs` over `hours` either side of `around`, in order (as a running server asks). */
function mismatches(zone: string, around: string, hours: number, stepMs: number): string[] {
  const centre = Date.parse(around);
  const wrong: string[] = [];
  for (let ms = centre - hours * 3_600_000; ms <= centre + hours * 3_600_000; ms += stepMs) {
    const day = localDay(new Date(ms), zone);
    if (day !== fresh(ms, zone)) wrong.push(`${new Date(ms).toISOString()} ${zone}: ${day} ≠ ${fresh(ms, zone)}`);
  }
  return wrong;
}

describe('localDay', () => {
  it.each([
    // Midnights and offset changes: New York's spring and autumn, Lord Howe's half-hour shift,
    // Kathmandu (+5:45), Chatham (+12:45/+13:45), Santiago falling back at midnight, Shanghai.
    ['America/New_York', '2026-03-08T07:00:00Z'],
    ['America/New_York', '2026-11-01T06:00:00Z'],
    ['Australia/Lord_Howe', '2026-04-04T15:00:00Z'],
    ['Asia/Kathmandu', '2026-06-01T18:15:00Z'],
    ['Pacific/Chatham', '2026-04-04T14:00:00Z'],
    ['America/Santiago', '2026-04-05T03:00:00Z'],
    ['Asia/Shanghai', '2026-12-03T16:00:00Z'],
  ])('matches a fresh formatter minute by minute in %s around %s', (zone, around) => {
    expect(mismatches(zone, around, 30, 60_000 - 7)).toEqual([]);
  });

  it('matches at a second-level offset (Amsterdam before 1937, +0:19:32)', () => {
    expect(mismatches('Europe/Amsterdam', '1930-06-01T23:40:28Z', 1, 1_000)).toEqual([]);
  });

  it('answers for instants out of order (a bill lists past days after today)', () => {
    const now = Date.parse('2026-12-03T23:50:00Z');
    for (const ms of [now, now - 86_400_000, now, now - 600_000, now + 900_000, now]) {
      expect(localDay(new Date(ms), 'Asia/Tokyo')).toBe(fresh(ms, 'Asia/Tokyo'));
    }
  });

  it('knows a zone from a name that is not one', () => {
    expect(isTimeZone('Asia/Shanghai')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});
