// xstate/graph's getShortestPaths (xstate 5), computed from an adjacency map the generator has built
// already: getShortestPaths builds its own, and that traversal of every reachable state (a state per
// distinct context: thousands for recordList) was a third of the time of generating paths. Same walk,
// same order, same paths (paths.test.ts compares them with xstate's).
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { AdjacencyValue } from 'xstate/graph';
import type { MachinePath } from './paths-model';

type Adjacency = Record<string, AdjacencyValue<AnyMachineSnapshot, EventObject>>;
type Step = { state: AnyMachineSnapshot; event: EventObject };

/**
 * Shortest paths from the adjacency map's first state (where its traversal started) to every state
 * in it, as getShortestPaths returns them: each step pairs a state with the event that led into it
 * (`xstate.init` for the first).
 */
export function shortestPathsIn(adjacency: Adjacency, serializeState: (snapshot: AnyMachineSnapshot) => string): MachinePath[] {
  const [start] = Object.keys(adjacency);
  if (start === undefined) return [];
  const stateMap = new Map<string, AnyMachineSnapshot>([[start, adjacency[start]!.state]]);
  const weightMap = new Map<string, { weight: number; from?: string; event?: EventObject }>([[start, { weight: 0 }]]);
  const unvisited = new Set([start]);
  const visited = new Set<string>();
  for (const serialized of unvisited) {
    const { weight } = weightMap.get(serialized)!;
    for (const { state: next, event } of Object.values(adjacency[serialized]!.transitions)) {
      const nextSerialized = serializeState(next);
      // As xstate does: the state kept for a key is the last snapshot that reached it.
      stateMap.set(nextSerialized, next);
      const known = weightMap.get(nextSerialized);
      if (!known || known.weight > weight + 1) weightMap.set(nextSerialized, { weight: weight + 1, from: serialized, event });
      if (!visited.has(nextSerialized)) unvisited.add(nextSerialized);
    }
    visited.add(serialized);
    unvisited.delete(serialized);
  }
  // Steps as the walk records them (state before, event out of it); then shifted as xstate's alterPath.
  const planned = new Map<string, Step[]>();
  const paths: MachinePath[] = [];
  weightMap.forEach(({ weight, from, event }, serialized) => {
    const state = stateMap.get(serialized)!;
    const steps = from === undefined ? [] : [...planned.get(from)!, { state: stateMap.get(from)!, event: event! }];
    planned.set(serialized, steps);
    paths.push(withArrivalEvents({ state, steps, weight }));
  });
  return paths;
}

/** xstate's alterPath: each step's state with the event that led into it, the final state last. */
function withArrivalEvents(path: { state: AnyMachineSnapshot; steps: Step[]; weight: number }): MachinePath {
  const init = { type: 'xstate.init' };
  if (!path.steps.length) return { ...path, steps: [{ state: path.state, event: init }] };
  const steps = path.steps.map((step, index) => ({ state: step.state, event: index === 0 ? init : path.steps[index - 1]!.event }));
  steps.push({ state: path.state, event: path.steps[path.steps.length - 1]!.event });
  return { ...path, steps };
}
