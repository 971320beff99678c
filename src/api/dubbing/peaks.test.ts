// @vitest-environment node
// The peaks call: the contract's query, the answer decoded, a refusal rejected without a toast (the
// timeline marks the lane itself), and an aborted request rejected.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import '../test-relative-request';
import { apiEvents$ } from '../app-events';
import { answering, json } from '../test-fetch';
import type { ApiEvent } from '../types';
import { decodePeaks, fetchPeaksWindow } from './peaks';
import type { DubPeaks } from '../../streams/dub-peaks.types';

const PEAKS = {
  durationMs: 3_600_000,
  track: 'dubbed',
  pointsPerSecond: 100,
  levels: [1000, 100, 10],
  fromMs: 60_000,
  toMs: 60_020,
  peaks: btoa(String.fromCharCode(0x81, 0x7f, 0xf6, 0x0a)), // (-127, 127), (-10, 10)
};

let events: ApiEvent[];
let stop: () => void;
beforeEach(() => {
  events = [];
  const subscription = apiEvents$.subscribe((event) => events.push(event));
  stop = () => subscription.unsubscribe();
});
afterEach(() => {
  stop();
  vi.unstubAllGlobals();
});

describe('fetchPeaksWindow', () => {
  it('asks for the window with the contract query and answers it decoded', async () => {
    const requests = answering(() => json({ code: 200, msg: '', data: PEAKS }));
    const window = await fetchPeaksWindow({ taskId: 'T1', track: 'dubbed', lang: 'en-US', pointsPerSecond: 150.4, fromMs: 59_999.5, toMs: 60_020.2 });
    const url = new URL(requests[0]!.url);
    expect(url.pathname).toBe('/prod-api/speech/video/transcribe/peaks');
    expect(Object.fromEntries(url.searchParams)).toEqual({ id: 'T1', track: 'dubbed', lang: 'en-US', pointsPerSecond: '150', fromMs: '59999', toMs: '60021' });
    expect(window).toMatchObject({ track: 'dubbed', level: 100, fromMs: 60_000, toMs: 60_020, levels: [10, 100, 1000] });
    expect([...window.pairs]).toEqual([-127, 127, -10, 10]);
  });

  it('keeps pointsPerSecond inside the contract range and leaves the window out for the overview', async () => {
    const requests = answering(() => json({ code: 200, msg: '', data: PEAKS }));
    await fetchPeaksWindow({ taskId: 'T1', track: 'original', pointsPerSecond: 0.01 });
    await fetchPeaksWindow({ taskId: 'T1', track: 'original', pointsPerSecond: 9000 });
    expect(requests.map((request) => Object.fromEntries(new URL(request.url).searchParams))).toEqual([
      { id: 'T1', track: 'original', pointsPerSecond: '1' },
      { id: 'T1', track: 'original', pointsPerSecond: '2000' },
    ]);
  });

  it('rejects with the server\'s refusal and shows no toast', async () => {
    answering(() => json({ code: 404, msg: 'Not found', data: null }));
    await expect(fetchPeaksWindow({ taskId: 'other-users-task', track: 'original', pointsPerSecond: 10 })).rejects.toMatchObject({ code: 404 });
    expect(events.filter((event) => event.type === 'toast')).toEqual([]);
  });

  it('rejects when the view moved on and the request was aborted', async () => {
    answering(() => 'hang');
    const controller = new AbortController();
    const pending = fetchPeaksWindow({ taskId: 'T1', track: 'original', pointsPerSecond: 10 }, controller.signal);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'cancelled' });
  });
});

// The contract's peaks (base64 of signed 8-bit min/max pairs) decoded for the timeline.
/** Base64 of signed bytes, as the server writes them. */
function base64Of(values: number[]): string {
  return btoa(String.fromCharCode(...values.map((value) => value & 0xff)));
}

const answer = (values: number[]): DubPeaks => ({
  durationMs: 2000,
  track: 'original',
  pointsPerSecond: 2,
  levels: [1000, 10, 100],
  fromMs: 0,
  toMs: 2000,
  peaks: base64Of(values),
});

describe('decodePeaks', () => {
  it('turns base64 into signed (min, max) pairs with the window and sorted levels', () => {
    const window = decodePeaks(answer([-127, 127, -64, 32, 0, 0, -1, 1]));
    expect([...window.pairs]).toEqual([-127, 127, -64, 32, 0, 0, -1, 1]);
    expect(window).toMatchObject({ track: 'original', level: 2, fromMs: 0, toMs: 2000, durationMs: 2000, levels: [10, 100, 1000] });
  });

  it('drops an odd trailing byte rather than draw half a pair', () => {
    expect([...decodePeaks(answer([-5, 5, -9])).pairs]).toEqual([-5, 5]);
  });

  it('decodes an empty window', () => {
    expect(decodePeaks(answer([])).pairs).toHaveLength(0);
  });
});
