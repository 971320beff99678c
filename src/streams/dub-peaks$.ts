// The waveform peaks one timeline lane needs, fetched as the view moves (issue 13 §1: the browser never
// decodes the media). First the whole media at the server's coarsest level (the overview: it draws the
// fitted view and is the fallback everywhere); then, for each view, the window around it at the level
// nearest to the zoom. Windows are aligned to blocks and cached per level, so scrolling back costs
// nothing; a view that moves on before its window arrives cancels that request (switchMap aborts it).
import { catchError, concat, defer, EMPTY, filter, map, Observable, of, Subject, switchMap, type Subscription } from 'rxjs';
import type { DubTrack, LanePeaks, PeaksSource, PeaksView, PeaksWindow } from './dub-peaks.types';

export interface PeaksRequest {
  track: DubTrack;
  pointsPerSecond: number;
  /** Absent for the overview: the whole media. */
  fromMs?: number;
  toMs?: number;
}

/** Fetches and decodes one window; rejects when the server cannot serve it. Aborted with the signal. */
export type PeaksFetch = (request: PeaksRequest, signal: AbortSignal) => Promise<PeaksWindow>;

export interface DubPeaksOptions {
  track: DubTrack;
  /** Points per request at any level: windows start on multiples of it so nearby views share them. */
  blockPoints?: number;
  /** Points kept per lane (two bytes each) before the oldest detail windows are dropped; the overview stays. */
  maxCachedPoints?: number;
}

const DEFAULT_BLOCK_POINTS = 8192;
const DEFAULT_MAX_CACHED_POINTS = 4_000_000;
/** The lowest the contract allows: the server answers with its coarsest level. */
const OVERVIEW_POINTS_PER_SECOND = 1;

/** Windows of one lane, per level, oldest first; the overview is never evicted. */
export class PeaksCache {
  private readonly kept: PeaksWindow[] = [];
  overview: PeaksWindow | null = null;

  constructor(private readonly maxPoints: number) {}

  add(window: PeaksWindow, isOverview = false): void {
    if (isOverview) this.overview = window;
    // A window inside a newer one of the same level adds nothing.
    for (let i = this.kept.length - 1; i >= 0; i--) {
      const old = this.kept[i]!;
      if (old !== this.overview && old.level === window.level && old.fromMs >= window.fromMs && old.toMs <= window.toMs) this.kept.splice(i, 1);
    }
    this.kept.push(window);
    let points = this.kept.reduce((sum, kept) => sum + kept.pairs.length / 2, 0);
    for (let i = 0; points > this.maxPoints && i < this.kept.length; ) {
      const oldest = this.kept[i]!;
      if (oldest === this.overview || oldest === window) {
        i++;
        continue;
      }
      this.kept.splice(i, 1);
      points -= oldest.pairs.length / 2;
    }
  }

  /** Where coverage of [fromMs, toMs] at `level` first stops, or null when it is all covered. */
  firstGap(level: number, fromMs: number, toMs: number): number | null {
    const spans = this.spans(level);
    let at = fromMs;
    for (const [from, to] of spans) {
      if (from > at) break;
      if (to > at) at = to;
    }
    return at >= toMs ? null : at;
  }

  /** Where coverage of [fromMs, toMs] at `level` last stops, counting from the right. */
  lastGap(level: number, fromMs: number, toMs: number): number {
    const spans = this.spans(level).sort((a, b) => b[1] - a[1]);
    let at = toMs;
    for (const [from, to] of spans) {
      if (to < at) break;
      if (from < at) at = from;
    }
    return Math.max(at, fromMs);
  }

  /** Finest level first, newest first within a level: the order the drawing prefers. */
  windows(): PeaksWindow[] {
    return this.kept
      .map((window, index) => ({ window, index }))
      .sort((a, b) => b.window.level - a.window.level || b.index - a.index)
      .map(({ window }) => window);
  }

  private spans(level: number): Array<[number, number]> {
    return this.kept
      .filter((window) => window.level === level)
      .map((window): [number, number] => [window.fromMs, window.toMs])
      .sort((a, b) => a[0] - b[0]);
  }
}

/**
 * The request a view needs now, or null when the cache already draws it. Before the overview has
 * arrived that is the overview itself; then the level nearest to the zoom, over the view and half a
 * view either side (smooth scrolling), minus what is cached, widened to whole blocks.
 */
export function requestFor(view: PeaksView, cache: PeaksCache, track: DubTrack, blockPoints = DEFAULT_BLOCK_POINTS): PeaksRequest | null {
  const overview = cache.overview;
  if (!overview) return { track, pointsPerSecond: OVERVIEW_POINTS_PER_SECOND };
  const level = nearestLevel(overview.levels.length ? overview.levels : [overview.level], view.pxPerSec);
  if (level <= overview.level) return null;
  const span = Math.max(0, view.toMs - view.fromMs);
  const needFrom = Math.max(0, view.fromMs - span / 2);
  const needTo = Math.min(overview.durationMs, view.toMs + span / 2);
  if (needTo <= needFrom) return null;
  const gapFrom = cache.firstGap(level, needFrom, needTo);
  if (gapFrom === null) return null;
  const gapTo = cache.lastGap(level, gapFrom, needTo);
  const blockMs = (blockPoints * 1000) / level;
  const fromMs = Math.floor(gapFrom / blockMs) * blockMs;
  const toMs = Math.min(overview.durationMs, Math.ceil(gapTo / blockMs) * blockMs);
  return { track, pointsPerSecond: level, fromMs: Math.floor(fromMs), toMs: Math.ceil(toMs) };
}

