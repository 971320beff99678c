// The meeting hub of one server instance: what a meeting socket asks for, handed to the part that
// does it — rooms and fan-out (meeting-rooms.ts), the one host connection (host-connections.ts),
// presence (participant-presence.ts), resume (stream-resume.ts), state changes (meeting-control.ts,
// by the rules of domain/meetings/meeting-rules.ts) and host audio (host-audio-intake.ts).
//
// Abnormal close: when the host connection drops while recording, the recording stays open for
// LIVE_HOST_GRACE_MS; a host reconnect (same clientId, or any host connection once the old one is
// gone) carries on seamlessly. Otherwise the utterance in progress is finished and stored and the
// meeting is left paused (meeting.state reason hostLost). The repair is the stopMeeting call: it
// ends the meeting and completes its record. A new host connection does not end it; it may resume.
import { LIVE_HOST_GRACE_MS, LIVE_LEAVE_GRACE_MS } from '../../../src/shared/contract/limits';
import type { Clock } from '../clock';
import type { LiveControlAction } from '../domain/meetings/meeting-rules';
import type { MeetingRow } from '../domain/meetings/meeting-tables';
import { languagesOf, meetingLanguagesOf } from '../domain/meetings/meeting-view';
import type { MeetingsService } from '../domain/meetings/meetings-service';
import type { Engines } from '../engines/registry';
import { takeHostAudio } from './host-audio-intake';
import { HostConnections } from './host-connections';
import { createInProcessHostSlots, type HostSlots } from './host-slots';
import { InviteWatch } from './invite-watch';
import type { LiveAllowance } from './live-allowance';
import type { LiveBus, StreamMessage, UnnumberedMessage } from './live-bus';
import type { LiveConnection } from './live-connection';
import { LiveSocketError } from './live-errors';
import type { MeetingAudioDeps } from './meeting-audio';
import { MeetingControl } from './meeting-control';
import { MeetingRooms, type FanoutTiming, type Room } from './meeting-rooms';
import type { CompiledVocabulary } from '../domain/vocabulary/compiled-vocabulary';
import type { VocabularyInForce } from '../domain/vocabulary/vocabulary-in-force';
import { MeetingStateCache } from './meeting-state-cache';
import { ParticipantPresence } from './participant-presence';
import type { SessionTimings } from './recording-session';
import { createInProcessRoster, type LiveRoster } from './live-roster';
import { resumeStream } from './stream-resume';

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
  /** Participants and readers shared by instances (absent: this instance alone). */
  roster?: LiveRoster;
  /** Called once a meeting has ended (its audio stored): live interpreting is charged here. */
  onEnded?(meeting: MeetingRow): Promise<void>;
  /** The host's live balance, metered while a meeting records (absent: not metered). */
  allowance?: LiveAllowance;
  /** Which vocabulary applies to a meeting (absent: none). */
  vocabulary?: VocabularyInForce;
  /** Sees each stream message's delivery to this instance's sockets (LIVE_FANOUT_TIMING; absent: not timed). */
  observeFanout?: (timing: FanoutTiming) => void;
}

export class LiveHub {
  private readonly states: MeetingStateCache;
  private readonly rooms: MeetingRooms;
  private readonly hosts: HostConnections;
  private readonly presence: ParticipantPresence;
  private readonly meetingControl: MeetingControl;
  private readonly roster: LiveRoster;
  /** The sockets that came in through an invitation, kept in step with it (tests shorten its checkMs). */
  readonly invites: InviteWatch;
  /** Tests shorten these; production uses the shared constants. */
  graces = { hostMs: LIVE_HOST_GRACE_MS, leaveMs: LIVE_LEAVE_GRACE_MS };

