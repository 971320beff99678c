// The stored side of a meeting's invitation link: admitting by code and (re)opening it. The
// rules of codes and expiries themselves are meeting-invites.ts.
import type { InviteExpiry } from '../../../../src/shared/contract/limits';
import { inviteUnavailable, meetingLinkExpired } from './meeting-errors';
import { codeToKeep, inviteDeadline, inviteRefusal, newInviteCode } from './meeting-invites';
import type { MeetingStore } from './meeting-store';
import type { MeetingRow } from './meeting-tables';

export function createMeetingInvitations({ db, clock, owned }: MeetingStore) {
  /** The meeting an open, unexpired invitation code admits to; one error for anything else. */
  async function invited(code: string): Promise<MeetingRow> {
    const row = code ? await db.selectFrom('meetings').selectAll().where('invite_code', '=', code).executeTakeFirst() : undefined;
    if (!row || inviteRefusal(row, clock.now())) throw inviteUnavailable();
    return row;
  }

  return {
    invited,

    /**
     * The owner opens the meeting's invitation with an expiry counted from now: the link already
     * handed out keeps working unless it expired or `renew` asks for a new one.
     */
    async invite(userId: string, meetingId: string, expiry: InviteExpiry, renew = false): Promise<MeetingRow> {
      const row = await owned(userId, meetingId);
      if (row.state === 'ended') throw meetingLinkExpired();
      const now = clock.now();
      const changes = {
        invite_code: codeToKeep(row, now, renew) ?? newInviteCode(),
        invite_expires_at: inviteDeadline(expiry, now),
        invite_status: '1' as const,
        updated_at: now.toISOString(),
      };
      await db.updateTable('meetings').set(changes).where('id', '=', row.id).execute();
      return { ...row, ...changes };
    },
  };
}

export type MeetingInvitations = ReturnType<typeof createMeetingInvitations>;
