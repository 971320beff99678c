import type { Middleware } from 'openapi-fetch';

/** The browser's IANA zone (e.g. Asia/Shanghai); null when the runtime cannot name one. */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/**
 * Daily allowances roll over at the user's own midnight (features §6), so the server is told the
 * zone on every call (X-Time-Zone); it fixes it on the account the first time it sees one.
 */
export function timeZoneMiddleware(getTimeZone: () => string | null = browserTimeZone): Middleware {
  return {
    onRequest({ request }) {
      const zone = getTimeZone();
      if (zone) request.headers.set('X-Time-Zone', zone);
    },
  };
}