  constructor(private readonly deps: LiveHubDeps) {
    const { meetings, engines, bus, clock, log, audio } = deps;
    this.states = new MeetingStateCache(meetings);
    this.rooms = new MeetingRooms(bus, (meetingId, state) => this.states.set(meetingId, state), deps.observeFanout);
    this.hosts = new HostConnections(deps.hostSlots ?? createInProcessHostSlots(), log);
    this.roster = deps.roster ?? createInProcessRoster();
    this.invites = new InviteWatch({ meetings, clock, rooms: this.rooms, log });
    this.presence = new ParticipantPresence({
      meetings,
      roster: this.roster,
      clock,
      log,
      publish: (meetingId, message) => this.publish(meetingId, message),
      left: (room) => this.rooms.closeIfIdle(room),
    });
    this.meetingControl = new MeetingControl({
      meetings,
      engines,
      bus,
      log,
      ...(audio ? { audio } : {}),
      rooms: this.rooms,
      states: this.states,
      recognized: () => this.deps.onRecognized,
      readingLanguages: (meetingId) => this.roster.readingLanguages(meetingId),
      ...(deps.onEnded ? { onEnded: deps.onEnded } : {}),
      ...(deps.allowance ? { allowance: deps.allowance } : {}),
      vocabulary: (room, meeting) => this.vocabularyOf(room, meeting),
    });
  }

  /** The meeting's vocabulary, read once per room; a failed read applies none (logged) rather than stopping the meeting. */
  vocabularyOf(room: Room, meeting: Pick<MeetingRow, 'id' | 'user_id' | 'record_id'>): Promise<CompiledVocabulary | null> {
    const inForce = this.deps.vocabulary;
    if (!inForce) return Promise.resolve(null);
    room.vocabulary ??= inForce
      .forMeeting(meeting)
      .then(async (vocabulary) => {
        // The meeting's record shows the libraries that shaped it (the latest pick that applied).
        if (vocabulary && meeting.record_id) await inForce.noteOnRecord(meeting.record_id, vocabulary);
        return vocabulary;
      })
      .catch((error: unknown) => {
        this.deps.log.warn({ err: error, meetingId: meeting.id }, 'meeting vocabulary not read; none applies');
        room.vocabulary = null;
        return null;
      });
    return room.vocabulary;
  }

  /**
   * The host changed the meeting's libraries: read again now, so the readers here get the new mask at
   * once; the recording takes it from its next start or resume.
   */
  async vocabularyChanged(meeting: MeetingRow): Promise<void> {
    const room = this.rooms.get(meeting.id);
    if (!room) return;
    room.vocabulary = null;
    const vocabulary = await this.vocabularyOf(room, meeting);
    for (const connection of room.connections) {
      if (connection.role !== 'host') connection.mask = vocabulary?.hasSensitiveWords ? (text) => vocabulary.mask(text) : null;
    }
  }

  /** Tests swap in slots with a short lease and their own key prefix. */
  async useHostSlots(slots: HostSlots): Promise<void> {
    await this.hosts.useSlots(slots);
  }

  /** The benchmark times the recogniser with this. */
  observeRecognized(observer: ((segmentId: string, timings: SessionTimings) => void) | undefined) {
    this.deps.onRecognized = observer;
  }

