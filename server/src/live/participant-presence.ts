// Who is in a meeting, across instances (the roster: live-roster.ts in-process, redis-live-roster.ts
// with Redis): a participant's first connection anywhere opens a join record (with the name they
// gave) and publishes participant.joined; when their last connection anywhere closes and none comes
// back within the leave grace, the join record is closed and participant.left published. Reconnects
// within the grace, on any instance, are neither. The language a participant reads is counted in
// the roster (so finals are translated only into languages someone reads) and a change of it is
// published again as participant.joined with the first join time, so the host's list follows it.
import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock';
import { participantKey } from '../domain/meetings/meeting-view';
import type { MeetingsService } from '../domain/meetings/meetings-service';
import type { StreamMessage, UnnumberedMessage } from './live-bus';
import type { LiveConnection } from './live-connection';
import type { LiveRoster } from './live-roster';
import type { Room } from './meeting-rooms';

/** A departure of this instance waiting for its leave grace. */
export interface Presence {
  timer: NodeJS.Timeout | null;
}

export interface ParticipantPresenceDeps {
  meetings: MeetingsService;
  roster: LiveRoster;
  clock: Clock;
  log: { warn(obj: unknown, msg?: string): void };
  publish(meetingId: string, message: UnnumberedMessage): Promise<StreamMessage>;
  /** After a leave: the room may now be empty. */
  left(room: Room): void;
}

let departures = 0;

export class ParticipantPresence {
  constructor(private readonly deps: ParticipantPresenceDeps) {}

  async arrive(room: Room, connection: LiveConnection): Promise<void> {
    const key = connection.user.id;
    connection.joinKey = key;
    const arrival = this.deps.roster.arrive(room.meetingId, key, randomUUID());
    // A close during the arrival counts down only after it.
    connection.arrival = arrival.then(() => undefined, () => undefined);
    const { joinId, fresh } = await arrival;
    connection.joinId = joinId;
    if (!fresh) return;
    const { joinedAt } = await this.deps.meetings.openJoin(room.meetingId, {
      id: joinId,
      user: connection.user,
      name: connection.displayName,
      translationLanguage: connection.translationLanguage,
    });
    await this.deps.publish(room.meetingId, {
      type: 'participant.joined',
      // Every participant reads this message: a per-meeting key, not the internal user id.
      userId: participantKey(room.meetingId, connection.user.id),
      userName: connection.displayName,
      translationLanguage: connection.translationLanguage,
      joinTime: joinedAt,
    });
  }

  /** A participant connection closed: the leave is published unless another comes (anywhere) within `graceMs`. */
  depart(room: Room, connection: LiveConnection, graceMs: number): void {
    const key = connection.joinKey;
    if (!key) {
      // Not a participant (a host reading a language): only its reader count goes.
      if (connection.countedLanguage) void this.deps.roster.countReader(room.meetingId, connection.countedLanguage, -1).catch(() => undefined);
      connection.countedLanguage = null;
      return;
    }
    // Held in the room so it stays open (and subscribed) until the grace is over.
    const pending: Presence = { timer: null };
    const id = `${key}#${++departures}`;
    room.presence.set(id, pending);
    const language = connection.countedLanguage;
    connection.countedLanguage = null;
    void connection.arrival
      .then(async () => {
        if (language) await this.deps.roster.countReader(room.meetingId, language, -1);
        await this.deps.roster.depart(room.meetingId, key);
      })
      .catch((error: unknown) => this.deps.log.warn({ err: error }, 'live depart failed'))
      .then(() => {
        if (room.presence.get(id) === pending) pending.timer = setTimeout(() => void this.leave(room, key, id), graceMs);
      });
  }

  private async leave(room: Room, key: string, id: string) {
    room.presence.delete(id);
    try {
      const joinId = await this.deps.roster.settleLeave(room.meetingId, key);
      if (joinId) {
        const leaveTime = await this.deps.meetings.closeJoin(joinId);
        await this.deps.publish(room.meetingId, { type: 'participant.left', userId: participantKey(room.meetingId, key), leaveTime });
      }
    } catch (error) {
      this.deps.log.warn({ err: error }, 'live leave failed');
    }
    this.deps.left(room);
  }

  /**
   * The connection now reads `connection.translationLanguage`: counted as a reader of it (and no
   * longer of the one before), stored in the join record and published to the host's list.
   */
  async recordLanguage(room: Room | undefined, connection: LiveConnection): Promise<void> {
    const language = connection.translationLanguage;
    if (!room || !language || language === connection.countedLanguage) return;
    const before = connection.countedLanguage;
    connection.countedLanguage = language;
    await this.deps.roster.countReader(room.meetingId, language, 1);
    if (before) await this.deps.roster.countReader(room.meetingId, before, -1);
    if (!connection.joinId || !connection.joinKey) return;
    const join = await this.deps.meetings.setJoinLanguage(connection.joinId, language);
    if (!join) return;
    await this.deps.publish(room.meetingId, {
      type: 'participant.joined',
      userId: participantKey(room.meetingId, connection.joinKey),
      userName: join.user_name,
      translationLanguage: language,
      joinTime: join.joined_at,
    });
  }

  /** App shutdown: no leave is published. */
  stopTimers(room: Room): void {
    for (const pending of room.presence.values()) if (pending.timer) clearTimeout(pending.timer);
    room.presence.clear();
  }
}
