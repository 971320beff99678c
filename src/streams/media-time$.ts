// The playing position of a media element, for highlighting the current segment and word:
// every animation frame while playing (timeupdate alone fires only ~4 times a second), and once on
// seek or pause. Emits milliseconds, without repeats.
import { animationFrameScheduler, distinctUntilChanged, fromEvent, interval, map, merge, startWith, switchMap, EMPTY, type Observable, type SchedulerLike } from 'rxjs';

export interface MediaLike {
  currentTime: number;
  paused: boolean;
  addEventListener: HTMLMediaElement['addEventListener'];
  removeEventListener: HTMLMediaElement['removeEventListener'];
}

/** frameMs 0 on the animation-frame scheduler means once per frame; tests pass their own scheduler and period. */
export function mediaTime$(media: MediaLike, frameScheduler: SchedulerLike = animationFrameScheduler, frameMs = 0): Observable<number> {
  const playing$ = merge(
    fromEvent(media, 'play').pipe(map(() => true)),
    fromEvent(media, 'playing').pipe(map(() => true)),
    fromEvent(media, 'pause').pipe(map(() => false)),
    fromEvent(media, 'ended').pipe(map(() => false)),
  ).pipe(startWith(!media.paused), distinctUntilChanged());
  const ticks$ = playing$.pipe(switchMap((playing) => (playing ? interval(frameMs, frameScheduler) : EMPTY)));
  const jumps$ = merge(fromEvent(media, 'seeked'), fromEvent(media, 'timeupdate'), fromEvent(media, 'loadedmetadata'));
  return merge(ticks$, jumps$).pipe(
    startWith(0),
    map(() => Math.round(media.currentTime * 1000)),
    distinctUntilChanged(),
  );
}

export interface TimedItem {
  startMs: number;
  endMs: number;
}

/** Index of the item playing at `ms` (items sorted by start), or -1 between and outside items. */
export function indexAt(items: readonly TimedItem[], ms: number): number {
  let low = 0;
  let high = items.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const item = items[mid]!;
    if (ms < item.startMs) high = mid - 1;
    else if (ms >= item.endMs) low = mid + 1;
    else return mid;
  }
  return -1;
}

/**
 * Word timings of a segment: the server's when it sent them, otherwise spread over the segment in
 * proportion to each word's length (an estimate, so highlighting still follows speech).
 */
export function wordTimings(segment: TimedItem & { text: string; words?: Array<TimedItem & { text: string }> }): Array<TimedItem & { text: string }> {
  if (segment.words && segment.words.length > 0) return segment.words;
  const words = segment.text.split(/\s+/).filter(Boolean);
  const total = words.reduce((sum, word) => sum + word.length, 0);
  if (total === 0) return [];
  const span = Math.max(0, segment.endMs - segment.startMs);
  let at = segment.startMs;
  return words.map((text, index) => {
    const end = index === words.length - 1 ? segment.endMs : Math.round(at + (span * text.length) / total);
    const word = { text, startMs: at, endMs: end };
    at = end;
    return word;
  });
}
