import type { Middleware } from 'openapi-fetch';
import { browserTimeZone, resolvedBrowserTimeZone } from '../../shared/browser-time-zone';

export interface TimeZoneSource {
  /** The zone, resolved now if need be. */
  resolve(): string | null;
  /** The zone only if already resolved: resolving it first costs a long task at start-up (issue 27). */
  ifResolved(): string | null;
}

const browserZone: TimeZoneSource = { resolve: browserTimeZone, ifResolved: resolvedBrowserTimeZone };

/**
 * Daily allowances roll over at the user's own midnight (features §6), so the server is told the
 * zone (X-Time-Zone); it fixes it on the account the first time it sees one. Every call that changes
 * something carries it, resolved then if need be, so the zone is fixed before any metered use; a read
 * carries it once it is known, and does not pay for resolving it: the reads of a page's first paint
 * (lists, a transcript, the account's blocks) count nothing, and a user with no zone fixed yet has
 * no usage whose day it could move.
 */
export function timeZoneMiddleware(source: TimeZoneSource = browserZone): Middleware {
  return {
    onRequest({ request }) {
      const read = request.method === 'GET' || request.method === 'HEAD';
      const zone = read ? source.ifResolved() : source.resolve();
      if (zone) request.headers.set('X-Time-Zone', zone);
    },
  };
}
