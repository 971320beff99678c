// The host's live interpreting time while a meeting records (issue 11, features §6): the day's
// membership allowance, then the duration pack. The hub reads how many ms of meeting audio that
// covers when recording starts or resumes and whenever the host's ledger changes, and counts the
// audio as it is taken; once the meeting's audio reaches it, the meeting pauses (reason
// allowanceUsedUp, with a meeting.allowance message telling the host which refusal it is).
//
// Nothing is charged here. The meeting is still charged once when it ends ('meeting:<id>', from the
// audio it recorded — domain/entitlements/meeting-charges.ts): the pause keeps that audio within
// the balance, and a retried or reconnected host, a resume on another instance or a repeated stop all
// end in that one keyed row, so no slice can be charged twice. The ledger holds no running meeting's
// seconds, so the balance read here is the meeting's whole budget (its earlier audio included).
import { INSUFFICIENT_BALANCE, QUOTA_USED_UP } from '../domain/entitlements/metering';
import type { MeetingRow } from '../domain/meetings/meeting-tables';
import { LiveSocketError } from './live-errors';

/** Live time is refused as 'package quota used up' (a membership's day) or 'insufficient balance'. */
export type LiveRefusalCode = typeof INSUFFICIENT_BALANCE | typeof QUOTA_USED_UP;

export interface AllowanceReading {
  /** Meeting audio (ms, all of the meeting's recording) the host's balance covers; Infinity when unlimited. */
  limitMs: number;
  /** What a refusal says once it is used up. */
  code: LiveRefusalCode;
}

/** Reads the meeting host's live balance (absent from the hub: nothing is metered). */
export interface LiveAllowance {
  read(meeting: MeetingRow): Promise<AllowanceReading>;
}

/** What a room knows of its host's balance. */
export interface RoomAllowance {
  userId: string;
  limitMs: number;
  code: LiveRefusalCode;
  /** The audio reached the limit: frames are dropped until a purchase restores it. */
  usedUp: boolean;
  /** The meeting was paused by the meter (not by the host), so a purchase resumes it by itself. */
  pausedForIt: boolean;
}

/** The refusal of a resume without time left: the billing texts of the error catalogue. */
export function allowanceRefusal(code: LiveRefusalCode): LiveSocketError {
  return new LiveSocketError(402, code === QUOTA_USED_UP ? 'billing:quotaUsedUp' : 'billing:insufficientBalance', { code });
}

export function usedUpAt(reading: AllowanceReading, audioMs: number): boolean {
  return audioMs >= reading.limitMs;
}

export const UNMETERED: AllowanceReading = { limitMs: Number.POSITIVE_INFINITY, code: INSUFFICIENT_BALANCE };
