// The browser's IANA time zone, for the X-Time-Zone header on every API call and for dates shown
// in the reader's zone. Resolving it builds an Intl.DateTimeFormat, which cost ~7 ms a call on a
// throttled phone (issue 27, Lighthouse traces); the answer is kept for a minute, so a laptop that
// travels still reports its new zone.
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
