// The meeting rules as tables: every (action, state) pair, every arrival, stop and audio case.
import { describe, expect, it } from 'vitest';
import { audioAdmission, mayConnect, nextState, onHostArrival, refusalFor, stopReason, type LiveControlAction, type MeetingState } from './meeting-rules';

const STATES: MeetingState[] = ['not_started', 'in_progress', 'paused', 'ended'];

describe('meeting rules', () => {
  // Rows: action; columns: not_started, in_progress, paused, ended (null = refused: invalidTransition).
  const transitions: Array<[LiveControlAction, Array<MeetingState | null>]> = [
    ['start', ['in_progress', null, 'in_progress', null]],
    ['pause', [null, 'paused', null, null]],
    ['resume', [null, null, 'in_progress', null]],
    ['stop', ['ended', 'ended', 'ended', null]],
  ];
  it.each(transitions.flatMap(([action, row]) => STATES.map((from, i) => [action, from, row[i]] as const)))('%s from %s → %s', (action, from, to) => {
    expect(nextState(action, from)).toBe(to);
  });

  it.each([
    ['not_started', false, 'control'],
    ['in_progress', true, 'control'],
    ['paused', true, 'control'],
    ['paused', false, 'repaired'],
    ['ended', false, null],
    ['ended', true, null],
  ] as const)('stopMeeting from %s (recording here: %s) is explained as %s', (from, recording, reason) => {
    expect(stopReason(from, recording)).toBe(reason);
  });

  it.each([
    ['not_started', false, null],
    ['in_progress', true, null],
    ['in_progress', false, { state: 'paused', reason: 'hostLost' }],
    ['paused', false, null],
  ] as const)('a host arriving at %s (recording here: %s) leads to %j', (state, recording, outcome) => {
    expect(onHostArrival(state, recording)).toEqual(outcome);
  });

  it.each([
    ['not_started', true],
    ['in_progress', true],
    ['paused', true],
    ['ended', false],
  ] as const)('a connection to a %s meeting is allowed: %s', (state, allowed) => {
    expect(mayConnect(state)).toBe(allowed);
  });

  it.each([
    ['host', 'audio', null],
    ['host', 'control', null],
    ['host', 'resume', null],
    ['host', 'subscribe', null],
    ['host', 'ping', null],
    ['participant', 'audio', 'participantAudio'],
    ['participant', 'control', 'hostOnly'],
    ['participant', 'resume', null],
    ['participant', 'subscribe', null],
    ['participant', 'ping', null],
  ] as const)('%s sending %s is refused with %s', (role, type, refusal) => {
    expect(refusalFor(role, type)).toBe(refusal);
  });

  it.each([
    ['not_started', 'refuse'],
    ['in_progress', 'take'],
    ['paused', 'drop'],
    ['ended', 'refuse'],
  ] as const)('host audio while %s: %s', (state, admission) => {
    expect(audioAdmission(state)).toBe(admission);
  });
});
