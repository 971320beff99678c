// ---------------------------------------------------------------------------------------------
// Coverage. States: every state node of the machine except the root, by id; covered when active
// in some step of a generated path. Transitions: every transition definition of every state node
// (root included) — `on` events, `after` delays, invoke onDone/onError, state onDone — plus each
// `always` transition. Each step of a path (and the start) is recomputed microstep by microstep
// with an inspector attached: xstate reports the transitions each microstep takes only to
// inspectors. A transition is covered when some microstep takes it (so guards count, and an
// `always` taken on the way counts); a state is covered when active after some microstep or left
// by a taken transition — transient states that an `always` leaves at once count too.
// ---------------------------------------------------------------------------------------------
import { getStateNodes } from 'xstate/graph';
import type { EventObject } from 'xstate';
import { activeIds, eventLabel, guardName, microstepRecorder, nodeName, stableStringify, transitionName, type Microstep, type NodeLike, type TransitionLike } from './machine-steps';
import { generatePaths } from './path-generation';
import type { MachinePath, PathsModel } from './paths-model';

export interface CoverageCount {
  covered: number;
  /** Every state or transition of the machine, the declared unreachable included. */
  total: number;
  /** Neither covered nor declared unreachable. */
  missing: string[];
  /** Declared unreachable by the model (and indeed not covered), with the reason. */
  unreachable: Array<{ name: string; reason: string }>;
}

export interface PathsCoverage {
  name: string;
  paths: number;
  states: CoverageCount;
  transitions: CoverageCount;
  /** Declarations that are wrong: covered after all, or naming nothing in the machine. */
  problems: string[];
  /** The machine's states and transitions with what covers them, for drawing (coverage-paths --html). */
  graph: CoverageGraph;
}

export interface CoverageGraphState {
  /** The state's path joined by dots (as coverage names it); '(root)' for the machine itself. */
  name: string;
  /** Its own key (last segment of the path), or the machine id for the root. */
  key: string;
  parent: string | null;
  type: string;
  /** Whether it is its parent's initial state. */
  initial: boolean;
  covered: boolean;
  unreachable?: string;
}

export interface CoverageGraphTransition {
  /** As coverage names it: `source -event [guard]-> target`. */
  name: string;
  source: string;
  /** Target state names; empty for a transition that stays (actions only). */
  targets: string[];
  /** Event label ('always' for eventless, 'after 1000', 'xstate.done:actor'). */
  event: string;
  guard: string;
  covered: boolean;
  unreachable?: string;
  /** Indices into `paths` of the generated paths that take it. */
  paths: number[];
}

export interface CoverageGraph {
  states: CoverageGraphState[];
  transitions: CoverageGraphTransition[];
  /** Each generated path as its start and event sequence. */
  paths: string[];
}

