// A meeting's state changes as the live hub carries them out: host controls, stopMeeting (the repair
// of a meeting left paused), a host lost for good, and a host arriving at a recording nobody runs.
// Which change is allowed is decided by domain/meetings/meeting-rules.ts; here the recording session
// is opened, flushed or closed to match, the change is published (meeting.state) and stored. Changes
// of one meeting run one at a time.
import type { CompiledVocabulary } from '../domain/vocabulary/compiled-vocabulary';
import type { Engines } from '../engines/registry';
import type { MeetingRow } from '../domain/meetings/meeting-tables';
import type { MeetingsService } from '../domain/meetings/meetings-service';
import { HOST_LOST, nextState, onHostArrival, stopReason, type LiveControlAction, type LiveStateReason, type MeetingState } from '../domain/meetings/meeting-rules';
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
