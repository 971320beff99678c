// The rules of a live meeting, apart from sockets and storage: which control moves the meeting
// between not_started → in_progress ⇄ paused → ended, what a host connection finds on arrival, how a
// stop is explained, who may send which message, and what becomes of host audio in each state.
// Pure: the live hub (server/src/live) asks, and does what the answer says.
import type { LiveClientMessageType, LiveControlAction, LiveRole, LiveStateReason, MeetingState } from '../../../../src/shared/contract/live-messages';

export type { LiveControlAction, LiveStateReason, MeetingState };

const TRANSITIONS: Record<LiveControlAction, Partial<Record<MeetingState, MeetingState>>> = {
  start: { not_started: 'in_progress', paused: 'in_progress' },
  pause: { in_progress: 'paused' },
  resume: { paused: 'in_progress' },
  stop: { not_started: 'ended', in_progress: 'ended', paused: 'ended' },
};

/** The state a host control leads to, or null when the action is not allowed from `from`. */
export function nextState(action: LiveControlAction, from: MeetingState): MeetingState | null {
  return TRANSITIONS[action][from] ?? null;
}

/**
 * stopMeeting ends a meeting from any state but ended. Closing a paused meeting nobody is recording
 * (left by a lost host) is its repair; anything else is an ordinary control.
 */
export function stopReason(from: MeetingState, recordingHere: boolean): LiveStateReason | null {
  if (from === 'ended') return null;
  return from === 'paused' && !recordingHere ? 'repaired' : 'control';
}

/**
 * A host connection arriving at a meeting that says in_progress while no recording runs here: the
 * previous host connection died with its process. Same outcome as a host lost after the grace.
 */
export function onHostArrival(state: MeetingState, recordingHere: boolean): { state: MeetingState; reason: LiveStateReason } | null {
  return state === 'in_progress' && !recordingHere ? { state: 'paused', reason: 'hostLost' } : null;
}

/** The host connection is gone for good while recording: the meeting is left paused. */
export const HOST_LOST: { state: MeetingState; reason: LiveStateReason } = { state: 'paused', reason: 'hostLost' };

/** Nobody connects to an ended meeting (participants are turned away earlier by the share rule). */
export function mayConnect(state: MeetingState): boolean {
  return state !== 'ended';
}

/** Which client messages need the host role; the key is the live-namespace error a participant gets. */
const HOST_ONLY: Partial<Record<LiveClientMessageType, string>> = {
  audio: 'participantAudio',
  control: 'hostOnly',
};

/** Null when `role` may send a message of `type` (binary frames are audio); else the refusal key (403). */
export function refusalFor(role: LiveRole, type: LiveClientMessageType | (string & {}) | undefined): string | null {
  if (role === 'host' || type === undefined || !Object.hasOwn(HOST_ONLY, type)) return null;
  return HOST_ONLY[type as LiveClientMessageType] ?? null;
}

/** Host audio: taken while in progress, dropped while paused (frames in flight), refused otherwise. */
export type AudioAdmission = 'take' | 'drop' | 'refuse';

export function audioAdmission(state: MeetingState): AudioAdmission {
  if (state === 'in_progress') return 'take';
  if (state === 'paused') return 'drop';
  return 'refuse';
}
