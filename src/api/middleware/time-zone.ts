import type { Middleware } from 'openapi-fetch';
import { browserTimeZone } from '../../shared/browser-time-zone';

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
