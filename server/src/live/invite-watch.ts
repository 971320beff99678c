// Keeps the sockets that joined a meeting through its invitation in step with it (issue 16 §3):
// closing the invitation, renewing its link or its expiry closes them with the reason
// (live:inviteClosed / live:inviteExpired). The instance that closes it closes its own sockets at
// once (LiveHub.closeParticipants); every instance also re-reads the invitation of the meetings it
// holds invited sockets of, at the expiry and at least every `checkMs`, so a close made on another
// instance, or an expiry, reaches them too.
//
// A join and a close racing: a joining socket is put in its room first and the invitation read
// after (confirm). Either that read sees the close, and the join is refused, or it came before the
// close was written, so the socket was already in the room when the closer went through it.
import { INVITE_CHECK_MS } from '../../../src/shared/contract/limits';
import type { Clock } from '../clock';
import { inviteStillAdmits } from '../domain/meetings/meeting-invites';
import type { MeetingRow } from '../domain/meetings/meeting-tables';
import type { MeetingsService } from '../domain/meetings/meetings-service';
import type { LiveConnection } from './live-connection';
import { LiveSocketError } from './live-errors';
import type { MeetingRooms, Room } from './meeting-rooms';

/** The shortest wait between two reads of one meeting's invitation. */
const MIN_CHECK_MS = 10;

export interface InviteWatchDeps {
  meetings: MeetingsService;
  clock: Clock;
  rooms: MeetingRooms;
  log: { warn(obj: unknown, msg?: string): void };
}

const invitedIn = (room: Room | undefined) => [...(room?.connections ?? [])].filter((connection) => connection.via === 'invite');

export class InviteWatch {
  /** Tests shorten it; the expiry itself is always met to the timer's precision. */
  checkMs = INVITE_CHECK_MS;
  private readonly timers = new Map<string, { timer: NodeJS.Timeout; due: number }>();

  constructor(private readonly deps: InviteWatchDeps) {}

  /**
   * A socket that joined with an invitation code and is now in its room: refused (live:inviteUnavailable,
   * the same answer as at the door) unless the invitation still admits it; watched from here on.
   */
  async confirm(room: Room, connection: LiveConnection): Promise<void> {
    const row = await this.deps.meetings.find(room.meetingId);
    if (inviteStillAdmits(row, connection.inviteCode ?? '', this.deps.clock.now())) throw new LiveSocketError(410, 'inviteUnavailable', {}, true);
    this.schedule(room.meetingId, row);
  }

  /** Re-reads the meeting's invitation now and closes the invited sockets it no longer admits. */
  async check(meetingId: string): Promise<void> {
    this.cancel(meetingId);
    if (!invitedIn(this.deps.rooms.get(meetingId)).length) return;
    const row = await this.deps.meetings.find(meetingId);
    const now = this.deps.clock.now();
    // Read again after the await: sockets that arrived meanwhile are checked too.
    for (const connection of invitedIn(this.deps.rooms.get(meetingId))) {
      const refusal = inviteStillAdmits(row, connection.inviteCode ?? '', now);
      if (refusal) connection.sendError(new LiveSocketError(410, refusal, {}, true), 0);
    }
    if (invitedIn(this.deps.rooms.get(meetingId)).some((connection) => connection.open)) this.schedule(meetingId, row);
  }

  /** The next read: at the expiry or after checkMs, whichever comes first (an earlier one pending stays). */
  private schedule(meetingId: string, row: MeetingRow | undefined): void {
    const untilExpiry = row?.invite_expires_at ? Date.parse(row.invite_expires_at) - this.deps.clock.now().getTime() : Infinity;
    const delay = Math.max(MIN_CHECK_MS, Math.min(this.checkMs, untilExpiry));
    const due = Date.now() + delay;
    const pending = this.timers.get(meetingId);
    if (pending && pending.due <= due) return;
    if (pending) clearTimeout(pending.timer);
    const timer = setTimeout(() => {
      this.timers.delete(meetingId);
      this.check(meetingId).catch((error: unknown) => this.deps.log.warn({ err: error }, 'invitation check failed'));
    }, delay);
    timer.unref();
    this.timers.set(meetingId, { timer, due });
  }

  private cancel(meetingId: string): void {
    const pending = this.timers.get(meetingId);
    if (pending) clearTimeout(pending.timer);
    this.timers.delete(meetingId);
  }

  close(): void {
    for (const meetingId of [...this.timers.keys()]) this.cancel(meetingId);
  }
}
