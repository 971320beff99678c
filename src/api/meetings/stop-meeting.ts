// POST /speech/meeting/stopMeeting (meetingsStopMeeting) — ends a meeting. Checked.
import { fromPromise } from 'xstate';
import { unwrap } from '../errors';
import { api } from '../instance';
import type { Meeting } from './meeting-types';

export async function stopMeeting(id: string, signal?: AbortSignal): Promise<Meeting> {
  return unwrap(await api.call((client, s) => client.POST('/speech/meeting/stopMeeting', { body: { id }, signal: s }), signal ? { signal } : {}));
}

export const stopMeetingActor = fromPromise<Meeting, { id: string }>(({ input, signal }) => stopMeeting(input.id, signal));
