// Path model of the host's invitation. The invite double answers an open invitation with the asked
// expiry (a renew gives a new link), the close double a closed one, the copy double copies; every
// call of the meeting "m2" is refused (its link is "…=refused", which the copy double refuses). Starting points: an account that may not invite, no
// invitation yet, one open, one closed, one expired.
import { fromPromise, type AnyMachineSnapshot } from 'xstate';
import type { PathsModel } from '../../testing/paths';
import type { InviteRequest } from '../../api/meetings/invite';
import type { Meeting, MeetingInvitation } from '../../api/meetings/meeting-types';
import { meetingInviteMachine, type MeetingInviteContext, type MeetingInviteInput } from './meetingInvite.machine';

const REFUSED = { kind: 'business', code: 403, message: 'Refused' };
const invitation = (open: boolean, expireTime: string | null = '2030-01-01T00:00:00Z', code = 'abc', expired = false): MeetingInvitation => ({
  url: `/meetingShare?invite=${code}`,
  open,
  expireTime,
  expired,
});
const meetingWith = (invite: MeetingInvitation): Meeting => ({
  id: 'm1',
  name: 'Weekly sync',
  state: 'in_progress',
  recognitionLanguages: ['en-US'],
  translationLanguages: ['es-ES'],
  createTime: '2025-01-01T00:00:00Z',
  inviteStatus: invite.open ? '1' : '0',
  invitation: invite,
  mayInvite: true,
});
const answerTo = (request: InviteRequest) =>
  meetingWith(invitation(true, request.expiry === 'meetingEnd' ? null : '2030-01-01T00:00:00Z', request.renew ? 'renewed' : 'abc'));
const refuses = (snapshot: AnyMachineSnapshot) => (snapshot.context as MeetingInviteContext).meetingId === 'm2';
const context = (snapshot: AnyMachineSnapshot) => snapshot.context as MeetingInviteContext;

export const meetingInviteDoubles = {
  invite: fromPromise<Meeting, InviteRequest>(async ({ input }) => {
    if (input.meetingId === 'm2') throw REFUSED;
    return answerTo(input);
  }),
  closeInvite: fromPromise<Meeting, { meetingId: string }>(async ({ input }) => {
    if (input.meetingId === 'm2') throw REFUSED;
    return meetingWith(invitation(false));
  }),
  copyText: fromPromise<void, { text: string }>(async ({ input }) => {
    if (input.text.endsWith('=refused')) throw REFUSED;
  }),
};

const start = (meetingId: string, invite: MeetingInvitation | null, mayInvite = true): MeetingInviteInput => ({
  meetingId,
  invitation: invite,
  mayInvite,
  origin: 'https://parley.test',
});

export const pathsModel: PathsModel = {
  name: 'meetingInvite',
  machine: meetingInviteMachine.provide({ actors: meetingInviteDoubles as never }),
  inputs: [
    start('m1', null, false),
    start('m1', null),
    start('m1', invitation(true)),
    start('m1', invitation(false, null)),
    start('m1', invitation(true, '2020-01-01T00:00:00Z', 'old', true)),
    start('m2', invitation(true, '2030-01-01T00:00:00Z', 'refused')),
  ],
  serializeContext: (c: MeetingInviteContext) => ({ meetingId: c.meetingId, invitation: c.invitation, expiry: c.expiry, copied: c.copied }),
  events: {
    'invite.expiry': [
      { type: 'invite.expiry', expiry: '1h' },
      { type: 'invite.expiry', expiry: 'meetingEnd' },
    ],
    'xstate.done.actor.invite': (snapshot) =>
      refuses(snapshot) || !context(snapshot).request ? [] : [{ type: 'xstate.done.actor.invite', output: answerTo(context(snapshot).request!) }],
    'xstate.error.actor.invite': (snapshot) => (refuses(snapshot) ? [{ type: 'xstate.error.actor.invite', error: REFUSED }] : []),
    'xstate.done.actor.closeInvite': (snapshot) => (refuses(snapshot) ? [] : [{ type: 'xstate.done.actor.closeInvite', output: meetingWith(invitation(false)) }]),
    'xstate.error.actor.closeInvite': (snapshot) => (refuses(snapshot) ? [{ type: 'xstate.error.actor.closeInvite', error: REFUSED }] : []),
    'xstate.done.actor.copyText': (snapshot) => (refuses(snapshot) ? [] : [{ type: 'xstate.done.actor.copyText' }]),
    'xstate.error.actor.copyText': (snapshot) => (refuses(snapshot) ? [{ type: 'xstate.error.actor.copyText', error: REFUSED }] : []),
  },
  skipSimplePaths: true,
};
