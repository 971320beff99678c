// A meeting's state changes as the live hub carries them out: host controls, stopMeeting (the repair
// of a meeting left paused), a host lost for good, and a host arriving at a recording nobody runs.
// Which change is allowed is decided by domain/meetings/meeting-rules.ts; here the recording session
// is opened, flushed or closed to match, the change is published (meeting.state) and stored. Changes
// of one meeting run one at a time.
import { INSUFFICIENT_BALANCE } from '../domain/entitlements/metering';
import type { CompiledVocabulary } from '../domain/vocabulary/compiled-vocabulary';
import type { Engines } from '../engines/registry';
import type { MeetingRow } from '../domain/meetings/meeting-tables';
import type { MeetingsService } from '../domain/meetings/meetings-service';
import { HOST_LOST, nextState, onHostArrival, stopReason, type LiveControlAction, type LiveStateReason, type MeetingState } from '../domain/meetings/meeting-rules';
import { allowanceRefusal, usedUpAt, type AllowanceReading, type LiveAllowance } from './live-allowance';
import type { LiveBus } from './live-bus';
import { LiveSocketError } from './live-errors';
import { publishMeetingAudio, type MeetingAudioDeps } from './meeting-audio';
import { serial, type MeetingRooms, type Room } from './meeting-rooms';
import type { MeetingStateCache } from './meeting-state-cache';
import { RecordingSession, type SessionTimings } from './recording-session';

export interface MeetingControlDeps {
  meetings: MeetingsService;
  engines: Engines;
  bus: LiveBus;
  log: { warn(obj: unknown, msg?: string): void };
  audio?: MeetingAudioDeps;
  rooms: MeetingRooms;
  states: MeetingStateCache;
  /** Read per final, so the benchmark can attach its observer at any time. */
  recognized(): ((segmentId: string, timings: SessionTimings) => void) | undefined;
  /** Languages someone reads now (the roster's): finals are translated into these and the primary. */
  readingLanguages(meetingId: string): Promise<string[]>;
  /** A meeting ended (audio stored): its seconds are charged (issue 11). A failure here is logged, not fatal. */
  onEnded?(meeting: MeetingRow): Promise<void>;
  /** The host's live balance (absent: recording is not metered). */
  allowance?: LiveAllowance;
  /** The room's vocabulary (absent: none applies). */
  vocabulary?(room: Room, meeting: MeetingRow): Promise<CompiledVocabulary | null>;
}

export class MeetingControl {
  constructor(private readonly deps: MeetingControlDeps) {}

