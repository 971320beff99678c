// A small in-process runner for background work started by a request (addTranslation): tasks run
// one at a time in the order given, a failing task never stops the next, and close() waits for the
// running task so a shutdown does not cut a database write in half. Persistence is the caller's:
// it keeps a row per task and re-enqueues unfinished rows at start (see transcripts-service.ts).
// Used because no shared job queue existed when this was written; swapping it for one only
// changes who calls run().
export class TaskRunner {
  private readonly queue: Array<() => Promise<void>> = [];
  private running: Promise<void> | null = null;
  private closed = false;
  private waiters: Array<() => void> = [];

  constructor(private readonly onError: (error: unknown) => void) {}

  enqueue(task: () => Promise<void>): void {
    if (this.closed) return;
    this.queue.push(task);
    if (!this.running) this.running = this.drain();
  }

  /** Resolves once nothing is queued or running (tests wait on it instead of sleeping). */
  idle(): Promise<void> {
    if (!this.running) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Takes no more tasks; waits for the running one. Queued ones stay in their rows for the next start. */
  async close(): Promise<void> {
    this.closed = true;
    this.queue.length = 0;
    await this.running;
  }

  private async drain(): Promise<void> {
    for (let task = this.queue.shift(); task; task = this.queue.shift()) {
      try {
        await task();
      } catch (error) {
        this.onError(error);
      }
    }
    this.running = null;
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }
}
