// The meeting hub of one server instance: rooms of connections per meeting, the recording session
// when the host is connected here, presence (joined/left with a grace for reconnects), resume, and
// the control state machine (not_started → in_progress ⇄ paused → ended). One host connection per
// meeting: checked in the room here and, with Redis, through a host lease all instances share.
//
// Abnormal close: when the host connection drops while recording, the recording stays open for
// LIVE_HOST_GRACE_MS; a host reconnect (same clientId, or any host connection once the old one is
// gone) carries on seamlessly. Otherwise the utterance in progress is finished and stored and the
// meeting is left paused (meeting.state reason hostLost). The repair is the stopMeeting call: it
// ends the meeting and completes its record. A new host connection does not end it; it may resume.
import { LIVE_HOST_GRACE_MS, LIVE_LEAVE_GRACE_MS } from '../../../src/shared/limits';
import type { Clock } from '../clock';
import type { MeetingRow, MeetingState } from '../domain/meetings/meeting-tables';
import { languagesOf, participantKey } from '../domain/meetings/meeting-view';
import { displayName, type MeetingsService } from '../domain/meetings/meetings-service';
import type { Engines } from '../engines/registry';
import type { LiveBus, StreamMessage, UnnumberedMessage } from './live-bus';
import type { LiveConnection } from './live-connection';
import { createInProcessHostSlots, type HostLease, type HostSlots } from './host-slots';
import { LiveSocketError } from './live-errors';
import { publishMeetingAudio, type MeetingAudioDeps } from './meeting-audio';
import { RecordingSession, type SessionTimings } from './recording-session';

type Action = 'start' | 'pause' | 'resume' | 'stop';
type Reason = 'control' | 'hostLost' | 'repaired';

const TRANSITIONS: Record<Action, Partial<Record<MeetingState, MeetingState>>> = {
  start: { not_started: 'in_progress', paused: 'in_progress' },
  pause: { in_progress: 'paused' },
  resume: { paused: 'in_progress' },
  stop: { not_started: 'ended', in_progress: 'ended', paused: 'ended' },
};

interface Presence {
  joinId: string;
  connections: number;
  leaveTimer: NodeJS.Timeout | null;
}

interface Room {
  meetingId: string;
  connections: Set<LiveConnection>;
  host: LiveConnection | null;
  session: RecordingSession | null;
  hostGrace: NodeJS.Timeout | null;
  presence: Map<string, Presence>;
  unsubscribe: Promise<() => Promise<void>>;
  /** State changes of this meeting run one at a time. */
  work: Promise<unknown>;
}

export interface LiveHubDeps {
  meetings: MeetingsService;
  engines: Engines;
  bus: LiveBus;
  clock: Clock;
  log: { warn(obj: unknown, msg?: string): void };
  onRecognized?(segmentId: string, timings: SessionTimings): void;
  /** Keeps each meeting's audio as its record's media (absent: no audio is kept). */
  audio?: MeetingAudioDeps;
  /** The host slot shared by instances (absent: this instance alone decides). */
  hostSlots?: HostSlots;
}

export class LiveHub {
  private readonly rooms = new Map<string, Room>();
  private hostSlots: HostSlots;
  private readonly leases = new Map<LiveConnection, HostLease>();
  /** Tests shorten these; production uses the shared constants. */
  graces = { hostMs: LIVE_HOST_GRACE_MS, leaveMs: LIVE_LEAVE_GRACE_MS };

  constructor(private readonly deps: LiveHubDeps) {
    this.hostSlots = deps.hostSlots ?? createInProcessHostSlots();
  }

  /** Tests swap in slots with a short lease and their own key prefix. */
  async useHostSlots(slots: HostSlots): Promise<void> {
    const previous = this.hostSlots;
    this.hostSlots = slots;
    await previous.close();
  }

  /** The benchmark times the recogniser with this. */
  observeRecognized(observer: ((segmentId: string, timings: SessionTimings) => void) | undefined) {
    this.deps.onRecognized = observer;
  }

  get bus(): LiveBus {
    return this.deps.bus;
  }

