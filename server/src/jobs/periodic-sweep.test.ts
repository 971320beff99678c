// periodicSweep with fake timers: a sweep at start and one per interval, never two at once, a failure
// reported and the next interval still sweeping, and stop() waiting for the sweep under way.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { periodicSweep } from './periodic-sweep';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('periodicSweep', () => {
  it('sweeps at start and every interval, one at a time, and goes on after a failure', async () => {
    let active = 0;
    let most = 0;
    let calls = 0;
    const errors: unknown[] = [];
    const sweeper = periodicSweep(
      async () => {
        calls++;
        active++;
        most = Math.max(most, active);
        await new Promise((resolve) => setTimeout(resolve, 1500));
        active--;
        if (calls === 2) throw new Error('store down');
      },
      1000,
      (error) => errors.push(error),
    );
    sweeper.start();
    sweeper.start(); // a second start keeps the one timer
    await vi.advanceTimersByTimeAsync(6000);
    const stopped = sweeper.stop();
    // The runs queued before stop still finish, one after another.
    await vi.advanceTimersByTimeAsync(20_000);
    await stopped;
    const settled = calls;
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toBe(settled);
    expect(calls).toBeGreaterThanOrEqual(3);
    expect(most).toBe(1);
    expect(errors).toHaveLength(1);
    expect((errors[0] as Error).message).toBe('store down');
  });

  it('stop waits for the sweep under way', async () => {
    let finished = false;
    const sweeper = periodicSweep(
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 500));
        finished = true;
      },
      60_000,
      () => undefined,
    );
    sweeper.start();
    const stopped = sweeper.stop();
    await vi.advanceTimersByTimeAsync(500);
    await stopped;
    expect(finished).toBe(true);
  });
});
