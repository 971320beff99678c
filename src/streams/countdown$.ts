import { asyncScheduler, map, take, timer, type Observable, type SchedulerLike } from 'rxjs';

const SECOND_MS = 1000;

/**
 * Seconds left of a countdown: `seconds` at once, then one less every second, ending with 0 and
 * completing. The scheduler is injectable so marble tests run on virtual time.
 */
export function countdown$(seconds: number, scheduler: SchedulerLike = asyncScheduler): Observable<number> {
  const whole = Math.max(0, Math.floor(seconds));
  return timer(0, SECOND_MS, scheduler).pipe(
    take(whole + 1),
    map((elapsed) => whole - elapsed),
  );
}
