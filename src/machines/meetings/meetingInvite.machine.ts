// The host's invitation of a live meeting (issue 16 §3, features §6 "Invite participants: SVIP"):
// a link and QR code with an expiry the host chooses, opened and closed on its own (sharing is a
// separate switch), copied, or renewed (the old link stops at once). An account that may not
// invite sees it unavailable, with the reason. One call at a time: the panel waits while one runs.
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { DEFAULT_INVITE_EXPIRY } from '../../shared/contract/limits';
import { closeMeetingInvite } from '../../api/meetings/edit-meeting';
import { inviteToMeeting, type InviteRequest } from '../../api/meetings/invite';
import type { InviteExpiry, Meeting, MeetingInvitation } from '../../api/meetings/meeting-types';

export interface MeetingInviteInput {
  meetingId: string;
  /** The invitation as the meeting was loaded (null: none yet). */
  invitation: MeetingInvitation | null;
  /** Whether the account may invite (the server's mayUseMeetingFeature). */
  mayInvite: boolean;
  /** Origin of the invitation link (the page's). */
  origin: string;
}

export interface MeetingInviteContext extends MeetingInviteInput {
  expiry: InviteExpiry;
  /** The call being made (open with an expiry, renew). */
  request: InviteRequest | null;
  copied: boolean;
}

export type MeetingInviteEvent =
  | { type: 'invite.open' }
  | { type: 'invite.close' }
  | { type: 'invite.renew' }
  | { type: 'invite.expiry'; expiry: InviteExpiry }
  | { type: 'invite.copy' };

/** What the host sees of the invitation. */
export type InviteStatus = 'unavailable' | 'none' | 'open' | 'closed' | 'expired';

export function inviteStatusOf(context: Pick<MeetingInviteContext, 'mayInvite' | 'invitation'>): InviteStatus {
  if (!context.mayInvite) return 'unavailable';
  if (!context.invitation) return 'none';
  if (!context.invitation.open) return 'closed';
  return context.invitation.expired ? 'expired' : 'open';
}

/** The full link to hand out (null before the first invite). */
export const inviteLinkOf = (invitation: MeetingInvitation | null, origin: string) => (invitation ? new URL(invitation.url, origin).toString() : null);

const expiryOf = (invitation: MeetingInvitation | null): InviteExpiry =>
  invitation && invitation.expireTime === null ? 'meetingEnd' : DEFAULT_INVITE_EXPIRY;

export const meetingInviteMachine = setup({
  types: {
    context: {} as MeetingInviteContext,
    events: {} as MeetingInviteEvent,
    input: {} as MeetingInviteInput,
  },
  actors: {
    invite: fromPromise<Meeting, InviteRequest>(({ input }) => inviteToMeeting(input)),
    closeInvite: fromPromise<Meeting, { meetingId: string }>(({ input }) => closeMeetingInvite(input.meetingId)),
    copyText: fromPromise<void, { text: string }>(async ({ input }) => {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(input.text);
    }),
  },
  actions: {
    ask: assign(({ context }, renew: boolean) => ({
      request: { meetingId: context.meetingId, expiry: context.expiry, ...(renew ? { renew: true } : {}) },
      copied: false,
    })),
    adopt: assign((_, meeting: Meeting) => ({ invitation: meeting.invitation ?? null, request: null })),
  },
  guards: {
    mayInvite: ({ context }) => context.mayInvite,
    /** A new expiry applies at once to an invitation that is open (a closed one keeps it for the next open). */
    isOpen: ({ context }) => inviteStatusOf(context) === 'open',
    hasLink: ({ context }) => context.invitation !== null,
  },
}).createMachine({
  id: 'meetingInvite',
  context: ({ input }) => ({ ...input, expiry: expiryOf(input.invitation), request: null, copied: false }),
  initial: 'deciding',
  states: {
    deciding: { always: [{ guard: 'mayInvite', target: 'ready' }, { target: 'unavailable' }] },
    // Not for this account (SVIP): the panel shows why, and nothing can be sent.
    unavailable: {},
    ready: {
      on: {
        'invite.open': { target: 'saving', actions: { type: 'ask', params: false } },
        'invite.renew': { guard: 'hasLink', target: 'saving', actions: { type: 'ask', params: true } },
        'invite.expiry': [
          { guard: 'isOpen', target: 'saving', actions: [assign({ expiry: ({ event }) => event.expiry }), { type: 'ask', params: false }] },
          { actions: assign({ expiry: ({ event }) => event.expiry }) },
        ],
        'invite.close': { guard: 'hasLink', target: 'closing' },
        'invite.copy': { guard: 'hasLink', target: 'copying' },
      },
    },
    saving: {
      invoke: {
        src: 'invite',
        id: 'invite',
        input: ({ context }) => context.request!,
        onDone: { target: 'ready', actions: { type: 'adopt', params: ({ event }) => event.output } },
        // The call's refusal is shown by the API client (a toast); the invitation stays as it was.
        onError: { target: 'ready', actions: assign({ request: null }) },
      },
    },
    closing: {
      invoke: {
        src: 'closeInvite',
        id: 'closeInvite',
        input: ({ context }) => ({ meetingId: context.meetingId }),
        onDone: { target: 'ready', actions: { type: 'adopt', params: ({ event }) => event.output } },
        onError: 'ready',
      },
    },
    copying: {
      invoke: {
        src: 'copyText',
        id: 'copyText',
        input: ({ context }) => ({ text: inviteLinkOf(context.invitation, context.origin) ?? '' }),
        onDone: { target: 'ready', actions: assign({ copied: true }) },
        onError: 'ready',
      },
    },
  },
});

export type MeetingInviteActor = ActorRefFrom<typeof meetingInviteMachine>;
type Snapshot = SnapshotFrom<typeof meetingInviteMachine>;

export const selectInviteStatus = (snapshot: Snapshot) => inviteStatusOf(snapshot.context);
export const selectInviteLink = (snapshot: Snapshot) => inviteLinkOf(snapshot.context.invitation, snapshot.context.origin);
export const selectInviteExpiry = (snapshot: Snapshot) => snapshot.context.expiry;
/** When the invitation stops admitting (null: at the meeting's end, or none yet). */
export const selectInviteExpireTime = (snapshot: Snapshot) => snapshot.context.invitation?.expireTime ?? null;
export const selectInviteBusy = (snapshot: Snapshot) => snapshot.matches('saving') || snapshot.matches('closing');
export const selectInviteCopied = (snapshot: Snapshot) => snapshot.context.copied;
