// The port every area queues background work through (transcription, translation, dubbing). The
// domain declares it; jobs/ implements it (in-process, or BullMQ with REDIS_URL).
export interface JobContext {
  jobId: string;
  attempt: number;
  /** Persists 0..100 on the job row (callers mirror it where users see it). */
  reportProgress(percent: number): Promise<void>;
  signal: AbortSignal;
}

export interface JobDefinition<P = unknown> {
  kind: string;
  run(payload: P, context: JobContext): Promise<void>;
  /** Called once when the job gives up (after the last attempt or a permanent error). */
  onFailed?(payload: P, error: unknown): Promise<void>;
  /** True for errors no retry can fix (a missing engine, a file that is not media). */
  isPermanent?(error: unknown): boolean;
  maxAttempts?: number;
}

export interface JobQueue {
  readonly backend: 'in-process' | 'bullmq';
  define<P>(definition: JobDefinition<P>): void;
  enqueue<P>(kind: string, payload: P, options?: { recordId?: string }): Promise<string>;
  /** Picks up rows left pending or running by a previous process, then runs new jobs as they come. */
  start(): Promise<void>;
  /** True when jobs can be queued now (in-process: always; BullMQ: Redis answers a ping). */
  healthy(): Promise<boolean>;
  /** Resolves when no job of this process is queued or running (tests wait on it). */
  whenIdle(): Promise<void>;
  close(): Promise<void>;
}
