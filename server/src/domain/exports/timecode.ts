// Subtitle formats differ only in the fraction separator: SRT uses a comma, WebVTT a dot.
export function timecode(ms: number, fractionSeparator: ',' | '.'): string {
  const safe = Math.max(0, Math.round(ms));
  const hours = Math.floor(safe / 3_600_000);
  const minutes = Math.floor((safe % 3_600_000) / 60_000);
  const seconds = Math.floor((safe % 60_000) / 1000);
  const millis = safe % 1000;
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}${fractionSeparator}${pad(millis, 3)}`;
}

/** Short clock for reading transcripts: 01:02:03 or 02:03 under an hour. */
export function clock(ms: number): string {
  const full = timecode(ms, '.').slice(0, 8);
  return full.startsWith('00:') ? full.slice(3) : full;
}
