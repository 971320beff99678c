// Who may read a meeting and what they see of it: the owner, an invitation's holder, or anyone
// through the open share link; the view tells the host apart from participants.
import type { UserRow } from '../../db/schema';
import { hostOnly, inviteUnavailable, meetingLinkExpired, meetingNotFound } from './meeting-errors';
import type { MeetingInvitations } from './meeting-invitations';
import type { MeetingStore } from './meeting-store';
import type { MeetingRow } from './meeting-tables';
import { displayName, toMeetingView } from './meeting-view';

export function createMeetingAccess(
  { db, clock, find }: MeetingStore,
  { invited }: Pick<MeetingInvitations, 'invited'>,
  /** Whether the host's tier allows invitations (features §6: SVIP); read from the entitlements. */
  mayInvite: (host: UserRow) => Promise<boolean>,
) {
  return {
    /**
     * Who may read or join: the owner always; with an invitation code, its holder while the
     * invitation of this meeting is open and unexpired (whatever the share link's state); anyone
     * else while the share link is open and the meeting has not ended ('meeting link expired'
     * otherwise). A missing id is 'not found'.
     */
    async readable(id: string, viewerId: string | null, inviteCode?: string | null): Promise<MeetingRow> {
      const row = await find(id);
      if (row && row.user_id === viewerId) return row;
      if (inviteCode) {
        const admitted = await invited(inviteCode);
        if (admitted.id !== id) throw inviteUnavailable();
        return admitted;
      }
      if (!row) throw meetingNotFound();
      if (row.share_status !== '1' || row.state === 'ended') throw meetingLinkExpired();
      return row;
    },

    /** `known.mayInvite`: the caller read the host's rights already (meeting create), so they are not read twice. */
    async view(row: MeetingRow, viewerId: string | null, known: { mayInvite?: boolean } = {}) {
      const host = await db.selectFrom('users').selectAll().where('id', '=', row.user_id).executeTakeFirst();
      const isHost = Boolean(host && viewerId === host.id && !host.is_visitor);
      return toMeetingView(row, viewerId, host ? displayName(host) : null, {
        now: clock.now(),
        mayInvite: isHost && (known.mayInvite ?? (await mayInvite(host!))),
      });
    },

    assertHost(row: MeetingRow, userId: string | null) {
      if (row.user_id !== userId) throw hostOnly();
    },
  };
}
