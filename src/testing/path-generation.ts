// Which paths a machine's generated tests take: shortest paths to every state, simple paths for small
// machines, and one more path per transition those never take — then only as many of them as it takes
// to reach every state and transition they reach together (path-cover.ts).
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { getAdjacencyMap, getSimplePaths, type AdjacencyValue } from 'xstate/graph';
import { microstepRecorder, ownEventTypes, stableStringify, type MicrostepRecorder, type TransitionLike } from './machine-steps';
import { coveringPaths } from './path-cover';
import type { MachinePath, PathsModel } from './paths-model';
import { shortestPathsIn } from './shortest-paths';

type Adjacency = Record<string, AdjacencyValue<AnyMachineSnapshot, EventObject>>;

const DEFAULT_MAX_SIMPLE_PATHS = 60;
/** Above this many distinct states simple paths explode combinatorially; shortest paths suffice. */
const SIMPLE_PATHS_STATE_LIMIT = 40;
const TRAVERSAL_LIMIT = 20_000;

const ACTOR_OUTCOME = /^xstate\.(done|error)\.actor\./;

function eventsFor(model: PathsModel, snapshot: AnyMachineSnapshot): EventObject[] {
  if (snapshot.status !== 'active') return [];
  return ownEventTypes(snapshot).flatMap((type): EventObject[] => {
    const samples = model.events[type];
    if (samples) return [...(typeof samples === 'function' ? samples(snapshot) : samples)];
    // Raised by the machine itself within a macrostep; wildcards have no concrete event.
    if (type.startsWith('xstate.done.state.') || type.includes('*')) return [];
    if (ACTOR_OUTCOME.test(type)) return [];
    return [{ type }];
  });
}

function traversalOptions(model: PathsModel) {
  const serializeContext = model.serializeContext ?? ((context: unknown) => context);
  return {
    events: (snapshot: AnyMachineSnapshot) => eventsFor(model, snapshot),
    serializeState: (snapshot: AnyMachineSnapshot) =>
      stableStringify({ value: snapshot.value, status: snapshot.status, context: serializeContext(snapshot.context, snapshot) }),
    limit: model.traversalLimit ?? TRAVERSAL_LIMIT,
    ...(model.input !== undefined ? { input: model.input } : {}),
  };
}

function eventSequence(path: MachinePath): string[] {
  return path.steps.slice(1).map((step) => stableStringify(step.event));
}

function isPrefix(shorter: string[], longer: string[]): boolean {
  return shorter.length < longer.length && shorter.every((event, index) => event === longer[index]);
}

/**
 * Shortest paths to every reachable state, plus simple paths (each visits a state at most once)
 * for small machines, capped at maxSimplePaths, plus one path per transition those never take
 * (see pathsForUntakenTransitions). Duplicates and paths that are a prefix of another kept path
 * are dropped: the replay checks every intermediate state, so a prefix adds nothing. Of the rest,
 * only a covering set is kept (coveringPaths): coverage stays what the whole set reaches.
 * With several `inputs`, paths from each in turn.
 */
export function generatePaths(model: PathsModel): MachinePath[] {
  const taken = new Set<TransitionLike>();
  return startingModels(model).flatMap((start) => generatePathsFrom(start, taken));
}

function startingModels(model: PathsModel): PathsModel[] {
  if (!model.inputs?.length) return [model];
  return model.inputs.map((input) => ({ ...model, input, inputs: undefined }));
}

function generatePathsFrom(model: PathsModel, taken: Set<TransitionLike>): MachinePath[] {
  const options = traversalOptions(model);
  const machine = model.machine;
  const adjacency = getAdjacencyMap(machine, options) as unknown as Adjacency;
  const shortest = shortestPathsIn(adjacency, options.serializeState);
  let simple: MachinePath[] = [];
  if (!model.skipSimplePaths) {
    const stateCount = Object.keys(adjacency).length;
    if (stateCount <= SIMPLE_PATHS_STATE_LIMIT) {
      simple = (getSimplePaths(machine, options) as MachinePath[])
        .sort((a, b) => a.steps.length - b.steps.length)
        .slice(0, model.maxSimplePaths ?? DEFAULT_MAX_SIMPLE_PATHS);
    }
  }
  const recorder = microstepRecorder(model);
  const extra = pathsForUntakenTransitions(model, recorder, adjacency, shortest, [...shortest, ...simple], taken);
  const unique = new Map<string, { path: MachinePath; events: string[] }>();
  for (const path of [...shortest, ...simple, ...extra]) {
    const events = eventSequence(path);
    unique.set(events.join('\u0000'), { path, events });
  }
  const candidates = [...unique.values()].sort((a, b) => b.events.length - a.events.length);
  const kept: typeof candidates = [];
  for (const candidate of candidates) {
    if (!kept.some((longer) => isPrefix(candidate.events, longer.events))) kept.push(candidate);
  }
  const covering = coveringPaths(recorder, kept.reverse().map((entry) => entry.path));
  return covering.map((path) => (model.input !== undefined ? { ...path, input: model.input } : path));
}

/**
 * A traversal never goes back to a state it has seen, so a transition that leaves the state as it
 * was (an ignored retry, a refresh with the same answer) or that leads into a state reached
 * another way is on no shortest path, and on a simple path only if the cap allows. For each
 * transition definition that no path takes yet: the shortest path to a state where some sample
 * event takes it, followed by that event. `taken` is shared between the model's inputs.
 */
function pathsForUntakenTransitions(
  model: PathsModel,
  recorder: MicrostepRecorder,
  adjacency: Adjacency,
  shortest: MachinePath[],
  paths: MachinePath[],
  taken: Set<TransitionLike>,
): MachinePath[] {
  const serializeState = traversalOptions(model).serializeState;
  for (const microstep of recorder.initial) for (const definition of microstep.transitions) taken.add(definition);
  const takenBy = (snapshot: AnyMachineSnapshot, event: EventObject) =>
    recorder.step(snapshot, event).flatMap((microstep) => microstep.transitions);
  for (const path of paths) {
    path.steps.forEach((step, index) => {
      const previous = path.steps[index - 1];
      if (previous) for (const definition of takenBy(previous.state, step.event)) taken.add(definition);
    });
  }
  const extra: MachinePath[] = [];
  const nearestFirst = [...shortest].sort((a, b) => a.steps.length - b.steps.length);
  for (const path of nearestFirst) {
    const edges = adjacency[serializeState(path.state)]?.transitions ?? {};
    for (const { event, state } of Object.values(edges)) {
      const definitions = takenBy(path.state, event);
      if (definitions.every((definition) => taken.has(definition))) continue;
      for (const definition of definitions) taken.add(definition);
      extra.push({ state, steps: [...path.steps, { state, event }], weight: path.weight + 1 });
    }
  }
  return extra;
}
