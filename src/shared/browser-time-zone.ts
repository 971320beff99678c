// The browser's IANA time zone, for the X-Time-Zone header on every API call and for dates shown in
// the reader's zone. Resolving it builds the thread's first Intl.DateTimeFormat, which loads ICU's date
// formatting: ~50 ms on a laptop, ~200 ms on a phone-class CPU — the longest single step of a page's
// start in Lighthouse's profiles (issue 27). So the API's calls take it from a worker, started with the
// page (browserTimeZoneSoon); the answer is kept for a minute, so a laptop that travels still reports
// its new zone.
const KEEP_MS = 60_000;
let kept: { zone: string | null; at: number } | null = null;
let resolving: Promise<string | null> | null = null;

function keep(zone: string | null, now: number): string | null {
  kept = { zone, at: now };
  return zone;
}

/** The browser's IANA zone (e.g. Asia/Shanghai), resolved on this thread; null when the runtime cannot name one. */
export function browserTimeZone(now: number = Date.now()): string | null {
  if (kept && now - kept.at < KEEP_MS) return kept.zone;
  try {
    return keep(Intl.DateTimeFormat().resolvedOptions().timeZone || null, now);
  } catch {
    return keep(null, now);
  }
}

/** The browser's zone without blocking the main thread when a worker can resolve it (the API's calls wait for it). */
export function browserTimeZoneSoon(now: number = Date.now()): Promise<string | null> {
  if (kept && now - kept.at < KEEP_MS) return Promise.resolve(kept.zone);
  // Where no worker can run (the constructor throws) or it fails, the zone is resolved on this thread.
  return (resolving ??= new Promise<string | null>((resolve, reject) => {
    const worker = new Worker(new URL('./time-zone.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<string | null>) => resolve(event.data);
    worker.onerror = reject;
  })
    .then((zone) => keep(zone, Date.now()), () => browserTimeZone())
    .finally(() => (resolving = null)));
}
