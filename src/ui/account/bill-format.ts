// Dates and amounts on the bills page in the reader's locale and time zone (issue 29: the raw
// `2026-11-28T02:44:03.718Z` is no date a person reads). Intl does the work; an unknown zone or a
// broken date falls back to what can still be read rather than throwing.

/** A moment as the reader's locale writes a date and time, in their zone (the browser's when null). */
export function formatBillDate(iso: string, locale: string, timeZone: string | null): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
  try {
    return new Intl.DateTimeFormat(locale, timeZone ? { ...options, timeZone } : options).format(date);
  } catch {
    return new Intl.DateTimeFormat(locale, options).format(date);
  }
}

/** Yuan as the reader's locale writes money (¥99.00, CN¥99.00…): prices are in yuan (features §2). */
export function formatYuanAmount(amount: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'CNY' }).format(amount);
}

/** A day (YYYY-MM-DD, already the reader's day) as a short month and day for a chart's axis. */
export function formatChartDay(day: string, locale: string): string {
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return day;
  // Noon UTC read in UTC: the same calendar day whatever the reader's zone.
  return new Intl.DateTimeFormat(locale, { month: 'numeric', day: 'numeric', timeZone: 'UTC' }).format(Date.UTC(year, month - 1, date, 12));
}