  /** A host control message. */
  async control(meetingId: string, action: LiveControlAction): Promise<void> {
    const room = this.deps.rooms.open(meetingId);
    await serial(room, async () => {
      const meeting = await this.deps.meetings.find(meetingId);
      if (!meeting) throw new LiveSocketError(404, 'meetingNotFound', {}, true);
      const next = nextState(action, meeting.state);
      if (!next) throw new LiveSocketError(409, 'invalidTransition', { from: meeting.state, action });
      if (next === 'in_progress') {
        await this.admitRecording(room, meeting);
        const session = room.session ?? this.newSession(room, meeting);
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
      // The host decided the state now (a refused resume decided nothing): a purchase no longer resumes it.
      if (room.allowance) room.allowance.pausedForIt = false;
      await this.changeState(room, next, 'control');
    });
  }

  /** stopMeeting: ends the meeting from any state (the repair of a meeting left paused). */
  async stop(meetingId: string): Promise<MeetingRow | undefined> {
    const room = this.deps.rooms.open(meetingId);
    const result = await serial(room, async () => {
      const meeting = await this.deps.meetings.find(meetingId);
      const reason = meeting ? stopReason(meeting.state, room.session !== null) : null;
      if (!meeting || !reason) return meeting;
      if (room.session) {
        await room.session.flush();
        await room.session.publishAudio(true);
        room.session = null;
      } else {
        await this.publishLeftAudio(meeting);
      }
      return this.changeState(room, 'ended', reason);
    });
    this.deps.rooms.closeIfIdle(room);
    return result;
  }

  /** A host connection arrived: a recording no session here carries is left paused (hostLost). */
  async hostArrived(room: Room, meeting: MeetingRow): Promise<MeetingRow> {
    const change = onHostArrival(meeting.state, room.session !== null);
    if (!change) return meeting;
    return (await this.changeState(room, change.state, change.reason)) ?? meeting;
  }

  /** The host grace ran out: the utterance in progress (and the audio length) is stored, the meeting left paused. */
  hostLost(room: Room): void {
    void serial(room, async () => {
      if (room.host || !room.session) return;
      await room.session.flush();
      await room.session.publishAudio(false);
      await this.changeState(room, HOST_LOST.state, HOST_LOST.reason);
      room.session = null;
      this.deps.rooms.closeIfIdle(room);
    }).catch((error: unknown) => this.deps.log.warn({ err: error }, 'live host-lost failed'));
  }

  /** Starting or resuming needs live time left: refused (the billing text) when the balance is used up. */
  private async admitRecording(room: Room, meeting: MeetingRow): Promise<void> {
    if (!this.deps.allowance) return;
    const reading = await this.deps.allowance.read(meeting);
    const usedUp = usedUpAt(reading, room.session?.audioMs ?? meeting.audio_ms);
    this.keepReading(room, meeting, reading, usedUp);
    if (usedUp) throw allowanceRefusal(reading.code);
  }

  private keepReading(room: Room, meeting: MeetingRow, reading: AllowanceReading, usedUp: boolean): void {
    room.allowance = { userId: meeting.user_id, limitMs: reading.limitMs, code: reading.code, usedUp, pausedForIt: room.allowance?.pausedForIt ?? false };
  }

  /**
   * After each frame taken: once the meeting's audio reaches the balance, the meeting pauses (the
   * host is told which refusal it is). A recording this instance took over without a start here
   * reads the balance first (its frames count from then on).
   */
  metered(room: Room, meeting: MeetingRow): void {
    const { allowance } = this.deps;
    if (!allowance || !room.session) return;
    if (!room.allowance) {
      room.allowance = { userId: meeting.user_id, limitMs: Number.POSITIVE_INFINITY, code: INSUFFICIENT_BALANCE, usedUp: false, pausedForIt: false };
      void allowance
        .read(meeting)
        .then((reading) => {
          if (!room.allowance || room.allowance.usedUp) return;
          room.allowance.limitMs = reading.limitMs;
          room.allowance.code = reading.code;
        })
        .catch((error: unknown) => this.deps.log.warn({ err: error, meetingId: meeting.id }, 'live balance not read'));
      return;
    }
    if (room.allowance.usedUp || room.session.audioMs < room.allowance.limitMs) return;
    room.allowance.usedUp = true;
    void serial(room, () => this.pauseForAllowance(room)).catch((error: unknown) => this.deps.log.warn({ err: error, meetingId: meeting.id }, 'live allowance pause failed'));
  }

  private async pauseForAllowance(room: Room): Promise<void> {
    const meeting = await this.deps.meetings.find(room.meetingId);
    if (!meeting || meeting.state !== 'in_progress' || !room.allowance) return;
    await room.session?.flush();
    room.allowance.pausedForIt = true;
    await this.deps.bus.publish(room.meetingId, { type: 'meeting.allowance', status: 'usedUp', code: room.allowance.code });
    await this.changeState(room, 'paused', 'allowanceUsedUp');
  }

  /**
   * The host's ledger changed (a purchase, a refund, another charge): the balance is read again. A
   * meeting the meter paused resumes by itself when time came back and its host is still connected.
   */
  async allowanceChanged(userId: string): Promise<void> {
    const { allowance } = this.deps;
    if (!allowance) return;
    const rooms = [...this.deps.rooms.all()].filter((room) => room.allowance?.userId === userId);
    await Promise.all(
      rooms.map((room) =>
        serial(room, async () => {
          const meeting = await this.deps.meetings.find(room.meetingId);
          if (!meeting || meeting.state === 'ended' || !room.allowance) return;
          const reading = await allowance.read(meeting);
          const wasUsedUp = room.allowance.usedUp;
          const usedUp = usedUpAt(reading, room.session?.audioMs ?? meeting.audio_ms);
          this.keepReading(room, meeting, reading, wasUsedUp && usedUp);
          if (!wasUsedUp || usedUp) return;
          if (!room.allowance.pausedForIt || meeting.state !== 'paused' || !room.host) return;
          room.allowance.pausedForIt = false;
          const session = room.session ?? this.newSession(room, meeting);
          session.open();
          room.session = session;
          await this.deps.bus.publish(room.meetingId, { type: 'meeting.allowance', status: 'restored', code: null });
          await this.changeState(room, 'in_progress', 'allowanceRestored');
        }).catch((error: unknown) => this.deps.log.warn({ err: error, meetingId: room.meetingId }, 'live allowance not re-read')),
      ),
    );
  }

  /** A recording session for the room's meeting, reporting recogniser failures to its host. */
  newSession(room: Room, meeting: MeetingRow): RecordingSession {
    const { meetings, engines, bus, log, audio } = this.deps;
    return new RecordingSession(meeting, {
      meetings,
      engines,
      bus,
      log,
      onRecognized: (segmentId: string, timings: SessionTimings) => this.deps.recognized()?.(segmentId, timings),
      onFailure: (error: LiveSocketError) => room.host?.sendError(error, 0),
      readingLanguages: () => this.deps.readingLanguages(room.meetingId),
      ...(audio ? { audio } : {}),
      ...(this.deps.vocabulary ? { vocabulary: () => this.deps.vocabulary!(room, meeting) } : {}),
    });
  }

  /** Audio staged before a restart (or a lost host) with no session here now: published as the meeting ends. */
  private async publishLeftAudio(meeting: MeetingRow) {
    if (!this.deps.audio) return;
    await publishMeetingAudio(this.deps.audio, meeting, true).catch((error: unknown) =>
      this.deps.log.warn({ err: error, meetingId: meeting.id }, 'meeting audio not published'),
    );
  }

  private async changeState(room: Room, state: MeetingState, reason: LiveStateReason) {
    const message = await this.deps.bus.publish(room.meetingId, { type: 'meeting.state', state, reason });
    this.deps.states.set(room.meetingId, state);
    const row = await this.deps.meetings.setState(room.meetingId, state, message.seq);
    if (row) room.session?.updateMeeting(row);
    if (row && state === 'ended' && this.deps.onEnded) {
      await this.deps.onEnded(row).catch((error: unknown) => this.deps.log.warn({ err: error, meetingId: row.id }, 'meeting seconds not charged'));
    }
    return row;
  }
}
