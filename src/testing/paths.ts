/**
 * Generated path tests and path coverage for machines.
 *
 * CONVENTION (every machine that wants path tests and a line in `npm run coverage:paths`):
 *
 * 1. `src/machines/<area>/<name>.paths.ts` exports
 *      `export const pathsModel: PathsModel = { name: '<name>', machine, events, produced? }`
 *    - `machine` already has test doubles: `machine.provide({ actors: { ... } })`. Doubles should
 *      settle at once (resolved promises); streams may use real RxJS time — the replay runs on fake
 *      timers and advances them, so a 60 s countdown costs nothing.
 *    - `events` maps an event type to sample events, or to a function of the snapshot returning
 *      samples (use that when which samples make sense depends on context).
 *      Events with no entry are explored as `{ type }` — except the outcome of invoked actors
 *      (`xstate.done.actor.<id>` / `xstate.error.actor.<id>`): the traversal only follows those you
 *      list, because only you know what your doubles answer. List exactly the outcomes your doubles
 *      produce (use a snapshot function when the outcome depends on context, e.g. a username that
 *      makes the double reject).
 *    - `produced` lists event types the machine's own children send (ticks of a stream). Like
 *      `xstate.done.actor.*`, `xstate.error.actor.*` and `xstate.after.*`, these are never sent by
 *      the replay: it waits (flushing microtasks, then advancing fake timers) until the actor gets
 *      there by itself — the same state value and the same serialised context, so a report that
 *      changes only the context (a child's file.uploaded) is waited for too — which proves the
 *      doubles and the runtime agree with the generated path.
 *    - Paths: shortest paths to every state, simple paths for small machines, and one more path
 *      per transition those never take (self-loops, edges into states reached another way).
 *    - Optional: `input` (machine input), `inputs` (several starting inputs, when the first state
 *      depends on the input), `serializeContext` (what of the context distinguishes
 *      states; default: all of it), `maxSimplePaths` (default 60), `skipSimplePaths`.
 * 2. `src/machines/<area>/<name>.paths.test.ts` is only
 *      `import { describePaths } from '../../shared/testing/paths';`
 *      `import { pathsModel } from './<name>.paths';`
 *      `describePaths(pathsModel);`
 * 3. `npm run coverage:paths` (scripts/coverage-paths.ts) loads every src/machines/<area>/*.paths.ts.
 *    One actor system serves a whole traversal, so machines address children by id, not `systemId`
 *    (a second registration of the same systemId throws).
 *    Keep those files free of React and DOM so they load under plain Node.
 */
import { createActor, type AnyMachineSnapshot, type AnyStateMachine, type EventObject, type InspectionEvent } from 'xstate';
import {
  getAdjacencyMap,
  getShortestPaths,
  getSimplePaths,
  getStateNodes,
  type AdjacencyValue,
  type StatePath,
} from 'xstate/graph';
import { describe, expect, it, vi } from 'vitest';

export type SampleEvent = { type: string; [field: string]: unknown };
export type EventSamples = readonly SampleEvent[] | ((snapshot: AnyMachineSnapshot) => readonly SampleEvent[]);

export interface PathsModel {
  name: string;
  machine: AnyStateMachine;
  events: Readonly<Record<string, EventSamples>>;
  produced?: readonly string[];
  input?: unknown;
  /** Several starting inputs (e.g. a record not yet shared and one already shared), each explored
   *  like `input`; use instead of `input` when the machine decides its first state from its input. */
  inputs?: readonly unknown[];
  /** What of the context distinguishes states; the snapshot is there for what matters only in
   *  some states (what a pending call was asked). */
  serializeContext?: (context: any, snapshot: AnyMachineSnapshot) => unknown;
  maxSimplePaths?: number;
  skipSimplePaths?: boolean;
  /** How many steps the traversal may take before it gives up (default 20 000). */
  traversalLimit?: number;
  /** Transitions or states that no generated path can reach, each with the reason. */
  unreachable?: readonly UnreachableDeclaration[];
}

/** One transition (as coverage names it: `source -event [guard]-> target`) or state (`a.b`). */
export type UnreachableDeclaration = { transition: string; reason: string } | { state: string; reason: string };

type Adjacency = Record<string, AdjacencyValue<AnyMachineSnapshot, EventObject>>;

/** `input`: the machine input the path starts from (one of the model's `inputs`). */
export type MachinePath = StatePath<AnyMachineSnapshot, EventObject> & { input?: unknown };

const DEFAULT_MAX_SIMPLE_PATHS = 60;
/** Above this many distinct states simple paths explode combinatorially; shortest paths suffice. */
const SIMPLE_PATHS_STATE_LIMIT = 40;
const TRAVERSAL_LIMIT = 20_000;
const MAX_TIMER_ADVANCES = 2_000;
const MICROTASK_ROUNDS = 50;

const ACTOR_OUTCOME = /^xstate\.(done|error)\.actor\./;
const RUNTIME_EVENT = /^xstate\.(done\.actor|error\.actor|after)\./;

