// Which of the generated paths the tests replay: fewer paths that still reach everything the whole set
// reaches. Most generated paths (one shortest path per distinct context, simple paths) share long
// prefixes and add no state or transition the others miss; replaying them all cost minutes per run
// (recordList alone had 2,247 paths) and proved nothing more to `npm run coverage:paths`.
import { activeIds, type Microstep, type MicrostepRecorder, type TransitionLike } from './machine-steps';
import type { MachinePath } from './paths-model';

/** A state (by node id) or a transition definition: what path coverage counts. */
type CoverageItem = string | TransitionLike;

function addMicrosteps(items: Set<CoverageItem>, microsteps: Microstep[]): void {
  for (const { snapshot, transitions } of microsteps) {
    for (const id of activeIds(snapshot)) items.add(id);
    for (const definition of transitions) {
      items.add(definition);
      items.add(definition.source.id);
    }
  }
}

/**
 * What one path reaches, counted exactly as measureCoverage counts it (path-coverage.ts): the states
 * active at each step and after each microstep, the transitions each microstep takes (eventless
 * ones out of the initial state included) and the states those leave.
 */
function itemsOf(path: MachinePath, recorder: MicrostepRecorder): Set<CoverageItem> {
  const items = new Set<CoverageItem>();
  addMicrosteps(items, recorder.initial);
  path.steps.forEach((step, index) => {
    for (const id of activeIds(step.state)) items.add(id);
    const previous = path.steps[index - 1];
    if (previous) addMicrosteps(items, recorder.step(previous.state, step.event));
  });
  return items;
}

/**
 * Greedy set cover: takes the path that reaches the most not yet reached states and transitions
 * (the shorter one on a tie) until the chosen paths reach all that `paths` reach together, so
 * coverage is unchanged. `recorder` is for the machine and input the paths start from. Keeps the
 * given order.
 */
export function coveringPaths(recorder: MicrostepRecorder, paths: MachinePath[]): MachinePath[] {
  if (paths.length <= 1) return paths;
  const candidates = paths.map((path, index) => ({ index, path, items: itemsOf(path, recorder) }));
  const missing = new Set<CoverageItem>(candidates.flatMap((candidate) => [...candidate.items]));
  const chosen: typeof candidates = [];
  while (missing.size > 0) {
    let best: (typeof candidates)[number] | undefined;
    let bestGain = 0;
    for (const candidate of candidates) {
      let gain = 0;
      for (const item of candidate.items) if (missing.has(item)) gain += 1;
      const shorter = best !== undefined && gain === bestGain && candidate.path.steps.length < best.path.steps.length;
      if (gain > bestGain || shorter) {
        best = candidate;
        bestGain = gain;
      }
    }
    if (!best) break;
    chosen.push(best);
    for (const item of best.items) missing.delete(item);
  }
  return chosen.sort((a, b) => a.index - b.index).map((candidate) => candidate.path);
}
