// The browser's IANA time zone, for the X-Time-Zone header and for dates shown in the reader's zone.
// Resolving it builds the first Intl.DateTimeFormat of the page, which loads ICU's date formatting:
// ~50 ms on a laptop, ~200 ms on a phone-class CPU, the longest single step of a page's start in
// Lighthouse's profiles (issue 27). So it is resolved when something needs it, not at start-up (see
// src/api/middleware/time-zone.ts), and kept for a minute, so a laptop that travels still reports
// its new zone.
const KEEP_MS = 60_000;
let kept: { zone: string | null; at: number } | null = null;

/** The browser's IANA zone (e.g. Asia/Shanghai); null when the runtime cannot name one. */
export function browserTimeZone(now: number = Date.now()): string | null {
  if (kept && now - kept.at < KEEP_MS) return kept.zone;
  let zone: string | null = null;
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    zone = null;
  }
  kept = { zone, at: now };
  return zone;
}

/** The zone if it was resolved before (the last one resolved, however old), else null: never costs a resolution. */
export function resolvedBrowserTimeZone(): string | null {
  return kept?.zone ?? null;
}
