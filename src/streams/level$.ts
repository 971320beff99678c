// Loudness of the microphone for the level meter and the 'no sound detected' warning.
import { asyncScheduler, concat, distinctUntilChanged, filter, map, of, startWith, switchMap, throttleTime, timer } from 'rxjs';
import type { Observable, SchedulerLike } from 'rxjs';
import { LIVE_NO_SOUND_AFTER_MS, LIVE_SILENCE_RMS } from '../shared/contract/limits';
import { meterLevel } from './audio-dsp';

// A meter redrawn ten times a second looks live; 25 frames a second would only cost renders.
export const LEVEL_METER_INTERVAL_MS = 100;

/** Meter levels (0..1) at most every LEVEL_METER_INTERVAL_MS, the latest frame winning. */
export function meterLevels$(rms$: Observable<number>, scheduler: SchedulerLike = asyncScheduler): Observable<number> {
  return rms$.pipe(
    throttleTime(LEVEL_METER_INTERVAL_MS, scheduler, { leading: true, trailing: true }),
    map(meterLevel),
  );
}

export interface SilenceOptions {
  thresholdRms?: number;
  afterMs?: number;
}

/**
 * true once no frame has been louder than the threshold for `afterMs` (from subscription or from
 * the last loud frame), false again as soon as one is. Starts with false: a new recording is
 * presumed fine until the silence has lasted.
 */
export function silence$(
  rms$: Observable<number>,
  { thresholdRms = LIVE_SILENCE_RMS, afterMs = LIVE_NO_SOUND_AFTER_MS }: SilenceOptions = {},
  scheduler: SchedulerLike = asyncScheduler,
): Observable<boolean> {
  return rms$.pipe(
    filter((value) => value >= thresholdRms),
    startWith(null),
    switchMap(() => concat(of(false), timer(afterMs, scheduler).pipe(map(() => true)))),
    distinctUntilChanged(),
  );
}
