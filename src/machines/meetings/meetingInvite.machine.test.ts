// @vitest-environment node
import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import type { InviteRequest } from '../../api/meetings/invite';
import type { Meeting, MeetingInvitation } from '../../api/meetings/meeting-types';
import {
  meetingInviteMachine,
  selectInviteBusy,
  selectInviteExpiry,
  selectInviteLink,
  selectInviteStatus,
  type MeetingInviteInput,
} from './meetingInvite.machine';

const OPEN: MeetingInvitation = { url: '/meetingShare?invite=abc', open: true, expireTime: '2030-01-01T00:00:00Z', expired: false };
const answer = (invitation: MeetingInvitation) => ({ id: 'm1', invitation }) as Meeting;

function start(input: Partial<MeetingInviteInput>, calls: { invite?: InviteRequest[]; closed?: string[]; copied?: string[] } = {}) {
  const machine = meetingInviteMachine.provide({
    actors: {
      invite: fromPromise<Meeting, InviteRequest>(async ({ input }) => {
        calls.invite?.push(input);
        return answer({ ...OPEN, url: input.renew ? '/meetingShare?invite=new' : OPEN.url, expireTime: input.expiry === 'meetingEnd' ? null : OPEN.expireTime });
      }),
      closeInvite: fromPromise<Meeting, { meetingId: string }>(async ({ input }) => {
        calls.closed?.push(input.meetingId);
        return answer({ ...OPEN, open: false });
      }),
      copyText: fromPromise<void, { text: string }>(async ({ input }) => void calls.copied?.push(input.text)),
    },
  });
  return createActor(machine, { input: { meetingId: 'm1', invitation: null, mayInvite: true, origin: 'https://parley.test', ...input } }).start();
}

describe('meetingInvite machine', () => {
  it('shows an account that may not invite the invitation as unavailable, and sends nothing', () => {
    const calls = { invite: [] as InviteRequest[] };
    const actor = start({ mayInvite: false }, calls);
    actor.send({ type: 'invite.open' });
    expect(selectInviteStatus(actor.getSnapshot())).toBe('unavailable');
    expect(calls.invite).toEqual([]);
  });

  it('opens with the chosen expiry, applies a new expiry while open, closes, and copies the full link', async () => {
    const calls = { invite: [] as InviteRequest[], closed: [] as string[], copied: [] as string[] };
    const actor = start({}, calls);
    expect(selectInviteStatus(actor.getSnapshot())).toBe('none');
    // Chosen before opening: only remembered.
    actor.send({ type: 'invite.expiry', expiry: '7d' });
    expect(calls.invite).toEqual([]);
    actor.send({ type: 'invite.open' });
    expect(selectInviteBusy(actor.getSnapshot())).toBe(true);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(calls.invite).toEqual([{ meetingId: 'm1', expiry: '7d' }]);
    expect(selectInviteStatus(actor.getSnapshot())).toBe('open');
    expect(selectInviteLink(actor.getSnapshot())).toBe('https://parley.test/meetingShare?invite=abc');

    actor.send({ type: 'invite.expiry', expiry: 'meetingEnd' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(calls.invite.at(-1)).toEqual({ meetingId: 'm1', expiry: 'meetingEnd' });
    expect(selectInviteExpiry(actor.getSnapshot())).toBe('meetingEnd');

    actor.send({ type: 'invite.copy' });
    await waitFor(actor, (s) => s.context.copied);
    expect(calls.copied).toEqual(['https://parley.test/meetingShare?invite=abc']);

    actor.send({ type: 'invite.renew' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(calls.invite.at(-1)).toEqual({ meetingId: 'm1', expiry: 'meetingEnd', renew: true });
    expect(selectInviteLink(actor.getSnapshot())).toBe('https://parley.test/meetingShare?invite=new');
    expect(actor.getSnapshot().context.copied).toBe(false);

    actor.send({ type: 'invite.close' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(calls.closed).toEqual(['m1']);
    expect(selectInviteStatus(actor.getSnapshot())).toBe('closed');
    // Closed: a new expiry waits for the next open.
    actor.send({ type: 'invite.expiry', expiry: '1h' });
    expect(calls.invite).toHaveLength(3);
  });

  it('starts from a loaded invitation: its expiry kind and an expired one', () => {
    expect(selectInviteExpiry(start({ invitation: { ...OPEN, expireTime: null } }).getSnapshot())).toBe('meetingEnd');
    const expired = start({ invitation: { ...OPEN, expired: true } }).getSnapshot();
    expect(selectInviteStatus(expired)).toBe('expired');
    expect(selectInviteExpiry(expired)).toBe('24h');
  });

  it('keeps the invitation as it was when a call is refused', async () => {
    const machine = meetingInviteMachine.provide({
      actors: { invite: fromPromise<Meeting, InviteRequest>(async () => Promise.reject(new Error('refused'))) },
    });
    const actor = createActor(machine, { input: { meetingId: 'm1', invitation: { ...OPEN, open: false }, mayInvite: true, origin: 'https://x' } }).start();
    actor.send({ type: 'invite.open' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    expect(selectInviteStatus(actor.getSnapshot())).toBe('closed');
  });
});
