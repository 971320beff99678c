// The host meeting machine's own calls (its children are machines of their own): the sharing
// switch, a cast code, a cast screen's operation, the copy of the join link, and the clock.
import { interval, map } from 'rxjs';
import { fromEventObservable, fromPromise } from 'xstate';
import { createScreenCode } from '../../api/meetings/create-screen-code';
import { setMeetingSharing } from '../../api/meetings/edit-meeting';
import { screenOperation, type ScreenOperationRequest } from '../../api/meetings/screen-operation';
import type { Meeting, ScreenCode } from '../../api/meetings/meeting-types';

export const CLOCK_TICK_MS = 1000;

/** Ticks the elapsed time on screen. */
export const clockActor = fromEventObservable(() => interval(CLOCK_TICK_MS).pipe(map(() => ({ type: 'clock.tick' as const }))));
export const setSharingActor = fromPromise<Meeting, { meetingId: string; open: boolean }>(({ input }) => setMeetingSharing(input.meetingId, input.open));
export const createCastCodeActor = fromPromise<ScreenCode, { meetingId: string }>(({ input }) => createScreenCode(input.meetingId));
export const screenOperationActor = fromPromise<void, ScreenOperationRequest>(({ input }) => screenOperation(input));
export const copyTextActor = fromPromise<void, { text: string }>(async ({ input }) => {
  if (!navigator.clipboard) throw new Error('no clipboard');
  await navigator.clipboard.writeText(input.text);
});
