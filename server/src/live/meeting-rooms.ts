// The rooms of this instance: one per meeting with connections, a recording or pending timers here.
// A room subscribes to its meeting's bus channel on creation and delivers every stream message to
// its connections; an `ended` message stops a recording here and closes the room's sockets.
// A room is dropped (and unsubscribed) once nothing is left in it.
import type { MeetingState } from '../domain/meetings/meeting-rules';
import type { RoomAllowance } from './live-allowance';
import type { LiveBus, StreamMessage } from './live-bus';
import type { LiveConnection } from './live-connection';
import type { Presence } from './participant-presence';
import type { RecordingSession } from './recording-session';
import type { CompiledVocabulary } from '../domain/vocabulary/compiled-vocabulary';

/**
 * One stream message handed to this instance's sockets (LIVE_FANOUT_TIMING): when the bus gave it
 * to the room and when the last socket's frame was written, both in epoch ms with sub-ms precision
 * (performance.timeOrigin + performance.now(), comparable across processes of one machine).
 */
export interface FanoutTiming {
  meetingId: string;
  seq: number;
  type: StreamMessage['type'];
  connections: number;
  receivedAt: number;
  writtenAt: number;
  /** This process's CPU time (user + system) over the same span: what a loaded machine's waits do not inflate. */
  cpuMs: number;
}

const epochMs = () => performance.timeOrigin + performance.now();

export interface Room {
  meetingId: string;
  connections: Set<LiveConnection>;
  host: LiveConnection | null;
  session: RecordingSession | null;
  hostGrace: NodeJS.Timeout | null;
  presence: Map<string, Presence>;
  unsubscribe: Promise<() => Promise<void>>;
  /** State changes of this meeting run one at a time. */
  work: Promise<unknown>;
  /** The host's live balance while recording here (null: not read yet, or nothing is metered). */
  allowance: RoomAllowance | null;
  /** The meeting's vocabulary, read once per room (null: none applies); reset when the host changes the picks. */
  vocabulary: Promise<CompiledVocabulary | null> | null;
}

/** Runs `task` after the room's earlier state changes, whether they failed or not. */
export function serial<T>(room: Room, task: () => Promise<T>): Promise<T> {
  const run = room.work.then(task, task);
  room.work = run.catch(() => undefined);
  return run;
}

export class MeetingRooms {
  private readonly rooms = new Map<string, Room>();

  constructor(
    private readonly bus: LiveBus,
    /** Sees every meeting.state a room delivers (the state cache follows other instances with it). */
    private readonly onState: (meetingId: string, state: MeetingState) => void,
    /** Sees how long each delivery to this instance's sockets took (absent: nothing is timed). */
    private readonly observeFanout?: (timing: FanoutTiming) => void,
  ) {}

  get(meetingId: string): Room | undefined {
    return this.rooms.get(meetingId);
  }

  /** The meeting's room, created (and subscribed) when missing. */
  open(meetingId: string): Room {
    let room = this.rooms.get(meetingId);
    if (!room) {
      const created: Room = {
        meetingId,
        connections: new Set(),
        host: null,
        session: null,
        hostGrace: null,
        presence: new Map(),
        unsubscribe: Promise.resolve(async () => undefined),
        work: Promise.resolve(),
        allowance: null,
        vocabulary: null,
      };
      created.unsubscribe = this.bus.subscribe(meetingId, (message) => this.deliver(created, message));
      this.rooms.set(meetingId, created);
      room = created;
    }
    return room;
  }

  private deliver(room: Room, message: StreamMessage) {
    const receivedAt = this.observeFanout ? epochMs() : 0;
    const cpu = this.observeFanout ? process.cpuUsage() : null;
    if (message.type === 'meeting.state') this.onState(room.meetingId, message.state);
    for (const connection of room.connections) connection.deliver(message);
    if (this.observeFanout) {
      const writtenAt = epochMs();
      const used = process.cpuUsage(cpu!);
      const cpuMs = (used.user + used.system) / 1000;
      this.observeFanout({ meetingId: room.meetingId, seq: message.seq, type: message.type, connections: room.connections.size, receivedAt, writtenAt, cpuMs });
    }
    // Another instance (or a handler) ended the meeting: a recording here stops with it.
    if (message.type === 'meeting.state' && message.state === 'ended') {
      room.session?.abort();
      room.session = null;
      setImmediate(() => {
        for (const connection of room.connections) if (connection.open) connection.socket.close(1000, 'meeting ended');
      });
    }
  }

  /** Drops the room once it holds no connection, recording, host grace or presence. */
  closeIfIdle(room: Room): void {
    if (room.connections.size || room.session || room.hostGrace || room.presence.size) return;
    this.rooms.delete(room.meetingId);
    void room.unsubscribe.then((off) => off()).catch(() => undefined);
  }

  all(): IterableIterator<Room> {
    return this.rooms.values();
  }

  clear(): void {
    this.rooms.clear();
  }
}
