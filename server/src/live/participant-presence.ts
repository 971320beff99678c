// Who is in a meeting: a participant's first connection opens a join record and publishes
// participant.joined; when their last connection closes and none comes back within the leave grace,
// the join record is closed and participant.left published. Reconnects within the grace are neither.
import type { Clock } from '../clock';
import { participantKey } from '../domain/meetings/meeting-view';
import { displayName, type MeetingsService } from '../domain/meetings/meetings-service';
import type { StreamMessage, UnnumberedMessage } from './live-bus';
import type { LiveConnection } from './live-connection';
import type { Room } from './meeting-rooms';

export interface Presence {
  joinId: string;
  connections: number;
  leaveTimer: NodeJS.Timeout | null;
}

export interface ParticipantPresenceDeps {
  meetings: MeetingsService;
  clock: Clock;
  log: { warn(obj: unknown, msg?: string): void };
  publish(meetingId: string, message: UnnumberedMessage): Promise<StreamMessage>;
  /** After a leave: the room may now be empty. */
  left(room: Room): void;
}

export class ParticipantPresence {
  constructor(private readonly deps: ParticipantPresenceDeps) {}

  async arrive(room: Room, connection: LiveConnection): Promise<void> {
    const key = connection.user.id;
    connection.joinKey = key;
    const present = room.presence.get(key);
    if (present) {
      present.connections += 1;
      if (present.leaveTimer) clearTimeout(present.leaveTimer);
      present.leaveTimer = null;
      return;
    }
    const entry: Presence = { joinId: '', connections: 1, leaveTimer: null };
    room.presence.set(key, entry);
    entry.joinId = await this.deps.meetings.openJoin(room.meetingId, connection.user, connection.translationLanguage);
    await this.deps.publish(room.meetingId, {
      type: 'participant.joined',
      // Every participant reads this message: a per-meeting key, not the internal user id.
      userId: participantKey(room.meetingId, connection.user.id),
      userName: displayName(connection.user),
      translationLanguage: connection.translationLanguage,
      joinTime: this.deps.clock.now().toISOString(),
    });
  }

  /** A participant connection closed: the leave is published unless another comes within `graceMs`. */
  depart(room: Room, connection: LiveConnection, graceMs: number): void {
    if (!connection.joinKey) return;
    const key = connection.joinKey;
    const present = room.presence.get(key);
    if (!present) return;
    present.connections -= 1;
    if (present.connections <= 0) present.leaveTimer = setTimeout(() => void this.leave(room, key, present), graceMs);
  }

  private async leave(room: Room, key: string, present: Presence) {
    if (room.presence.get(key) !== present || present.connections > 0) return;
    room.presence.delete(key);
    try {
      const leaveTime = await this.deps.meetings.closeJoin(present.joinId);
      await this.deps.publish(room.meetingId, { type: 'participant.left', userId: participantKey(room.meetingId, key), leaveTime });
    } catch (error) {
      this.deps.log.warn({ err: error }, 'live leave failed');
    }
    this.deps.left(room);
  }

  /** The participant's chosen language goes into their join record too. */
  async recordLanguage(room: Room | undefined, connection: LiveConnection): Promise<void> {
    const present = connection.joinKey ? room?.presence.get(connection.joinKey) : undefined;
    if (present?.joinId) await this.deps.meetings.setJoinLanguage(present.joinId, connection.translationLanguage!);
  }

  /** App shutdown: no leave is published. */
  stopTimers(room: Room): void {
    for (const present of room.presence.values()) if (present.leaveTimer) clearTimeout(present.leaveTimer);
  }
}
