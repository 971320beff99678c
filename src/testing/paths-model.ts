// What a machine's path model declares (the convention is in paths.ts) and what a generated path is.
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import type { StatePath } from 'xstate/graph';

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

/** `input`: the machine input the path starts from (one of the model's `inputs`). */
export type MachinePath = StatePath<AnyMachineSnapshot, EventObject> & { input?: unknown };
