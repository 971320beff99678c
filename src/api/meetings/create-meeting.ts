// POST /speech/meeting/create (meetingsCreate) — a new meeting with its languages and subtitle
// style. Checked; rejects with the ApiError so the machine keeps the server's message or a key.
import { fromPromise } from 'xstate';
import { unwrap } from '../errors';
import { api } from '../instance';
import type { CreateMeetingBody, Meeting } from './meeting-types';

export async function createMeeting(body: CreateMeetingBody, signal?: AbortSignal): Promise<Meeting> {
  return unwrap(await api.call((client, s) => client.POST('/speech/meeting/create', { body, signal: s }), signal ? { signal } : {}));
}

export const createMeetingActor = fromPromise<Meeting, CreateMeetingBody>(({ input, signal }) => createMeeting(input, signal));
