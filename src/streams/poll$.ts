import { asyncScheduler, timer, type Observable, type SchedulerLike } from 'rxjs';

/**
 * Polling ticks 0, 1, 2, … : the first at once (a payment status is worth checking immediately),
 * then one every `periodMs` until unsubscribed. The scheduler is injectable for marble tests.
 */
export function poll$(periodMs: number, scheduler: SchedulerLike = asyncScheduler): Observable<number> {
  if (!(periodMs > 0)) throw new RangeError(`poll$ period must be positive, got ${periodMs}`);
  return timer(0, periodMs, scheduler);
}
