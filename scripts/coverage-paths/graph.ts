// From a machine's coverage graph (src/testing/paths.ts, measureCoverage) to what the page
// draws: a tree of state boxes, the transitions between distinct boxes as edges, and the transitions
// that stay in their state (actions only, or back into their own source) as lines inside the box.
import type { CoverageGraph, CoverageGraphTransition } from '../../src/testing/paths';

export type Coverage = 'covered' | 'uncovered' | 'unreachable';

export interface StateBox {
  name: string;
  label: string;
  type: string;
  initial: boolean;
  coverage: Coverage;
  children: StateBox[];
  /** Indices into the machine's transitions of those drawn inside this box. */
  selfTransitions: number[];
}

export interface Edge {
  /** Index into the machine's transitions. */
  transition: number;
  source: string;
  target: string;
  label: string;
  coverage: Coverage;
}

export interface DrawableMachine {
  root: StateBox;
  edges: Edge[];
}

export function coverageOf(item: { covered: boolean; unreachable?: string }): Coverage {
  if (item.covered) return 'covered';
  return item.unreachable !== undefined ? 'unreachable' : 'uncovered';
}

export function transitionLabel(transition: CoverageGraphTransition): string {
  return transition.guard ? `${transition.event} ${transition.guard}` : transition.event;
}

export function toDrawable(graph: CoverageGraph): DrawableMachine {
  const boxes = new Map<string, StateBox>();
  for (const state of graph.states) {
    boxes.set(state.name, {
      name: state.name,
      label: state.key,
      type: state.type,
      initial: state.initial,
      coverage: coverageOf(state),
      children: [],
      selfTransitions: [],
    });
  }
  let root: StateBox | undefined;
  for (const state of graph.states) {
    const box = boxes.get(state.name)!;
    if (state.parent === null) root = box;
    else boxes.get(state.parent)?.children.push(box);
  }
  if (!root) throw new Error('the coverage graph has no root state');
  const edges: Edge[] = [];
  graph.transitions.forEach((transition, index) => {
    const targets = transition.targets.filter((target) => boxes.has(target));
    const stays = targets.length === 0 || targets.every((target) => target === transition.source);
    if (stays) {
      boxes.get(transition.source)?.selfTransitions.push(index);
      return;
    }
    for (const target of targets) {
      edges.push({
        transition: index,
        source: transition.source,
        target,
        label: transitionLabel(transition),
        coverage: coverageOf(transition),
      });
    }
  });
  return { root, edges };
}