/** How long the same view waits before a failed request is asked again (doubling up to the max). */
export const FAILED_RETRY_MIN_MS = 2000;
export const FAILED_RETRY_MAX_MS = 30_000;

function viewKey(view: PeaksView): string {
  return `${view.fromMs}-${view.toMs}@${view.pxPerSec}`;
}

function keyOf(request: PeaksRequest | null): string {
  return request ? `${request.pointsPerSecond}:${request.fromMs ?? ''}-${request.toMs ?? ''}` : 'cached';
}

/** One fetch as an observable: unsubscribing aborts the request. */
function fetch$(fetch: PeaksFetch, request: PeaksRequest): Observable<PeaksWindow> {
  return new Observable<PeaksWindow>((subscriber) => {
    const controller = new AbortController();
    fetch(request, controller.signal).then(
      (window) => {
        subscriber.next(window);
        subscriber.complete();
      },
      (error: unknown) => subscriber.error(error),
    );
    return () => controller.abort();
  });
}

/**
 * A lane's peaks for the views it reports: emits the lane's whole cache (LanePeaks) each time a
 * window arrives or a request fails. A failed request is asked again at the next view, not in a loop.
 */
export function dubPeaks$(views$: Observable<PeaksView>, fetch: PeaksFetch, options: DubPeaksOptions): Observable<LanePeaks> {
  const { track } = options;
  const blockPoints = options.blockPoints ?? DEFAULT_BLOCK_POINTS;
  return defer(() => {
    const cache = new PeaksCache(options.maxCachedPoints ?? DEFAULT_MAX_CACHED_POINTS);
    let failed = false;
    let lastKey: string | null = null;
    // A failed request is asked again when the view changes, or for the same view once the pause has
    // passed: a lane redrawn after a failure reports the same view again, and that must not loop.
    let failedView: string | null = null;
    let retryAt = 0;
    let pauseMs = FAILED_RETRY_MIN_MS;
    const snapshot = (): LanePeaks => ({ track, durationMs: cache.overview?.durationMs ?? 0, windows: cache.windows(), failed });

    // After the overview arrives the same view may still want its detail window: one more round.
    const load$ = (view: PeaksView, rounds: number): Observable<LanePeaks> =>
      defer(() => {
        const request = requestFor(view, cache, track, blockPoints);
        if (!request || rounds === 0) return EMPTY;
        return fetch$(fetch, request).pipe(
          switchMap((window) => {
            cache.add(window, request.fromMs === undefined);
            failed = false;
            return concat(of(snapshot()), load$(view, rounds - 1));
          }),
          catchError(() => {
            failed = true;
            lastKey = null;
            failedView = viewKey(view);
            retryAt = Date.now() + pauseMs;
            pauseMs = Math.min(pauseMs * 2, FAILED_RETRY_MAX_MS);
            return of(snapshot());
          }),
        );
      });

    return views$.pipe(
      map((view) => ({ view, key: keyOf(requestFor(view, cache, track, blockPoints)) })),
      filter(({ view, key }) => {
        if (key === lastKey) return false;
        if (failed && viewKey(view) === failedView && Date.now() < retryAt) return false;
        lastKey = key;
        return true;
      }),
      switchMap(({ view }) => load$(view, 2)),
    );
  });
}

/**
 * The timeline's PeaksSource over a fetch bound to one task (and dubbed language): one dubPeaks$
 * per lane, fed by the views the lane reports, closed with the lane.
 */
export function dubPeaksSource(fetch: PeaksFetch, options: Omit<DubPeaksOptions, 'track'> = {}): PeaksSource {
  return (track, onPeaks) => {
    const views = new Subject<PeaksView>();
    const subscription: Subscription = dubPeaks$(views, fetch, { ...options, track }).subscribe(onPeaks);
    return {
      show: (view) => views.next(view),
      close: () => {
        subscription.unsubscribe();
        views.complete();
      },
    };
  };
}

/**
 * The server level nearest to a zoom, nearest on a log scale (10 → 100 is as far as 100 → 1000):
 * about one point per CSS pixel, neither a blur of stretched points nor ten times the bytes needed.
 */
export function nearestLevel(levels: readonly number[], pxPerSec: number): number {
  if (levels.length === 0) throw new RangeError('nearestLevel needs at least one level');
  const want = Math.log(Math.max(pxPerSec, 1e-6));
  let best = levels[0]!;
  for (const level of levels) {
    if (Math.abs(Math.log(level) - want) < Math.abs(Math.log(best) - want)) best = level;
  }
  return best;
}