  get bus(): LiveBus {
    return this.deps.bus;
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
      this.hosts.release(connection);
      const room = this.rooms.get(meeting.id);
      if (room?.connections.delete(connection)) this.rooms.closeIfIdle(room);
      throw error;
    }
  }

  private async admit(meeting: MeetingRow, connection: LiveConnection): Promise<void> {
    const room = this.rooms.open(meeting.id);
    await room.unsubscribe;
    await this.deps.bus.ensureFloor(meeting.id, meeting.last_seq);
    if (connection.role === 'host') {
      // The recogniser's model loads while the host gets ready, not when the first words come.
      this.deps.engines.prepareRecognition(meetingLanguagesOf(meeting).spoken);
      await this.hosts.admit(room, connection);
      meeting = await this.meetingControl.hostArrived(room, meeting);
    }
    // Everyone but the host reads the meeting with its sensitive words masked (features §5, §6).
    if (connection.role !== 'host') {
      const vocabulary = await this.vocabularyOf(room, meeting);
      connection.mask = vocabulary?.hasSensitiveWords ? (text) => vocabulary.mask(text) : null;
    } else void this.vocabularyOf(room, meeting);
    room.connections.add(connection);
    // In the room first, then the invitation read again: a close racing this join cannot miss it.
    if (connection.via === 'invite') await this.invites.confirm(room, connection);
    connection.sendDirect({
      type: 'ready',
      seq: await this.deps.bus.latestSeq(meeting.id),
      role: connection.role,
      meetingId: meeting.id,
      state: meeting.state,
      lastAudioSeq: connection.role === 'host' ? (room.session?.lastAudioSeq ?? -1) : -1,
      recognitionLanguage: meetingLanguagesOf(meeting).spoken,
      translationLanguages: languagesOf(meeting.translation_languages),
    });
    // A projection screen reads like a participant but joins no list (its language is still counted);
    // the host is told how many screens are on, apart from the participants.
    if (connection.screen) await this.countScreen(meeting.id, 1);
    else if (connection.role === 'participant') await this.presence.arrive(room, connection);
  }

  private async countScreen(meetingId: string, delta: 1 | -1): Promise<void> {
    try {
      const count = await this.roster.countScreen(meetingId, delta);
      await this.publish(meetingId, { type: 'screens.connected', count });
    } catch (error) {
      this.deps.log.warn({ err: error }, 'live screen count failed');
    }
  }

  disconnect(meetingId: string, connection: LiveConnection): void {
    this.hosts.release(connection);
    const room = this.rooms.get(meetingId);
    if (!room || !room.connections.delete(connection)) return;
    if (connection.screen) void this.countScreen(meetingId, -1);
    this.hosts.depart(room, connection, this.graces.hostMs, () => this.meetingControl.hostLost(room));
    this.presence.depart(room, connection, this.graces.leaveMs);
    this.rooms.closeIfIdle(room);
  }

  /** Languages some connection reads now, on any instance (what finals are translated into). */
  async readingLanguages(meetingId: string): Promise<string[]> {
    return this.roster.readingLanguages(meetingId);
  }

  /** Answers {type:'resume', lastSeq}: every stream message after lastSeq, exactly once. */
  async attach(meetingId: string, connection: LiveConnection, lastSeq: number): Promise<void> {
    await resumeStream(this.deps, meetingId, connection, lastSeq);
  }

  async subscribeLanguage(meeting: MeetingRow, connection: LiveConnection, language: string): Promise<void> {
    const offered = meetingLanguagesOf(meeting).offered(language);
    if (!offered) throw new LiveSocketError(422, 'languageNotOffered', { language });
    connection.translationLanguage = offered;
    await this.presence.recordLanguage(this.rooms.get(meeting.id), connection);
  }

  /** A host control message. */
  async control(meetingId: string, action: LiveControlAction): Promise<void> {
    await this.meetingControl.control(meetingId, action);
  }

  /** stopMeeting: ends the meeting from any state (the repair of a meeting left paused). */
  async stop(meetingId: string): Promise<MeetingRow | undefined> {
    return this.meetingControl.stop(meetingId);
  }

  /** Host audio; refused unless recording (dropped silently while paused: frames in flight). */
  async audio(meeting: MeetingRow, frameSeq: number, pcm: Buffer): Promise<void> {
    const room = this.rooms.open(meeting.id);
    await takeHostAudio(
      { states: this.states, newSession: (r, m) => this.meetingControl.newSession(r, m), metered: (r, m) => this.meetingControl.metered(r, m) },
      room,
      meeting,
      frameSeq,
      pcm,
    );
  }

  /** A user's ledger changed (purchase, refund, charge): their meetings recording here re-read the balance. */
  async entitlementsChanged(userId: string): Promise<void> {
    await this.meetingControl.allowanceChanged(userId);
  }

  /** A link closed: the participants here who came through it get the error and are disconnected; the host stays. */
  closeParticipants(meetingId: string, via: 'share' | 'invite', error: LiveSocketError): void {
    const room = this.rooms.get(meetingId);
    for (const connection of room?.connections ?? []) if (connection.role === 'participant' && connection.via === via) connection.sendError(error, 0);
  }

  /** The invitation changed (renewed link, new expiry): the invited sockets here are checked against it now. */
  async recheckInvites(meetingId: string): Promise<void> {
    await this.invites.check(meetingId);
  }

  /** Closes every connection (app shutdown). */
  async close(): Promise<void> {
    this.invites.close();
    for (const room of this.rooms.all()) {
      this.hosts.stopGrace(room);
      this.presence.stopTimers(room);
      room.session?.abort();
      for (const connection of room.connections) connection.socket.terminate();
    }
    this.rooms.clear();
    await this.hosts.close();
    await this.roster.close();
    await this.deps.bus.close();
  }
}
