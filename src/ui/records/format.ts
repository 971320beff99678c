// Display helpers of record fields (pure, so list rows, cards and tests agree).

/** Seconds as h:mm:ss or m:ss; '—' when unknown. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '—';
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (value: number) => String(value).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/** An ISO time in the reader's zone as yyyy-MM-dd HH:mm; '—' when missing or invalid. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The record's speaker field is JSON text {"enabled":boolean,"maxSpeakers":number}; null when off or unreadable. */
export function speakerCount(speaker: string | null | undefined): number | null {
  if (!speaker) return null;
  try {
    const parsed = JSON.parse(speaker) as { enabled?: unknown; maxSpeakers?: unknown };
    return parsed.enabled === true && typeof parsed.maxSpeakers === 'number' ? parsed.maxSpeakers : null;
  } catch {
    return null;
  }
}

/** Milliseconds as m:ss for transcript lines. */
export function formatOffset(ms: number): string {
  return formatDuration(ms / 1000);
}