export function measureCoverage(model: PathsModel): PathsCoverage {
  const machine = model.machine;
  const root = machine.root as unknown as NodeLike;
  const stateNodes = getStateNodes(machine.root) as unknown as NodeLike[];
  const allNodes = [root, ...stateNodes.filter((node) => node !== root)];

  const transitionKeys = new Map<TransitionLike, string>();
  for (const node of allNodes) {
    for (const definitions of node.transitions.values()) {
      for (const definition of definitions) transitionKeys.set(definition, transitionName(definition));
    }
    for (const definition of node.always ?? []) transitionKeys.set(definition, transitionName(definition));
  }

  const paths = generatePaths(model);
  const recorders = new Map<unknown, ReturnType<typeof microstepRecorder>>();
  const coveredStates = new Set<string>();
  const coveredTransitions = new Set<TransitionLike>();
  const takenBy = new Map<TransitionLike, Set<number>>();
  const countMicrosteps = (microsteps: Microstep[], pathIndex: number) => {
    for (const { snapshot, transitions } of microsteps) {
      for (const id of activeIds(snapshot)) coveredStates.add(id);
      for (const definition of transitions) {
        coveredTransitions.add(definition);
        coveredStates.add(definition.source.id);
        if (!takenBy.has(definition)) takenBy.set(definition, new Set());
        takenBy.get(definition)!.add(pathIndex);
      }
    }
  };
  paths.forEach((path, pathIndex) => {
    let recorder = recorders.get(path.input);
    if (!recorder) {
      recorder = microstepRecorder({ ...model, input: path.input ?? model.input });
      recorders.set(path.input, recorder);
    }
    // Eventless transitions out of the initial state are taken by every path from this input.
    countMicrosteps(recorder.initial, pathIndex);
    const { step: stepOf } = recorder;
    path.steps.forEach((step, index) => {
      for (const id of activeIds(step.state)) coveredStates.add(id);
      const previous = path.steps[index - 1];
      if (previous) countMicrosteps(stepOf(previous.state, step.event), pathIndex);
    });
  });

  const stateIds = stateNodes.filter((node) => node !== root);
  const stateNames = stateIds.map((node) => ({ name: nodeName(node), covered: coveredStates.has(node.id) }));
  const transitionNames = [...transitionKeys.entries()].map(([definition, name]) => ({ name, covered: coveredTransitions.has(definition) }));
  const problems: string[] = [];
  const declared = (kind: 'state' | 'transition') =>
    new Map(
      (model.unreachable ?? []).flatMap((entry) =>
        kind in entry ? [[(entry as Record<string, string>)[kind]!, entry.reason] as const] : [],
      ),
    );
  const count = (kind: 'state' | 'transition', items: Array<{ name: string; covered: boolean }>): CoverageCount => {
    const unreachable = declared(kind);
    for (const [name] of unreachable) {
      const item = items.find((candidate) => candidate.name === name);
      if (!item) problems.push(`declared unreachable ${kind} '${name}' is not in the machine`);
      else if (item.covered) problems.push(`declared unreachable ${kind} '${name}' is covered by a generated path`);
    }
    return {
      covered: items.filter((item) => item.covered).length,
      total: items.length,
      missing: items.filter((item) => !item.covered && !unreachable.has(item.name)).map((item) => item.name),
      unreachable: items
        .filter((item) => !item.covered && unreachable.has(item.name))
        .map((item) => ({ name: item.name, reason: unreachable.get(item.name)! })),
    };
  };
  const states = count('state', stateNames);
  const transitions = count('transition', transitionNames);
  const reasons = new Map([...states.unreachable, ...transitions.unreachable].map((entry) => [entry.name, entry.reason]));
  const graph: CoverageGraph = {
    states: allNodes.map((node) => ({
      name: nodeName(node),
      key: node === root ? machine.id : node.path[node.path.length - 1]!,
      parent: node.parent ? nodeName(node.parent) : null,
      type: node.type,
      initial: Boolean(node.parent?.initial?.target?.includes(node)),
      covered: node === root || coveredStates.has(node.id),
      ...(reasons.has(nodeName(node)) ? { unreachable: reasons.get(nodeName(node))! } : {}),
    })),
    transitions: [...transitionKeys.entries()].map(([definition, name]) => ({
      name,
      source: nodeName(definition.source),
      targets: (definition.target ?? []).map(nodeName),
      event: definition.eventType ? eventLabel({ type: definition.eventType }) : 'always',
      guard: guardName(definition.guard).trim(),
      covered: coveredTransitions.has(definition),
      ...(reasons.has(name) ? { unreachable: reasons.get(name)! } : {}),
      paths: [...(takenBy.get(definition) ?? [])].sort((a, b) => a - b),
    })),
    paths: paths.map((path) => describeEvents(path, (model.inputs?.length ?? 0) > 1)),
  };
  return { name: model.name, paths: paths.length, states, transitions, problems, graph };
}

/** A short label of a sample event: its type and, briefly, what it carries. */
function sampleLabel(event: EventObject): string {
  const { type: _type, ...payload } = event as EventObject & Record<string, unknown>;
  const label = eventLabel(event);
  if (!Object.keys(payload).length) return label;
  const carried = stableStringify(payload);
  return `${label} ${carried.length > 60 ? `${carried.slice(0, 57)}…` : carried}`;
}

/** A path as its event sequence (with the input it starts from, when the model has several). */
export function describeEvents(path: MachinePath, showInput = false): string {
  const events = path.steps.slice(1).map((step) => sampleLabel(step.event));
  const start = showInput && path.input !== undefined ? `input ${stableStringify(path.input).slice(0, 60)}: ` : '';
  return start + (events.length ? events.join(' → ') : '(initial state)');
}
