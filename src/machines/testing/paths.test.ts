import { describe, expect, it } from 'vitest';
import { assign, fromPromise, setup } from 'xstate';
import { describePaths, generatePaths, measureCoverage, type PathsModel } from './paths';

const door = setup({
  types: { context: {} as { opened: number }, events: {} as { type: 'open' } | { type: 'close' } | { type: 'lock' } },
  actors: { check: fromPromise(async () => 'ok') },
  guards: { openedTwice: ({ context }) => context.opened >= 2 },
}).createMachine({
  id: 'door',
  context: { opened: 0 },
  initial: 'closed',
  states: {
    closed: {
      always: { guard: 'openedTwice', target: 'worn' },
      on: { open: { target: 'opened', actions: assign({ opened: ({ context }) => context.opened + 1 }) }, lock: 'checking' },
    },
    opened: { on: { close: 'closed' }, after: { 1000: 'closed' } },
    checking: { invoke: { src: 'check', onDone: 'locked', onError: 'closed' } },
    locked: { type: 'final' },
    worn: { type: 'final' },
    unreachable: {},
  },
});

const model: PathsModel = {
  name: 'door',
  machine: door,
  events: { 'xstate.done.actor.0.door.checking': [{ type: 'xstate.done.actor.0.door.checking', output: 'ok' }] },
};

describe('measureCoverage', () => {
  const coverage = measureCoverage(model);

  it('counts every state node and reports the unreachable one', () => {
    expect(coverage.states.total).toBe(6);
    expect(coverage.states.missing).toEqual(['unreachable']);
  });

  it('counts on, after, invoke and always transitions, and misses the actor error nobody produces', () => {
    // closed: always, open, lock · opened: close, after · checking: onDone, onError
    expect(coverage.transitions.total).toBe(7);
    expect(coverage.transitions.missing).toEqual(['checking -xstate.error:0.door.checking-> closed']);
  });
});

describe('generatePaths', () => {
  it('drops paths that are a prefix of another path', () => {
    const sequences = generatePaths(model).map((path) => path.steps.slice(1).map((step) => step.event.type).join(','));
    for (const sequence of sequences) {
      expect(sequences.filter((other) => other !== sequence && other.startsWith(`${sequence},`))).toEqual([]);
    }
  });
});

describePaths(model);
