export interface LocationLike {
  pathname: string;
  search: string;
}

/**
 * When the previous location had a meetingId query and the next one does not, navigation keeps it
 * (features §2), except towards /screenProjection. Returns the next search with the meetingId carried
 * over, or null when nothing needs to change.
 */
export function carryMeetingId(previous: LocationLike | null, next: LocationLike): string | null {
  if (!previous) return null;
  if (next.pathname === '/screenProjection') return null;
  const meetingId = new URLSearchParams(previous.search).get('meetingId');
  if (!meetingId) return null;
  const nextQuery = new URLSearchParams(next.search);
  if (nextQuery.has('meetingId')) return null;
  nextQuery.set('meetingId', meetingId);
  return `?${nextQuery.toString()}`;
}
