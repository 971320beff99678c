// Timing instrumentation for benches, kept out of product code: wraps named async (or sync) methods
// of live objects or prototypes and records how long each call took, so a bench can say where a
// path's time goes (e.g. a live final: speaker label, its name, the store).
export type StepTimings = Map<string, number[]>;

/** Wraps `target[method]`; every call's duration (ms) goes to timings under `name`. Answers an undo. */
export function timeMethod(timings: StepTimings, name: string, target: object, method: string): () => void {
  const holder = target as Record<string, unknown>;
  const original = holder[method] as (...args: unknown[]) => unknown;
  if (typeof original !== 'function') throw new Error(`no method ${method} to time`);
  const record = (startedAt: number) => {
    const list = timings.get(name) ?? [];
    list.push(performance.now() - startedAt);
    timings.set(name, list);
  };
  holder[method] = function timed(this: unknown, ...args: unknown[]) {
    const startedAt = performance.now();
    const result = original.apply(this, args);
    if (result instanceof Promise) return result.finally(() => record(startedAt));
    record(startedAt);
    return result;
  };
  return () => {
    holder[method] = original;
  };
}
