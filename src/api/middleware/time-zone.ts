import type { Middleware } from 'openapi-fetch';
import { browserTimeZoneSoon } from '../../shared/browser-time-zone';

/**
 * Daily allowances roll over at the user's own midnight (features §6), so the server is told the
 * zone on every call (X-Time-Zone); it fixes it on the account the first time it sees one. The
 * browser's zone comes from a worker started with the page (src/shared/browser-time-zone.ts).
 */
export function timeZoneMiddleware(getTimeZone: () => string | null | Promise<string | null> = browserTimeZoneSoon): Middleware {
  return {
    async onRequest({ request }) {
      const zone = await getTimeZone();
      if (zone) request.headers.set('X-Time-Zone', zone);
    },
  };
}
