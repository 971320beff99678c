// POST /speech/meeting/invite (meetingsInvite) — the host opens the meeting's invitation link with an
// expiry (a renewed link retires the old one). Checked.
import { fromPromise } from 'xstate';
import { unwrap } from '../errors';
import { api } from '../instance';
import type { InviteExpiry, Meeting } from './meeting-types';

export interface InviteRequest {
  meetingId: string;
  expiry: InviteExpiry;
  renew?: boolean;
}

export async function inviteToMeeting(request: InviteRequest): Promise<Meeting> {
  return unwrap(await api.call((client, signal) => client.POST('/speech/meeting/invite', { body: request, signal })));
}

export const inviteToMeetingActor = fromPromise<Meeting, InviteRequest>(({ input }) => inviteToMeeting(input));
