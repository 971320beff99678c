// The task's PeaksSource asks the peaks call for this task (and dubbed language) per lane.
import { describe, expect, it, vi } from 'vitest';
import type { PeaksWindow } from '../../streams/dub-peaks.types';
import { taskPeaksSource } from './peaks-source';

describe('taskPeaksSource', () => {
  it('binds the task and language to each lane\'s requests', async () => {
    const window: PeaksWindow = { track: 'dubbed', level: 10, fromMs: 0, toMs: 1000, durationMs: 1000, levels: [10], pairs: new Int8Array(20) };
    const fetchWindow = vi.fn().mockResolvedValue(window);
    const received: unknown[] = [];
    const feed = taskPeaksSource('T7', 'en-US', fetchWindow)('dubbed', (peaks) => received.push(peaks));
    feed.show({ fromMs: 0, toMs: 1000, pxPerSec: 1 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetchWindow).toHaveBeenCalledWith({ taskId: 'T7', lang: 'en-US', track: 'dubbed', pointsPerSecond: 1 }, expect.any(AbortSignal));
    expect(received).toEqual([{ track: 'dubbed', durationMs: 1000, windows: [window], failed: false }]);
    feed.close();
  });
});
