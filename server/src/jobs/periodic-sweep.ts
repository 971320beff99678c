// A clean-up that runs at start and then every interval (the abandoned-upload and the expired
// dubbing-media sweeps): one run at a time (a run waits for the one under way), a failure is logged
// and the next interval tries again, and the timer never keeps the process alive.
export interface PeriodicSweep {
  start(): void;
  /** Stops the timer and waits for a sweep under way, so the database can close after it. */
  stop(): Promise<void>;
  /** Resolves when the sweeps started so far are done. */
  idle(): Promise<unknown>;
}

export function periodicSweep(sweep: () => Promise<unknown>, intervalMs: number, onError: (error: unknown) => void): PeriodicSweep {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();

  function runOnce(): Promise<unknown> {
    running = running.then(sweep).catch(onError);
    return running;
  }

  return {
    start(): void {
      if (timer) return;
      void runOnce();
      timer = setInterval(() => void runOnce(), intervalMs);
      timer.unref();
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
    idle(): Promise<unknown> {
      return running;
    },
  };
}
