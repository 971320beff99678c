// The peaks a timeline lane needs: the overview first, then the view's window at the level nearest to
// the zoom, cached per level, with a stale request cancelled when the view moves on.
import { Subject } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { dubPeaks$, dubPeaksSource, FAILED_RETRY_MIN_MS, nearestLevel, PeaksCache, requestFor, type PeaksRequest } from './dub-peaks$';
import type { LanePeaks, PeaksView, PeaksWindow } from './dub-peaks.types';

const DURATION = 4 * 3600 * 1000;
const LEVELS = [10, 100, 1000];

function windowFor(request: PeaksRequest): PeaksWindow {
  const level = request.fromMs === undefined ? 10 : request.pointsPerSecond;
  const fromMs = request.fromMs ?? 0;
  const toMs = request.toMs ?? DURATION;
  const points = Math.round(((toMs - fromMs) * level) / 1000);
  return { track: request.track, level, fromMs, toMs, durationMs: DURATION, levels: LEVELS, pairs: new Int8Array(points * 2) };
}

interface Call {
  request: PeaksRequest;
  signal: AbortSignal;
  answer(): void;
  fail(): void;
}

/** A fetch whose answers the test gives, one call at a time. */
function fakeFetch() {
  const calls: Call[] = [];
  const fetch = (request: PeaksRequest, signal: AbortSignal) =>
    new Promise<PeaksWindow>((resolve, reject) => {
      calls.push({ request, signal, answer: () => resolve(windowFor(request)), fail: () => reject(new Error('no media')) });
    });
  return { calls, fetch };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const view = (fromMs: number, toMs: number, pxPerSec: number): PeaksView => ({ fromMs, toMs, pxPerSec });

function start(blockPoints = 1000) {
  const views = new Subject<PeaksView>();
  const { calls, fetch } = fakeFetch();
  const emitted: LanePeaks[] = [];
  const subscription = dubPeaks$(views, fetch, { track: 'original', blockPoints }).subscribe((peaks) => emitted.push(peaks));
  return { views, calls, emitted, subscription };
}

describe('dubPeaks$', () => {
  it('asks for the whole media at the coarsest level first, and the fitted view needs nothing more', async () => {
    const { views, calls, emitted } = start();
    views.next(view(0, DURATION, 0.1));
    expect(calls.map((call) => call.request)).toEqual([{ track: 'original', pointsPerSecond: 1 }]);
    calls[0]!.answer();
    await settle();
    expect(emitted).toHaveLength(1);
    expect(emitted[0]).toMatchObject({ track: 'original', durationMs: DURATION, failed: false });
    expect(emitted[0]!.windows.map((window) => window.level)).toEqual([10]);
    views.next(view(0, DURATION, 0.1));
    views.next(view(0, 1_000_000, 5));
    await settle();
    expect(calls).toHaveLength(1);
  });

  it('fetches the view and half a view either side at the level nearest the zoom, in whole blocks', async () => {
    const { views, calls, emitted } = start();
    views.next(view(0, DURATION, 0.1));
    calls[0]!.answer();
    await settle();
    // 150 px/s → level 100; blocks of 1,000 points are 10 s; need 55–75 s.
    views.next(view(60_000, 70_000, 150));
    expect(calls[1]!.request).toEqual({ track: 'original', pointsPerSecond: 100, fromMs: 50_000, toMs: 80_000 });
    // 900 px/s → level 1000; blocks of 1 s; need 59.5–60.5 s.
    calls[1]!.answer();
    await settle();
    views.next(view(59_800, 60_200, 900));
    expect(calls[2]!.request).toEqual({ track: 'original', pointsPerSecond: 1000, fromMs: 59_000, toMs: 61_000 });
    calls[2]!.answer();
    await settle();
    // Finest first: what the drawing prefers.
    expect(emitted.at(-1)!.windows.map((window) => window.level)).toEqual([1000, 100, 10]);
  });

  it('cancels the request of a view the user has scrolled away from', async () => {
    const { views, calls, emitted } = start();
    views.next(view(0, DURATION, 0.1));
    calls[0]!.answer();
    await settle();
    views.next(view(60_000, 70_000, 150));
    views.next(view(600_000, 610_000, 150));
    expect(calls[1]!.signal.aborted).toBe(true);
    expect(calls[2]!.request).toMatchObject({ fromMs: 590_000, toMs: 620_000 });
    expect(calls[2]!.signal.aborted).toBe(false);
    calls[1]!.answer(); // too late: ignored
    calls[2]!.answer();
    await settle();
    expect(emitted.at(-1)!.windows.map((window) => [window.level, window.fromMs])).toEqual([
      [100, 590_000],
      [10, 0],
    ]);
  });

  it('does not ask again for a window it has, nor restart a request still on its way', async () => {
    const { views, calls } = start();
    views.next(view(0, DURATION, 0.1));
    calls[0]!.answer();
    await settle();
    views.next(view(60_000, 70_000, 150));
    views.next(view(60_500, 70_500, 150)); // same blocks: the request goes on
    expect(calls).toHaveLength(2);
    expect(calls[1]!.signal.aborted).toBe(false);
    calls[1]!.answer();
    await settle();
    views.next(view(58_000, 68_000, 150)); // inside what arrived
    expect(calls).toHaveLength(2);
    views.next(view(70_000, 80_000, 150)); // only the missing blocks: 80–90 s
    expect(calls[2]!.request).toMatchObject({ pointsPerSecond: 100, fromMs: 80_000, toMs: 90_000 });
  });

  it('fetches the detail of a deep first view once the overview has told the levels', async () => {
    const { views, calls } = start();
    views.next(view(60_000, 70_000, 150));
    expect(calls[0]!.request).toEqual({ track: 'original', pointsPerSecond: 1 });
    calls[0]!.answer();
    await settle();
    expect(calls[1]!.request).toMatchObject({ pointsPerSecond: 100, fromMs: 50_000, toMs: 80_000 });
  });

  it('marks the lane failed and asks again at the next view, not in a loop', async () => {
    const { views, calls, emitted } = start();
    views.next(view(0, DURATION, 0.1));
    calls[0]!.fail();
    await settle();
    expect(emitted.at(-1)).toMatchObject({ failed: true, windows: [] });
    expect(calls).toHaveLength(1);
    views.next(view(0, DURATION, 0.2));
    expect(calls).toHaveLength(2);
    calls[1]!.answer();
    await settle();
    expect(emitted.at(-1)).toMatchObject({ failed: false });
  });

  it('does not loop when a failed lane is redrawn with the same view: it asks again only after a pause', async () => {
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_000_000);
    try {
      const { views, calls } = start();
      views.next(view(0, DURATION, 0.1));
      calls[0]!.fail();
      await settle();
      for (let i = 0; i < 5; i++) views.next(view(0, DURATION, 0.1));
      expect(calls).toHaveLength(1);
      now.mockReturnValue(1_000_000 + FAILED_RETRY_MIN_MS);
      views.next(view(0, DURATION, 0.1));
      expect(calls).toHaveLength(2);
      calls[1]!.fail();
      await settle();
      // The pause doubles after a second failure.
      now.mockReturnValue(1_000_000 + FAILED_RETRY_MIN_MS * 2);
      views.next(view(0, DURATION, 0.1));
      expect(calls).toHaveLength(2);
    } finally {
      now.mockRestore();
    }
  });

  it('aborts what is on its way when the lane closes', async () => {
    const { views, calls, subscription } = start();
    views.next(view(0, DURATION, 0.1));
    subscription.unsubscribe();
    expect(calls[0]!.signal.aborted).toBe(true);
  });
});

