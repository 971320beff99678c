// Replays generated paths on real actors, one vitest test per path: sent events must land on the
// expected state at once, events the machine produces itself are waited for (fake timers advanced).
import { createActor, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { eventLabel, stableStringify } from './machine-steps';
import { generatePaths } from './path-generation';
import type { MachinePath, PathsModel } from './paths-model';

const MAX_TIMER_ADVANCES = 2_000;
const MICROTASK_ROUNDS = 50;

const RUNTIME_EVENT = /^xstate\.(done\.actor|error\.actor|after)\./;

function valueLabel(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function describePath(path: MachinePath): string {
  const [first, ...rest] = path.steps;
  const parts = [valueLabel(first?.state.value)];
  for (const step of rest) parts.push(`-${eventLabel(step.event)}-> ${valueLabel(step.state.value)}`);
  return parts.join(' ');
}

function isProduced(model: PathsModel, event: EventObject): boolean {
  return RUNTIME_EVENT.test(event.type) || (model.produced ?? []).includes(event.type);
}

function sameValue(a: unknown, b: unknown): boolean {
  return stableStringify(a) === stableStringify(b);
}

/**
 * Replays one path on a real actor. Call with vitest fake timers installed (describePaths does).
 * Sent events must land synchronously on the expected state; produced ones are awaited.
 */
export async function replayPath(model: PathsModel, path: MachinePath): Promise<AnyMachineSnapshot> {
  const input = path.input ?? model.input;
  const actor = createActor(model.machine, input !== undefined ? { input } : {});
  const failures: unknown[] = [];
  // Every snapshot the actor goes through, in order: instant doubles may carry it past a state
  // before the replay looks (a re-read that settles within the tick its timer fired in, a retry
  // whose stream fails as soon as it is subscribed).
  const history: AnyMachineSnapshot[] = [];
  actor.subscribe({ next: (snapshot) => history.push(snapshot), error: (error) => failures.push(error) });
  actor.start();
  try {
    const [first, ...rest] = path.steps;
    // The snapshot as each step reached it; later reads could differ for the same reason.
    let reached = actor.getSnapshot();
    expect(reached.value, 'initial state').toEqual(first?.state.value);
    history.length = 0;
    for (const [index, step] of rest.entries()) {
      const where = `step ${index + 1} (${step.event.type})`;
      if (isProduced(model, step.event)) {
        reached = await reachState(actor, history, reachedBy(model, step.state), where);
      } else {
        history.length = 0;
        actor.send(step.event);
        const sameValueAs = (snapshot: AnyMachineSnapshot) => sameValue(snapshot.value, step.state.value);
        reached = takeReached(actor, history, sameValueAs) ?? actor.getSnapshot();
        expect(reached.value, where).toEqual(step.state.value);
      }
    }
    expect(failures).toEqual([]);
    expect(reached.value).toEqual(path.state.value);
    return reached;
  } finally {
    actor.stop();
  }
}

/**
 * What a produced step waits for: the expected state value and, as the model serialises it, the
 * expected context — a report a child sends (a file uploaded) or a tick often changes only the
 * context, so the value alone cannot tell whether it came yet.
 */
function reachedBy(model: PathsModel, expected: AnyMachineSnapshot) {
  const serializeContext = model.serializeContext ?? ((context: unknown) => context);
  const contextKey = (snapshot: AnyMachineSnapshot) => stableStringify(serializeContext(snapshot.context, snapshot));
  const expectedKey = contextKey(expected);
  const matches = (snapshot: AnyMachineSnapshot) => sameValue(snapshot.value, expected.value) && contextKey(snapshot) === expectedKey;
  return { matches, expected, expectedKey, contextKey };
}

/**
 * The first snapshot in `history` that matches (consumed up to it, so successive steps match in
 * order), or the current one when nothing happened since.
 */
function takeReached(
  actor: { getSnapshot(): AnyMachineSnapshot },
  history: AnyMachineSnapshot[],
  matches: (snapshot: AnyMachineSnapshot) => boolean,
): AnyMachineSnapshot | undefined {
  const index = history.findIndex(matches);
  if (index >= 0) return history.splice(0, index + 1)[index];
  const current = actor.getSnapshot();
  return history.length === 0 && matches(current) ? current : undefined;
}

/** Waits until the actor gets to the expected state (value and serialised context) by itself. */
async function reachState(
  actor: { getSnapshot(): AnyMachineSnapshot },
  history: AnyMachineSnapshot[],
  target: ReturnType<typeof reachedBy>,
  where: string,
): Promise<AnyMachineSnapshot> {
  for (let advance = 0; advance <= MAX_TIMER_ADVANCES; advance += 1) {
    for (let round = 0; round < MICROTASK_ROUNDS; round += 1) {
      const snapshot = takeReached(actor, history, target.matches);
      if (snapshot) return snapshot;
      await Promise.resolve();
    }
    if (vi.getTimerCount() === 0) break;
    await vi.advanceTimersToNextTimerAsync();
  }
  const current = actor.getSnapshot();
  expect(current.value, `${where}: the actor never got there by itself`).toEqual(target.expected.value);
  expect(target.contextKey(current), `${where}: the actor reached the state but not its context`).toEqual(target.expectedKey);
  return current;
}

/** Registers one vitest test per generated path. */
export function describePaths(model: PathsModel): void {
  const paths = generatePaths(model);
  describe(`${model.name} paths`, () => {
    it('generates at least one path', () => {
      expect(paths.length).toBeGreaterThan(0);
    });
    const seen = new Map<string, number>();
    for (const path of paths) {
      const start = model.inputs && model.inputs.length > 1 ? `input ${model.inputs.indexOf(path.input) + 1}: ` : '';
      const base = start + describePath(path);
      const count = (seen.get(base) ?? 0) + 1;
      seen.set(base, count);
      it(count === 1 ? base : `${base} (#${count})`, async () => {
        vi.useFakeTimers();
        try {
          await replayPath(model, path);
        } finally {
          vi.clearAllTimers();
          vi.useRealTimers();
        }
      });
    }
  });
}
