import type { Middleware } from 'openapi-fetch';

/** Thrown out of the client when a call outlives its time-out; the catalogue turns it into 'timeout'. */
export class RequestTimeoutError extends Error {
  override readonly name = 'RequestTimeoutError';
  constructor(readonly timeoutMs: number) {
    super('timeout');
  }
}

export interface TimeoutConfig {
  defaultMs: number;
  longMs: number;
  isLong(method: string, schemaPath: string): boolean;
  /** A per-call override wins over both defaults. */
  overrideMs?: number;
}

interface PendingTimer {
  timer: ReturnType<typeof setTimeout>;
  timeoutMs: number;
  timedOut: boolean;
}

/**
 * Aborts a call after its time-out. The request gets a signal that follows the caller's own signal
 * too, so cancellation still works; only aborts caused by the timer are reported as time-outs.
 */
export function timeoutMiddleware(config: TimeoutConfig): Middleware {
  const pending = new Map<string, PendingTimer>();

  function settle(id: string): PendingTimer | undefined {
    const entry = pending.get(id);
    if (entry) clearTimeout(entry.timer);
    pending.delete(id);
    return entry;
  }

  return {
    onRequest({ request, schemaPath, id }) {
      const timeoutMs =
        config.overrideMs ?? (config.isLong(request.method, schemaPath) ? config.longMs : config.defaultMs);
      const controller = new AbortController();
      const entry: PendingTimer = {
        timeoutMs,
        timedOut: false,
        timer: setTimeout(() => {
          entry.timedOut = true;
          controller.abort(new RequestTimeoutError(timeoutMs));
        }, timeoutMs),
      };
      pending.set(id, entry);
      const upstream = request.signal;
      if (upstream.aborted) controller.abort(upstream.reason);
      else upstream.addEventListener('abort', () => controller.abort(upstream.reason), { once: true });
      return new Request(request, { signal: controller.signal });
    },
    onResponse({ id }) {
      settle(id);
    },
    onError({ id }) {
      const entry = settle(id);
      if (entry?.timedOut) return new RequestTimeoutError(entry.timeoutMs);
      return undefined;
    },
  };
}
