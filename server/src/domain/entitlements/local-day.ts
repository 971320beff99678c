// The user's local calendar day: daily allowances roll over at midnight in the user's own time zone.
const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * Today's offsets are whole quarter hours and zones change them on quarter hours, so a local day
 * turns only on a UTC quarter-hour boundary: the day of a quarter hour is formatted once (every
 * account read asks for it, and ICU's formatting with a zone costs tens of microseconds).
 */
const SLOT_MS = 15 * 60_000;
const lastSlot = new Map<string, { slot: number; day: string | null }>();

export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  if (formatters.has(zone)) return true;
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function formatDay(ms: number, zone: string): string {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(zone, format);
  }
  return format.format(ms);
}

/** YYYY-MM-DD of `at` in `zone` (an IANA name such as Asia/Shanghai). */
export function localDay(at: Date, zone: string): string {
  const ms = at.getTime();
  const slot = Math.floor(ms / SLOT_MS);
  const known = lastSlot.get(zone);
  if (known?.slot === slot && known.day !== null) return known.day;
  const day = formatDay(ms, zone);
  if (known?.slot !== slot) {
    // Kept only when the slot's first and last instants agree (an old offset with seconds, such as
    // local mean time before 1970, can turn the day inside a slot: then every call formats).
    const first = slot * SLOT_MS;
    const same = formatDay(first, zone) === formatDay(first + SLOT_MS - 1, zone);
    lastSlot.set(zone, { slot, day: same ? day : null });
  }
  return day;
}
