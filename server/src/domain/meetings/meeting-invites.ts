// Meeting invitations (issue 16 §3, features §6 "A meeting invite lets holders join"): the rules,
// apart from storage and sockets. A meeting has at most one invitation: an unguessable code, an
// expiry the host chose (null: until the meeting ends) and its own open/closed flag
// (meetings.invite_status), independent of the share link's. The share link lets holders read; the
// invitation admits its holders as named participants even while sharing is closed.
import { randomBytes } from 'node:crypto';
import { INVITE_EXPIRIES, type InviteExpiry } from '../../../../src/shared/contract/limits';
import type { components } from '../../../../src/api/schema';
import type { MeetingRow } from './meeting-tables';

export type InvitationView = components['schemas']['MeetingInvitation'];

/** 24 random bytes: 32 URL-safe characters that cannot be guessed or enumerated. */
export function newInviteCode(): string {
  return randomBytes(24).toString('base64url');
}

/** Why an invitation does not admit now, or null when it does. */
export type InviteRefusal = 'inviteClosed' | 'inviteExpired';

export function inviteRefusal(row: Pick<MeetingRow, 'state' | 'invite_status' | 'invite_code' | 'invite_expires_at'>, now: Date): InviteRefusal | null {
  if (!row.invite_code || row.invite_status !== '1' || row.state === 'ended') return 'inviteClosed';
  if (row.invite_expires_at !== null && row.invite_expires_at <= now.toISOString()) return 'inviteExpired';
  return null;
}

/** Whether a connection that joined with `code` may stay: the meeting's invitation is still that one, open and unexpired. */
export function inviteStillAdmits(row: MeetingRow | undefined, code: string, now: Date): InviteRefusal | null {
  if (!row || row.invite_code !== code) return 'inviteClosed';
  return inviteRefusal(row, now);
}

/** The deadline an expiry chosen now gives (null: the meeting's end). */
export function inviteDeadline(expiry: InviteExpiry, now: Date): string | null {
  const seconds = INVITE_EXPIRIES[expiry];
  return seconds === null ? null : new Date(now.getTime() + seconds * 1000).toISOString();
}

/**
 * The code an invitation opened now keeps: the current one while it has not expired (a link already
 * handed out goes on working), a fresh one when there is none, it expired, or the host asked for a
 * new link (the old one then stops working at once).
 */
export function codeToKeep(row: Pick<MeetingRow, 'invite_code' | 'invite_expires_at'>, now: Date, renew: boolean): string | null {
  if (renew || !row.invite_code) return null;
  if (row.invite_expires_at !== null && row.invite_expires_at <= now.toISOString()) return null;
  return row.invite_code;
}

export function meetingInviteUrl(code: string): string {
  return `/meetingShare?invite=${encodeURIComponent(code)}`;
}

/** The host's view of the invitation (null before the first invite). */
export function toInvitationView(row: MeetingRow, now: Date): InvitationView | null {
  if (!row.invite_code) return null;
  const refusal = inviteRefusal(row, now);
  return {
    url: meetingInviteUrl(row.invite_code),
    open: row.invite_status === '1',
    expireTime: row.invite_expires_at,
    expired: refusal === 'inviteExpired',
  };
}
