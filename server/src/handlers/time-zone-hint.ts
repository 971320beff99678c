// The client's IANA time zone, when it sends one (X-Time-Zone: Asia/Shanghai). It fixes the user's
// zone on their first metered use, so daily allowances roll over at their own midnight.
import type { FastifyRequest } from 'fastify';

export function timeZoneHint(request: FastifyRequest): string | null {
  const value = request.headers['x-time-zone'];
  return typeof value === 'string' && value.length <= 64 ? value : null;
}