/**
 * Every event type the active nodes define a transition for. Not xstate's `ownEvents`: that leaves
 * out transitions with neither target nor actions (`on: { 'x': {} }`), which a state uses to ignore
 * an event its parent would handle, and which are worth a path too.
 */
function ownEventTypes(snapshot: AnyMachineSnapshot): string[] {
  const nodes = (snapshot as unknown as { _nodes: Array<{ transitions: Map<string, unknown> }> })._nodes;
  return [...new Set(nodes.flatMap((node) => [...node.transitions.keys()]))];
}

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

function stableStringify(value: unknown): string {
  const seen = new WeakSet<object>();
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (typeof inner === 'function') return '[function]';
    if (typeof inner === 'object' && inner !== null) {
      if (seen.has(inner)) return '[circular]';
      seen.add(inner);
      // Actor refs carry their whole system; their id is what identifies them.
      if ('sessionId' in inner && 'send' in inner) return `[actor ${(inner as { id?: string }).id ?? ''}]`;
    }
    return inner;
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
 * are dropped: the replay checks every intermediate state, so a prefix adds nothing.
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
  const shortest = getShortestPaths(machine, options) as MachinePath[];
  let simple: MachinePath[] = [];
  if (!model.skipSimplePaths) {
    const stateCount = Object.keys(adjacency).length;
    if (stateCount <= SIMPLE_PATHS_STATE_LIMIT) {
      simple = (getSimplePaths(machine, options) as MachinePath[])
        .sort((a, b) => a.steps.length - b.steps.length)
        .slice(0, model.maxSimplePaths ?? DEFAULT_MAX_SIMPLE_PATHS);
    }
  }
  const extra = pathsForUntakenTransitions(model, adjacency, shortest, [...shortest, ...simple], taken);
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
  return kept.reverse().map((entry) => (model.input !== undefined ? { ...entry.path, input: model.input } : entry.path));
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
  adjacency: Adjacency,
  shortest: MachinePath[],
  paths: MachinePath[],
  taken: Set<TransitionLike>,
): MachinePath[] {
  const serializeState = traversalOptions(model).serializeState;
  const recorder = microstepRecorder(model);
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

function valueLabel(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function eventLabel(event: EventObject): string {
  return event.type.replace(/^xstate\.(done|error)\.actor\./, 'xstate.$1:').replace(/^xstate\.after\./, 'after ');
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

interface NodeLike {
  id: string;
  path: string[];
  type: string;
  parent?: NodeLike;
  initial?: { target?: readonly NodeLike[] };
  transitions: Map<string, TransitionLike[]>;
  always?: TransitionLike[];
}

interface TransitionLike {
  eventType: string;
  source: NodeLike;
  target?: readonly NodeLike[];
  guard?: unknown;
}

function nodeName(node: NodeLike): string {
  return node.path.length ? node.path.join('.') : '(root)';
}

function guardName(guard: unknown): string {
  if (!guard) return '';
  if (typeof guard === 'string') return ` [${guard}]`;
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return ` [${String((guard as { type: unknown }).type)}]`;
  return ' [guard]';
}

function transitionName(transition: TransitionLike): string {
  const targets = transition.target?.length ? transition.target.map(nodeName).join(',') : '(self)';
  const event = transition.eventType ? eventLabel({ type: transition.eventType }) : 'always';
  return `${nodeName(transition.source)} -${event}${guardName(transition.guard)}-> ${targets}`;
}

function activeIds(snapshot: AnyMachineSnapshot): Set<string> {
  return new Set((snapshot as unknown as { _nodes: NodeLike[] })._nodes.map((node) => node.id));
}

interface Microstep {
  snapshot: AnyMachineSnapshot;
  transitions: TransitionLike[];
}

/**
 * Computes macrosteps without side effects, like xstate's getMicrosteps (no-op action executor,
 * nothing started), but keeps the transitions of every microstep.
 */
function microstepRecorder(model: PathsModel) {
  const recorded: Microstep[] = [];
  const inspect = (event: InspectionEvent) => {
    if (event.type !== '@xstate.microstep') return;
    const transitions = (event as unknown as { _transitions?: TransitionLike[] })._transitions ?? [];
    recorded.push({ snapshot: event.snapshot as AnyMachineSnapshot, transitions });
  };
  // Constructing (not starting) the actor computes its initial snapshot with the inspector
  // attached, which records the eventless microsteps out of the initial state.
  const self = createActor(model.machine, { inspect, ...(model.input !== undefined ? { input: model.input } : {}) });
  const initial = recorded.splice(0);
  const noop = () => {};
  const scope = { self, defer: noop, id: '', logger: noop, sessionId: '', stopChild: noop, system: self.system, emit: noop, actionExecutor: noop };
  return {
    initial,
    step(snapshot: AnyMachineSnapshot, event: EventObject): Microstep[] {
      model.machine.transition(snapshot as never, event as never, scope as never);
      return recorded.splice(0);
    },
  };
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