describe('PeaksCache', () => {
  const detail = (fromMs: number, toMs: number): PeaksWindow => windowFor({ track: 'original', pointsPerSecond: 100, fromMs, toMs });

  it('finds the gaps of a span at a level', () => {
    const cache = new PeaksCache(1e9);
    cache.add(detail(10_000, 20_000));
    cache.add(detail(20_000, 30_000));
    expect(cache.firstGap(100, 12_000, 28_000)).toBeNull();
    expect(cache.firstGap(100, 12_000, 35_000)).toBe(30_000);
    expect(cache.firstGap(100, 5_000, 15_000)).toBe(5_000);
    expect(cache.lastGap(100, 5_000, 25_000)).toBe(10_000);
    expect(cache.firstGap(1000, 12_000, 13_000)).toBe(12_000);
  });

  it('drops the oldest detail windows past its budget and keeps the overview', () => {
    const cache = new PeaksCache(3000);
    const overview = windowFor({ track: 'original', pointsPerSecond: 1 }); // 144,000 points alone
    cache.add(overview, true);
    cache.add(detail(0, 10_000)); // 1,000 points
    cache.add(detail(50_000, 60_000));
    // The first detail window went; the overview (level 10) stays whatever its size.
    expect(cache.windows().map((window) => [window.level, window.fromMs])).toEqual([
      [100, 50_000],
      [10, 0],
    ]);
    expect(cache.overview).toBe(overview);
  });

  it('forgets a window a newer one of the same level contains', () => {
    const cache = new PeaksCache(1e9);
    cache.add(detail(10_000, 20_000));
    cache.add(detail(0, 30_000));
    expect(cache.windows().map((window) => [window.fromMs, window.toMs])).toEqual([[0, 30_000]]);
  });
});

describe('requestFor', () => {
  it('clamps the window to the media', () => {
    const cache = new PeaksCache(1e9);
    cache.add(windowFor({ track: 'dubbed', pointsPerSecond: 1 }), true);
    expect(requestFor(view(DURATION - 5000, DURATION, 150), cache, 'dubbed', 1000)).toEqual({
      track: 'dubbed',
      pointsPerSecond: 100,
      fromMs: DURATION - 10_000,
      toMs: DURATION,
    });
  });
});

describe('dubPeaksSource', () => {
  it('opens one stream per lane, fed by the views the lane shows, closed with the lane', async () => {
    const { calls, fetch } = fakeFetch();
    const source = dubPeaksSource(fetch, { blockPoints: 1000 });
    const received: LanePeaks[] = [];
    const feed = source('dubbed', (peaks) => received.push(peaks));
    feed.show(view(0, DURATION, 0.1));
    expect(calls[0]!.request).toEqual({ track: 'dubbed', pointsPerSecond: 1 });
    calls[0]!.answer();
    await settle();
    expect(received[0]).toMatchObject({ track: 'dubbed' });
    feed.show(view(60_000, 70_000, 150));
    feed.close();
    expect(calls[1]!.signal.aborted).toBe(true);
  });
});

describe('nearestLevel', () => {
  const levels = [10, 100, 1000];
  it('picks the level nearest on a log scale', () => {
    expect(nearestLevel(levels, 0.05)).toBe(10); // a 4-hour video fitted to a screen
    expect(nearestLevel(levels, 30)).toBe(10);
    expect(nearestLevel(levels, 35)).toBe(100);
    expect(nearestLevel(levels, 300)).toBe(100);
    expect(nearestLevel(levels, 350)).toBe(1000);
    expect(nearestLevel(levels, 2000)).toBe(1000); // frame zoom
  });
  it('refuses an empty level list', () => {
    expect(() => nearestLevel([], 10)).toThrow(RangeError);
  });
});
