// GET /speech/meeting/getMeeting (meetingsGetMeeting) — one meeting and its state. Unchecked: the
// pages show a missing meeting themselves.
import { fromPromise } from 'xstate';
import { unwrap } from '../errors';
import { api } from '../instance';
import type { Meeting } from './meeting-types';

export async function getMeeting(id: string, signal?: AbortSignal): Promise<Meeting> {
  return unwrap(
    await api.call((client, s) => client.GET('/speech/meeting/getMeeting', { params: { query: { id } }, signal: s }), {
      silent: true,
      ...(signal ? { signal } : {}),
    }),
  );
}

export const getMeetingActor = fromPromise<Meeting, { id: string }>(({ input, signal }) => getMeeting(input.id, signal));
