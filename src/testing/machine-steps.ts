// What the harness reads of xstate beyond its public API: the transitions each microstep takes (only
// inspectors see them), the active state nodes, and names for nodes, transitions and events that the
// generated tests, the coverage report and its page all print the same way.
import { createActor, type AnyMachineSnapshot, type EventObject, type InspectionEvent } from 'xstate';
import type { PathsModel } from './paths-model';

/**
 * Every event type the active nodes define a transition for. Not xstate's `ownEvents`: that leaves
 * out transitions with neither target nor actions (`on: { 'x': {} }`), which a state uses to ignore
 * an event its parent would handle, and which are worth a path too.
 */
export function ownEventTypes(snapshot: AnyMachineSnapshot): string[] {
  const nodes = (snapshot as unknown as { _nodes: Array<{ transitions: Map<string, unknown> }> })._nodes;
  return [...new Set(nodes.flatMap((node) => [...node.transitions.keys()]))];
}

/** JSON with functions, cycles and actor refs (which carry their whole system) reduced to labels. */
export function stableStringify(value: unknown): string {
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

export function eventLabel(event: EventObject): string {
  return event.type.replace(/^xstate\.(done|error)\.actor\./, 'xstate.$1:').replace(/^xstate\.after\./, 'after ');
}

export interface NodeLike {
  id: string;
  path: string[];
  type: string;
  parent?: NodeLike;
  initial?: { target?: readonly NodeLike[] };
  transitions: Map<string, TransitionLike[]>;
  always?: TransitionLike[];
}

export interface TransitionLike {
  eventType: string;
  source: NodeLike;
  target?: readonly NodeLike[];
  guard?: unknown;
}

export function nodeName(node: NodeLike): string {
  return node.path.length ? node.path.join('.') : '(root)';
}

export function guardName(guard: unknown): string {
  if (!guard) return '';
  if (typeof guard === 'string') return ` [${guard}]`;
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return ` [${String((guard as { type: unknown }).type)}]`;
  return ' [guard]';
}

export function transitionName(transition: TransitionLike): string {
  const targets = transition.target?.length ? transition.target.map(nodeName).join(',') : '(self)';
  const event = transition.eventType ? eventLabel({ type: transition.eventType }) : 'always';
  return `${nodeName(transition.source)} -${event}${guardName(transition.guard)}-> ${targets}`;
}

export function activeIds(snapshot: AnyMachineSnapshot): Set<string> {
  return new Set((snapshot as unknown as { _nodes: NodeLike[] })._nodes.map((node) => node.id));
}

export interface Microstep {
  snapshot: AnyMachineSnapshot;
  transitions: TransitionLike[];
}

/**
 * Computes macrosteps without side effects, like xstate's getMicrosteps (no-op action executor,
 * nothing started), but keeps the transitions of every microstep.
 */
export function microstepRecorder(model: PathsModel) {
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
  // Generated paths share long prefixes (the same snapshot objects), so the same step is asked for
  // again and again; a transition here is a pure function of the snapshot and the event.
  const known = new WeakMap<AnyMachineSnapshot, Map<string, Microstep[]>>();
  return {
    initial,
    /** The microsteps of one step; the same array for the same snapshot and event (do not change it). */
    step(snapshot: AnyMachineSnapshot, event: EventObject): Microstep[] {
      const byEvent = known.get(snapshot) ?? new Map<string, Microstep[]>();
      known.set(snapshot, byEvent);
      const key = stableStringify(event);
      const cached = byEvent.get(key);
      if (cached) return cached;
      model.machine.transition(snapshot as never, event as never, scope as never);
      const microsteps = recorded.splice(0);
      byEvent.set(key, microsteps);
      return microsteps;
    },
  };
}

export type MicrostepRecorder = ReturnType<typeof microstepRecorder>;
