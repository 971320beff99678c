// The coverage page of a tiny machine: its states drawn (the nested ones inside their parent), each
// transition in its coverage colour class, and a click on a transition lists the paths taking it.
import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import { measureCoverage, type PathsModel } from '../../src/testing/paths';
import { renderCoverageHtml } from './html';
import { layerByBfs, reduceCrossings } from './layout';

const tiny = setup({
  types: { events: {} as { type: 'start' } | { type: 'stop' } | { type: 'crash' } | { type: 'poke' } | { type: 'tick' } },
  guards: { never: () => false },
}).createMachine({
  id: 'tiny',
  initial: 'idle',
  states: {
    idle: { on: { start: 'running', poke: { guard: 'never', target: 'failed' } } },
    running: {
      initial: 'warming',
      states: { warming: { on: { tick: 'hot' } }, hot: {} },
      on: { stop: 'idle', crash: 'failed', tick: {} },
    },
    failed: {},
  },
});

const model: PathsModel = {
  name: 'tiny',
  machine: tiny,
  // 'crash' is never sampled, so its transition stays uncovered.
  events: { crash: [] },
  unreachable: [{ transition: 'idle -poke [never]-> failed', reason: 'the guard never lets it through' }],
};

function render() {
  const coverage = measureCoverage(model);
  const html = renderCoverageHtml([coverage]);
  const page = new DOMParser().parseFromString(html, 'text/html');
  const transitionIndex = (name: string) => coverage.graph.transitions.findIndex((t) => t.name === name);
  return { coverage, html, page, transitionIndex };
}

describe('coverage page', () => {
  it('counts the declared unreachable apart from the misses', () => {
    const { coverage } = render();
    expect(coverage.transitions.missing).toEqual(['running -crash-> failed']);
    expect(coverage.transitions.unreachable).toEqual([{ name: 'idle -poke [never]-> failed', reason: 'the guard never lets it through' }]);
    expect(coverage.problems).toEqual([]);
  });

  it('draws every state, the nested ones inside their parent', () => {
    const { page } = render();
    const names = [...page.querySelectorAll('g.state')].map((g) => g.getAttribute('data-state'));
    expect(names).toEqual(expect.arrayContaining(['(root)', 'idle', 'running', 'running.warming', 'running.hot', 'failed']));
    const box = (name: string) => page.querySelector(`g.state[data-state="${name}"] rect`)!;
    const inside = (inner: Element, outer: Element) => {
      const [x, y, w, h] = ['x', 'y', 'width', 'height'].map((a) => Number(inner.getAttribute(a)));
      const [X, Y, W, H] = ['x', 'y', 'width', 'height'].map((a) => Number(outer.getAttribute(a)));
      return x! >= X! && y! >= Y! && x! + w! <= X! + W! && y! + h! <= Y! + H!;
    };
    expect(inside(box('running.warming'), box('running'))).toBe(true);
    expect(inside(box('running.hot'), box('running'))).toBe(true);
    expect(inside(box('idle'), box('running'))).toBe(false);
    expect(page.querySelector('g.state[data-state="running"]')!.classList.contains('compound')).toBe(true);
  });

  it('gives each transition the class of its coverage, with a legend', () => {
    const { page, transitionIndex } = render();
    const label = (name: string) => page.querySelector(`text.edge-label[data-t="${transitionIndex(name)}"]`)!;
    expect(label('idle -start-> running').classList.contains('covered')).toBe(true);
    expect(label('idle -start-> running').textContent).toBe('start');
    expect(label('running -crash-> failed').classList.contains('uncovered')).toBe(true);
    expect(label('idle -poke [never]-> failed').classList.contains('unreachable')).toBe(true);
    expect(label('idle -poke [never]-> failed').textContent).toBe('poke [never]');
    // A transition that stays in its state is a line inside the box.
    const stays = page.querySelector(`text.self[data-t="${transitionIndex('running -tick-> (self)')}"]`)!;
    expect(stays.closest('g.state')!.getAttribute('data-state')).toBe('running');
    expect(page.querySelector('.edge.uncovered path.line')!.getAttribute('stroke')).toBe('#d32f2f');
    const legend = page.querySelector('.legend')!.textContent!;
    expect(legend).toContain('covered by a generated path');
    expect(legend).toContain('not covered');
    expect(legend).toContain('declared unreachable');
  });

  it('is self-contained: nothing is fetched', () => {
    const { html, page } = render();
    expect(page.querySelectorAll('link, img, iframe, script[src]')).toHaveLength(0);
    expect(html).not.toMatch(/(src|href)="https?:/);
    expect(html).not.toContain('@import');
  });

  it('lists the generated paths that take a clicked transition', () => {
    const { html, coverage, transitionIndex } = render();
    document.documentElement.innerHTML = new DOMParser().parseFromString(html, 'text/html').documentElement.innerHTML;
    const script = [...document.querySelectorAll('script:not([type])')].map((s) => s.textContent).join('\n');
    new Function(script)();
    const stop = transitionIndex('running -stop-> idle');
    const takers = coverage.graph.transitions[stop]!.paths.map((p) => coverage.graph.paths[p]!);
    expect(takers.length).toBeGreaterThan(0);
    expect(takers.every((path) => path.includes('start → ') && path.includes('stop'))).toBe(true);
    document.querySelector<SVGElement>(`text.edge-label[data-t="${stop}"]`)!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    const details = document.getElementById('details')!;
    expect(details.textContent).toContain('running -stop-> idle');
    expect([...details.querySelectorAll('ol.paths li')].map((li) => li.textContent)).toEqual(takers);
    // The declared unreachable one shows its reason.
    document.querySelector<SVGElement>(`text.edge-label[data-t="${transitionIndex('idle -poke [never]-> failed')}"]`)!.dispatchEvent(
      new MouseEvent('click', { bubbles: true }),
    );
    expect(details.textContent).toContain('declared unreachable');
    expect(details.textContent).toContain('the guard never lets it through');
  });
});

describe('layered layout', () => {
  it('layers by BFS depth from the initial state and orders layers to avoid crossings', () => {
    const edges: Array<[string, string]> = [
      ['a', 'b'],
      ['a', 'c'],
      ['b', 'e'],
      ['c', 'd'],
      ['d', 'a'],
    ];
    const layers = layerByBfs(['a', 'd', 'e', 'b', 'c'], edges);
    expect(layers).toEqual([['a'], ['b', 'c'], ['d', 'e']]);
    // e hangs under b and d under c: the bottom layer follows the order above it.
    expect(reduceCrossings(layers, edges)).toEqual([['a'], ['b', 'c'], ['e', 'd']]);
  });
});
