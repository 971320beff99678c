// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { throwError } from 'rxjs';
import { assign, fromEventObservable, fromPromise, setup, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';
import { getAdjacencyMap, getShortestPaths } from 'xstate/graph';
import { describePath, describePaths, generatePaths, measureCoverage, replayPath, type MachinePath, type PathsModel, type SampleEvent } from './paths';
import { shortestPathsIn } from './shortest-paths';

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

// Transient states: the initial one and a compound's initial child are left by `always` within
// the same macrostep, so no path step ever rests in them.
const gate = setup({
  types: {
    context: {} as { code: string },
    events: {} as { type: 'enter' } | { type: 'again' },
    input: {} as { code: string } | undefined,
  },
  guards: { hasCode: ({ context }) => context.code !== '', longCode: ({ context }) => context.code.length > 3 },
}).createMachine({
  id: 'gate',
  context: ({ input }) => ({ code: input?.code ?? 'ab' }),
  initial: 'deciding',
  states: {
    deciding: { always: [{ guard: 'hasCode', target: 'open' }, { target: 'closed' }] },
    closed: {},
    open: {
      initial: 'checking',
      on: { again: '.checking' },
      states: {
        checking: { always: [{ guard: 'longCode', target: 'wide' }, { target: 'narrow' }] },
        // Ignores 'enter' (a transition with neither target nor actions).
        wide: { on: { enter: {} } },
        narrow: { after: { 500: 'wide' } },
      },
    },
  },
});

describe('measureCoverage with transient states', () => {
  const coverage = measureCoverage({ name: 'gate', machine: gate, events: {} });

  it('counts a state that an always transition leaves at once, at the start and after an event', () => {
    expect(coverage.states.missing).toEqual(['closed']);
  });

  it('counts exactly the always branch taken (guards decide), the delayed one and the self-loop', () => {
    expect(coverage.transitions.missing.sort()).toEqual([
      'deciding -always-> closed',
      'open.checking -always [longCode]-> open.wide',
    ]);
  });
});

describe('a model with several inputs', () => {
  const model: PathsModel = { name: 'gate', machine: gate, events: {}, inputs: [{ code: 'ab' }, { code: '' }, { code: 'abcd' }] };

  it('explores from each input, so every branch of the first decision is covered, and the ignored event', () => {
    const coverage = measureCoverage(model);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  it('tags each path with its input', () => {
    const starts = generatePaths(model).map((path) => path.steps[0]?.state.value);
    expect(new Set(starts.map((value) => JSON.stringify(value)))).toEqual(
      new Set(['"closed"', '{"open":"narrow"}', '{"open":"wide"}']),
    );
  });

  describePaths(model);
});

// A timer that enters a state whose instant double settles within the same tick: the replay must
// still see the state it passed through.
const relay = setup({ actors: { fetch: fromPromise(async () => 'ok') } }).createMachine({
  id: 'relay',
  initial: 'idle',
  states: {
    idle: { after: { 100: 'fetching' } },
    fetching: { invoke: { id: 'fetch', src: 'fetch', onDone: 'done' } },
    done: {},
  },
});
const relayModel: PathsModel = {
  name: 'relay',
  machine: relay,
  events: { 'xstate.done.actor.fetch': [{ type: 'xstate.done.actor.fetch', output: 'ok' }] },
};

// A sent event enters a state whose stream fails as soon as it is subscribed.
const retrier = setup({ actors: { stream: fromEventObservable(() => throwError(() => new Error('gone'))) } }).createMachine({
  id: 'retrier',
  initial: 'failed',
  states: {
    failed: { on: { retry: 'running' } },
    running: { invoke: { id: 'stream', src: 'stream', onError: 'failed' } },
  },
});
const retrierModel: PathsModel = {
  name: 'retrier',
  machine: retrier,
  events: { 'xstate.error.actor.stream': [{ type: 'xstate.error.actor.stream', error: new Error('gone') }] },
};

describe('replayPath', () => {
  it('sees the state a sent event entered even when the actor left it at once', async () => {
    const path = generatePaths(retrierModel).find((candidate) => candidate.steps.length === 3);
    expect(path && describePath(path)).toBe('failed -retry-> running -xstate.error:stream-> failed');
    vi.useFakeTimers();
    try {
      expect((await replayPath(retrierModel, path!)).value).toBe('failed');
    } finally {
      vi.useRealTimers();
    }
  });

  it('sees a state the actor passed through within one timer tick', async () => {
    const [path] = generatePaths(relayModel);
    expect(path && describePath(path)).toBe('idle -after 100.relay.idle-> fetching -xstate.done:fetch-> done');
    vi.useFakeTimers();
    try {
      expect((await replayPath(relayModel, path!)).value).toBe('done');
    } finally {
      vi.useRealTimers();
    }
  });
});

// A child that reports later; its report changes only the parent's context, not its state value.
const reporter = setup({ actors: { worker: fromPromise(async () => 'ok') } }).createMachine({
  id: 'reporter',
  initial: 'working',
  states: { working: { invoke: { id: 'worker', src: 'worker', onDone: 'done' } }, done: {} },
});
const boss = setup({
  types: { context: {} as { reports: number }, events: {} as { type: 'report' } | { type: 'finish' } },
  actors: { reporter },
}).createMachine({
  id: 'boss',
  context: { reports: 0 },
  initial: 'waiting',
  states: {
    waiting: {
      entry: ({ self }) => {
        // The report arrives a few microtasks after the start, as a spawned child's would.
        void Promise.resolve().then(() => Promise.resolve()).then(() => self.send({ type: 'report' }));
      },
      on: {
        report: { actions: assign({ reports: ({ context }) => context.reports + 1 }) },
        finish: { guard: ({ context }) => context.reports > 0, target: 'finished' },
      },
    },
    finished: {},
  },
});
const bossModel: PathsModel = {
  name: 'boss',
  machine: boss,
  events: { report: (snapshot) => ((snapshot.context as { reports: number }).reports === 0 ? [{ type: 'report' }] : []) },
  produced: ['report'],
};

describe('replayPath of a produced event that changes only the context', () => {
  it('waits for the context the path expects before the next step', async () => {
    const path = generatePaths(bossModel).find((candidate) => candidate.steps.some((step) => step.event.type === 'finish'));
    expect(path && path.steps.slice(1).map((step) => step.event.type)).toEqual(['report', 'finish']);
    vi.useFakeTimers();
    try {
      // Without the wait on the context, 'finish' would be sent before the report and refused.
      expect((await replayPath(bossModel, path!)).value).toBe('finished');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('declared unreachable transitions and states', () => {
  it('are counted apart from the misses, with their reason', () => {
    const coverage = measureCoverage({
      ...model,
      unreachable: [
        { state: 'unreachable', reason: 'no transition leads there' },
        { transition: 'checking -xstate.error:0.door.checking-> closed', reason: 'the check never fails' },
      ],
    });
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.states.unreachable).toEqual([{ name: 'unreachable', reason: 'no transition leads there' }]);
    expect(coverage.transitions.missing).toEqual([]);
    expect(coverage.transitions.unreachable).toEqual([
      { name: 'checking -xstate.error:0.door.checking-> closed', reason: 'the check never fails' },
    ]);
    expect(coverage.problems).toEqual([]);
  });

  it('are problems when covered after all or naming nothing in the machine', () => {
    const coverage = measureCoverage({
      ...model,
      unreachable: [
        { transition: 'closed -open-> opened', reason: 'wrong' },
        { transition: 'closed -fly-> sky', reason: 'stale' },
      ],
    });
    expect(coverage.problems).toEqual([
      "declared unreachable transition 'closed -open-> opened' is covered by a generated path",
      "declared unreachable transition 'closed -fly-> sky' is not in the machine",
    ]);
    expect(coverage.transitions.unreachable).toEqual([]);
  });
});

describe('generatePaths', () => {
  it('adds a path for a transition that returns to a state already seen (a traversal never repeats one)', () => {
    const labels = generatePaths({ name: 'gate', machine: gate, events: {} }).map(describePath);
    expect(labels).toContain('{"open":"narrow"} -again-> {"open":"narrow"}');
  });

  it('drops paths that are a prefix of another path', () => {
    const sequences = generatePaths(model).map((path) => path.steps.slice(1).map((step) => step.event.type).join(','));
    for (const sequence of sequences) {
      expect(sequences.filter((other) => other !== sequence && other.startsWith(`${sequence},`))).toEqual([]);
    }
  });
});

// Every key typed makes a context of its own, so the traversal finds 13 distinct states (and a
// path into `sent` from each) where two transitions and two states are all there is to cover.
const typist = setup({
  types: { context: {} as { text: string }, events: {} as { type: 'type'; key: string } | { type: 'submit' } },
  guards: { roomLeft: ({ context }) => context.text.length < 2 },
}).createMachine({
  id: 'typist',
  context: { text: '' },
  initial: 'editing',
  states: {
    editing: {
      on: {
        type: { guard: 'roomLeft', actions: assign({ text: ({ context, event }) => context.text + event.key }) },
        submit: 'sent',
      },
    },
    sent: {},
  },
});
const typistModel: PathsModel = {
  name: 'typist',
  machine: typist,
  events: { type: ['a', 'b', 'c'].map((key) => ({ type: 'type', key })) },
};

describe('generatePaths keeps a covering set', () => {
  it('replays one path where thirteen reach nothing the one does not', () => {
    expect(generatePaths(typistModel).map(describePath)).toEqual(['editing -type-> editing -submit-> sent']);
  });

  it('keeps coverage whole', () => {
    const coverage = measureCoverage(typistModel);
    expect(coverage.states).toMatchObject({ covered: 2, total: 2, missing: [] });
    expect(coverage.transitions).toMatchObject({ covered: 2, total: 2, missing: [] });
  });
});

describe('shortestPathsIn', () => {
  it("finds xstate's shortest paths in the adjacency map built already, step for step", () => {
    const serializeState = (snapshot: AnyMachineSnapshot) => JSON.stringify({ value: snapshot.value, context: snapshot.context });
    const label = (path: MachinePath) => JSON.stringify([path.weight, path.state.value, ...path.steps.map((step) => [step.event, step.state.value, step.state.context])]);
    for (const [machine, events] of [
      [typist, (snapshot: AnyMachineSnapshot) => (snapshot.value === 'editing' ? [...typistModel.events.type as SampleEvent[], { type: 'submit' }] : [])],
      [door, () => [{ type: 'open' }, { type: 'close' }, { type: 'lock' }]],
    ] as const) {
      const options = { events, serializeState };
      const expected = getShortestPaths(machine as AnyStateMachine, options).map(label);
      expect(expected.length).toBeGreaterThan(2);
      expect(shortestPathsIn(getAdjacencyMap(machine as AnyStateMachine, options) as unknown as Parameters<typeof shortestPathsIn>[0], serializeState).map(label)).toEqual(expected);
    }
  });
});

describePaths(model);
describePaths({ name: 'gate', machine: gate, events: {} });