  private room(meetingId: string): Room {
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
      };
      created.unsubscribe = this.deps.bus.subscribe(meetingId, (message) => this.onBusMessage(created, message));
      this.rooms.set(meetingId, created);
      room = created;
    }
    return room;
  }

  private serial<T>(room: Room, task: () => Promise<T>): Promise<T> {
    const run = room.work.then(task, task);
    room.work = run.catch(() => undefined);
    return run;
  }

  private onBusMessage(room: Room, message: StreamMessage) {
    if (message.type === 'meeting.state') this.stateCache.set(room.meetingId, { state: message.state as MeetingState, at: performance.now() });
    for (const connection of room.connections) connection.deliver(message);
    // Another instance (or a handler) ended the meeting: a recording here stops with it.
    if (message.type === 'meeting.state' && message.state === 'ended') {
      room.session?.abort();
      room.session = null;
      setImmediate(() => {
        for (const connection of room.connections) if (connection.open) connection.socket.close(1000, 'meeting ended');
      });
    }
  }

  async publish(meetingId: string, message: UnnumberedMessage): Promise<StreamMessage> {
    return this.deps.bus.publish(meetingId, message);
  }

  /** Registers a connection that passed the access checks; answers `ready`. */
  async connect(meeting: MeetingRow, connection: LiveConnection): Promise<void> {
    try {
      await this.admit(meeting, connection);
    } catch (error) {
      // A refused or failed connection never registers, so its close would not free the slot.
      this.releaseLease(connection);
      throw error;
    }
  }

  private releaseLease(connection: LiveConnection) {
    const lease = this.leases.get(connection);
    if (!lease) return;
    this.leases.delete(connection);
    void lease.release().catch((error: unknown) => this.deps.log.warn({ err: error }, 'host lease not released'));
  }

  /** A host connection is refused while another client's host connection is open here. */
  private refuseSecondHost(room: Room, connection: LiveConnection) {
    const current = room.host;
    if (current && current !== connection && current.open && (!connection.clientId || connection.clientId !== current.clientId)) {
      throw new LiveSocketError(409, 'hostAlreadyConnected', {}, true);
    }
  }

  private async admit(meeting: MeetingRow, connection: LiveConnection): Promise<void> {
    const room = this.room(meeting.id);
    await room.unsubscribe;
    await this.deps.bus.ensureFloor(meeting.id, meeting.last_seq);
    if (connection.role === 'host') {
      this.refuseSecondHost(room, connection);
      const lease = await this.hostSlots.acquire(meeting.id, connection.clientId, () => {
        // Taken over by the same client on another instance (or lost with Redis): this socket is stale.
        if (connection.open) connection.socket.close(4001, 'replaced by a newer connection');
      });
      if (!lease) throw new LiveSocketError(409, 'hostAlreadyConnected', {}, true);
      this.leases.set(connection, lease);
      // Checked again: another host connection here may have got in while the lease was asked for.
      this.refuseSecondHost(room, connection);
      const replaced = room.host;
      if (replaced && replaced !== connection && replaced.open) replaced.socket.close(4001, 'replaced by a newer connection');
      room.host = connection;
      if (room.hostGrace) {
        clearTimeout(room.hostGrace);
        room.hostGrace = null;
      }
      // Recording on a server that has no session for it: the previous host connection died with a
      // restarted process. Same outcome as a host lost after the grace.
      if (meeting.state === 'in_progress' && !room.session) {
        meeting = (await this.changeState(room, meeting.id, 'paused', 'hostLost')) ?? meeting;
      }
    }
    room.connections.add(connection);
    connection.sendDirect({
      type: 'ready',
      seq: await this.deps.bus.latestSeq(meeting.id),
      role: connection.role,
      meetingId: meeting.id,
      state: meeting.state,
      lastAudioSeq: connection.role === 'host' ? (room.session?.lastAudioSeq ?? -1) : -1,
      recognitionLanguage: languagesOf(meeting.recognition_languages)[0] ?? 'en-US',
      translationLanguages: languagesOf(meeting.translation_languages),
    });
    if (connection.role === 'participant') await this.arrive(room, connection);
  }

  private async arrive(room: Room, connection: LiveConnection) {
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
    await this.publish(room.meetingId, {
      type: 'participant.joined',
      // Every participant reads this message: a per-meeting key, not the internal user id.
      userId: participantKey(room.meetingId, connection.user.id),
      userName: displayName(connection.user),
      translationLanguage: connection.translationLanguage,
      joinTime: this.deps.clock.now().toISOString(),
    });
  }

  disconnect(meetingId: string, connection: LiveConnection): void {
    this.releaseLease(connection);
    const room = this.rooms.get(meetingId);
    if (!room || !room.connections.delete(connection)) return;
    if (connection.role === 'host' && room.host === connection) {
      room.host = null;
      if (room.session) {
        room.hostGrace = setTimeout(() => {
          room.hostGrace = null;
          void this.serial(room, () => this.hostLost(room)).catch((error: unknown) => this.deps.log.warn({ err: error }, 'live host-lost failed'));
        }, this.graces.hostMs);
      }
    }
    if (connection.joinKey) {
      const present = room.presence.get(connection.joinKey);
      if (present) {
        present.connections -= 1;
        if (present.connections <= 0) {
          present.leaveTimer = setTimeout(() => void this.leave(room, connection.joinKey!, present), this.graces.leaveMs);
        }
      }
    }
    this.maybeClose(room);
  }

  private async leave(room: Room, key: string, present: Presence) {
    if (room.presence.get(key) !== present || present.connections > 0) return;
    room.presence.delete(key);
    try {
      const leaveTime = await this.deps.meetings.closeJoin(present.joinId);
      await this.publish(room.meetingId, { type: 'participant.left', userId: participantKey(room.meetingId, key), leaveTime });
    } catch (error) {
      this.deps.log.warn({ err: error }, 'live leave failed');
    }
    this.maybeClose(room);
  }

  private maybeClose(room: Room) {
    if (room.connections.size || room.session || room.hostGrace || room.presence.size) return;
    this.rooms.delete(room.meetingId);
    void room.unsubscribe.then((off) => off()).catch(() => undefined);
  }

  private async hostLost(room: Room) {
    if (room.host || !room.session) return;
    // Finish and store the utterance in progress (and the audio length) before leaving it paused.
    await room.session.flush();
    await room.session.publishAudio(false);
    await this.changeState(room, room.meetingId, 'paused', 'hostLost');
    room.session = null;
    this.maybeClose(room);
  }

  /** Answers {type:'resume', lastSeq}: every stream message after lastSeq, exactly once. */
  async attach(meetingId: string, connection: LiveConnection, lastSeq: number): Promise<void> {
    const { bus, meetings } = this.deps;
    connection.beginAttach();
    try {
      const latest = await bus.latestSeq(meetingId);
      if (lastSeq > latest) {
        const finals = await meetings.finalsAfter(meetingId, 0);
        connection.lastSentSeq = latest;
        connection.sendDirect({ type: 'transcript', seq: latest, reset: true, segments: this.cut(finals, connection) });
        return;
      }
      if (lastSeq > 0) {
        const replay = await bus.replay(meetingId, lastSeq);
        if (replay) {
          connection.lastSentSeq = Math.max(connection.lastSentSeq, lastSeq);
          for (const message of replay) connection.sendStream(message);
          return;
        }
      }
      // A first connection, or a reconnect the log no longer covers: the persisted finals, then the
      // log from the last of them (which holds finals published but not yet stored).
      const finals = await meetings.finalsAfter(meetingId, lastSeq);
      const stored = Math.max(lastSeq, finals.at(-1)?.seq ?? 0);
      const rest = await bus.replay(meetingId, stored);
      const upTo = rest ? stored : latest;
      connection.lastSentSeq = upTo;
      connection.sendDirect({ type: 'transcript', seq: upTo, reset: false, segments: this.cut(finals, connection) });
      for (const message of rest ?? []) connection.sendStream(message);
    } finally {
      connection.endAttach();
    }
  }

  private cut(finals: Array<Record<string, unknown>>, connection: LiveConnection) {
    const language = connection.role === 'participant' ? connection.translationLanguage : null;
    if (!language) return finals;
    return finals.map((final) => {
      const translations = (final.translations ?? {}) as Record<string, string>;
      return { ...final, translations: language in translations ? { [language]: translations[language] } : {} };
    });
  }

  async subscribeLanguage(meeting: MeetingRow, connection: LiveConnection, language: string): Promise<void> {
    if (!languagesOf(meeting.translation_languages).some((l) => l.toLowerCase() === language.toLowerCase())) {
      throw new LiveSocketError(422, 'languageNotOffered', { language });
    }
    connection.translationLanguage = languagesOf(meeting.translation_languages).find((l) => l.toLowerCase() === language.toLowerCase())!;
    const present = connection.joinKey ? this.rooms.get(meeting.id)?.presence.get(connection.joinKey) : undefined;
    if (present?.joinId) await this.deps.meetings.setJoinLanguage(present.joinId, connection.translationLanguage);
  }

  /** A host control message. */
  async control(meetingId: string, action: Action): Promise<void> {
    const room = this.room(meetingId);
    await this.serial(room, async () => {
      const meeting = await this.deps.meetings.find(meetingId);
      if (!meeting) throw new LiveSocketError(404, 'meetingNotFound', {}, true);
      const next = TRANSITIONS[action][meeting.state];
      if (!next) throw new LiveSocketError(409, 'invalidTransition', { from: meeting.state, action });
      if (next === 'in_progress') {
        const session = room.session ?? new RecordingSession(meeting, this.sessionDeps(room));
        session.open();
        room.session = session;
      } else if (room.session) {
        await room.session.flush();
        if (next === 'ended') {
          await room.session.publishAudio(true);
          room.session = null;
        }
      } else if (next === 'ended') {
        await this.publishLeftAudio(meeting);
      }
      await this.changeState(room, meetingId, next, 'control');
    });
  }

  /** stopMeeting: ends the meeting from any state (the repair of a meeting left paused). */
  async stop(meetingId: string): Promise<MeetingRow | undefined> {
    const room = this.room(meetingId);
    const result = await this.serial(room, async () => {
      const meeting = await this.deps.meetings.find(meetingId);
      if (!meeting || meeting.state === 'ended') return meeting;
      const reason: Reason = meeting.state === 'paused' && !room.session ? 'repaired' : 'control';
      if (room.session) {
        await room.session.flush();
        await room.session.publishAudio(true);
        room.session = null;
      } else {
        await this.publishLeftAudio(meeting);
      }
      return this.changeState(room, meetingId, 'ended', reason);
    });
    this.maybeClose(room);
    return result;
  }

  /** Audio staged before a restart (or a lost host) with no session here now: published as the meeting ends. */
  private async publishLeftAudio(meeting: MeetingRow) {
    if (!this.deps.audio) return;
    await publishMeetingAudio(this.deps.audio, meeting, true).catch((error: unknown) =>
      this.deps.log.warn({ err: error, meetingId: meeting.id }, 'meeting audio not published'),
    );
  }

  private async changeState(room: Room, meetingId: string, state: MeetingState, reason: Reason) {
    const message = await this.publish(meetingId, { type: 'meeting.state', state, reason });
    this.stateCache.set(meetingId, { state, at: performance.now() });
    const row = await this.deps.meetings.setState(meetingId, state, message.seq);
    if (row) room.session?.updateMeeting(row);
    return row;
  }

  /** Host audio; refused unless recording (dropped silently while paused: frames in flight). */
  async audio(meeting: MeetingRow, frameSeq: number, pcm: Buffer): Promise<void> {
    const room = this.room(meeting.id);
    if (room.session && (await this.stateOf(meeting.id)) === 'in_progress') {
      room.session.write(frameSeq, pcm);
      return;
    }
    const state = await this.stateOf(meeting.id);
    if (state === 'paused') return;
    if (state === 'in_progress') {
      // Recording, but this instance had no session (the meeting was resumed by another connection path).
      room.session = new RecordingSession(meeting, this.sessionDeps(room));
      room.session.write(frameSeq, pcm);
      return;
    }
    throw new LiveSocketError(409, 'notRecording');
  }

  private stateCache = new Map<string, { state: MeetingState; at: number }>();

  private async stateOf(meetingId: string): Promise<MeetingState> {
    // The state is read per frame; a room's own changes go through changeState, so a short cache is safe.
    const cached = this.stateCache.get(meetingId);
    if (cached && performance.now() - cached.at < 250) return cached.state;
    const row = await this.deps.meetings.find(meetingId);
    const state = row?.state ?? 'ended';
    this.stateCache.set(meetingId, { state, at: performance.now() });
    return state;
  }

  private sessionDeps(room: Room) {
    return {
      meetings: this.deps.meetings,
      engines: this.deps.engines,
      bus: this.deps.bus,
      log: this.deps.log,
      onRecognized: (segmentId: string, timings: SessionTimings) => this.deps.onRecognized?.(segmentId, timings),
      onFailure: (error: LiveSocketError) => room.host?.sendError(error, 0),
      ...(this.deps.audio ? { audio: this.deps.audio } : {}),
    };
  }

  /** Share link closed: participants here get the error and are disconnected; the host stays. */
  closeParticipants(meetingId: string, error: LiveSocketError): void {
    const room = this.rooms.get(meetingId);
    for (const connection of room?.connections ?? []) if (connection.role === 'participant') connection.sendError(error, 0);
  }

  /** Closes every connection (app shutdown). */
  async close(): Promise<void> {
    for (const room of this.rooms.values()) {
      if (room.hostGrace) clearTimeout(room.hostGrace);
      for (const present of room.presence.values()) if (present.leaveTimer) clearTimeout(present.leaveTimer);
      room.session?.abort();
      for (const connection of room.connections) connection.socket.terminate();
    }
    this.rooms.clear();
    await Promise.allSettled([...this.leases.values()].map((lease) => lease.release()));
    this.leases.clear();
    await this.hostSlots.close();
    await this.deps.bus.close();
  }

}

