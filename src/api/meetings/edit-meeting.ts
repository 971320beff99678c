// POST /speech/meeting/edit (meetingsEdit) — here: opens or closes a meeting's share link, and closes
// its invitation (opening one is meetingsInvite: it needs an expiry). Checked.
import { fromPromise } from 'xstate';
import { unwrap } from '../errors';
import { api } from '../instance';
import type { Meeting } from './meeting-types';

export async function setMeetingSharing(id: string, open: boolean): Promise<Meeting> {
  return unwrap(await api.call((client, signal) => client.POST('/speech/meeting/edit', { body: { id, shareStatus: open ? '1' : '0' }, signal })));
}

export const setMeetingSharingActor = fromPromise<Meeting, { id: string; open: boolean }>(({ input }) => setMeetingSharing(input.id, input.open));

export async function closeMeetingInvite(id: string): Promise<Meeting> {
  return unwrap(await api.call((client, signal) => client.POST('/speech/meeting/edit', { body: { id, inviteStatus: '0' }, signal })));
}

export const closeMeetingInviteActor = fromPromise<Meeting, { meetingId: string }>(({ input }) => closeMeetingInvite(input.meetingId));
