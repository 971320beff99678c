// A small layered (Sugiyama-style) layout of a statechart, computed here so the page needs no
// library. Each compound state lays its children out on its own: transitions between descendants
// are lifted to the children that contain them; children are layered by BFS depth from the
// initial child (parallel regions share one layer, side by side), ordered within a layer by
// barycentre sweeps to reduce crossings, and each layer becomes a row, top to bottom. Boxes then
// nest: a compound box holds its laid-out children under its title and its own self-transitions.
import type { CoverageGraphTransition } from '../../src/testing/paths';
import { coverageOf, transitionLabel, type Coverage, type DrawableMachine, type Edge, type StateBox } from './graph';

export { LABEL_LINE_HEIGHT };

export const FONT_SIZE = 12;
const CHAR_WIDTH = 7.2;
const LINE_HEIGHT = 16;
const PADDING = 12;
const TITLE_HEIGHT = 22;
const ROW_GAP = 84;
const COLUMN_GAP = 96;
const LABEL_LINE = 13;
const LABEL_LINE_HEIGHT = LABEL_LINE;
const SWEEPS = 6;

export interface SelfLine {
  transition: number;
  label: string;
  coverage: Coverage;
  /** Absolute position of the line's baseline start. */
  x: number;
  y: number;
}

export interface PlacedBox {
  name: string;
  label: string;
  type: string;
  initial: boolean;
  coverage: Coverage;
  compound: boolean;
  depth: number;
  x: number;
  y: number;
  w: number;
  h: number;
  selfLines: SelfLine[];
}

export interface EdgeLabelLine {
  transition: number;
  text: string;
  coverage: Coverage;
}

/** Every transition from one box to another, drawn as one arrow with one label line each. */
export interface PlacedEdge {
  source: string;
  target: string;
  /** The arrow's colour: uncovered if any of its transitions is, else covered if any is, else unreachable. */
  coverage: Coverage;
  lines: EdgeLabelLine[];
  /** SVG path data. */
  d: string;
  /** Centre of the label block (its first line's baseline is computed by the renderer). */
  labelX: number;
  labelY: number;
}

export interface MachineLayout {
  width: number;
  height: number;
  boxes: PlacedBox[];
  edges: PlacedEdge[];
}

export function textWidth(text: string): number {
  return Math.ceil(text.length * CHAR_WIDTH);
}

interface Sized {
  box: StateBox;
  w: number;
  h: number;
  /** Child positions relative to this box's top-left corner. */
  children: Array<{ sized: Sized; x: number; y: number }>;
  selfLines: Array<{ transition: number; label: string; coverage: Coverage; dx: number; dy: number }>;
}

/** For each node name, the chain of its ancestors' names (root first), itself last. */
function ancestry(root: StateBox): Map<string, string[]> {
  const chains = new Map<string, string[]>();
  const walk = (box: StateBox, chain: string[]) => {
    const own = [...chain, box.name];
    chains.set(box.name, own);
    for (const child of box.children) walk(child, own);
  };
  walk(root, []);
  return chains;
}

/** Layers of `ids` by BFS depth from the first (the initial child), then from any left unreached. */
export function layerByBfs(ids: string[], edges: Array<[string, string]>): string[][] {
  const next = new Map<string, string[]>(ids.map((id) => [id, []]));
  for (const [from, to] of edges) if (from !== to) next.get(from)?.push(to);
  const depth = new Map<string, number>();
  for (const start of ids) {
    if (depth.has(start)) continue;
    depth.set(start, 0);
    const queue = [start];
    while (queue.length) {
      const id = queue.shift()!;
      for (const to of next.get(id) ?? []) {
        if (depth.has(to)) continue;
        depth.set(to, depth.get(id)! + 1);
        queue.push(to);
      }
    }
  }
  const layers: string[][] = [];
  for (const id of ids) (layers[depth.get(id)!] ??= []).push(id);
  return layers.filter((layer) => layer && layer.length);
}

/** Reorders each layer by the mean position of its neighbours in the layer above/below. */
export function reduceCrossings(layers: string[][], edges: Array<[string, string]>): string[][] {
  const neighbours = new Map<string, string[]>();
  for (const [a, b] of edges) {
    if (a === b) continue;
    (neighbours.get(a) ?? neighbours.set(a, []).get(a)!).push(b);
    (neighbours.get(b) ?? neighbours.set(b, []).get(b)!).push(a);
  }
  const ordered = layers.map((layer) => [...layer]);
  const sweep = (from: number, to: number) => {
    const fixed = new Map(ordered[from]!.map((id, index) => [id, index]));
    const current = ordered[to]!;
    const score = new Map(
      current.map((id, index) => {
        const positions = (neighbours.get(id) ?? []).flatMap((n) => (fixed.has(n) ? [fixed.get(n)!] : []));
        return [id, positions.length ? positions.reduce((a, b) => a + b, 0) / positions.length : index];
      }),
    );
    current.sort((a, b) => score.get(a)! - score.get(b)!);
  };
  for (let round = 0; round < SWEEPS; round += 1) {
    for (let layer = 1; layer < ordered.length; layer += 1) sweep(layer - 1, layer);
    for (let layer = ordered.length - 2; layer >= 0; layer -= 1) sweep(layer + 1, layer);
  }
  return ordered;
}

function sizeBox(box: StateBox, liftedEdges: (box: StateBox) => Array<[string, string]>, transitions: CoverageGraphTransition[]): Sized {
  const selfLines = box.selfTransitions.map((index) => {
    const transition = transitions[index]!;
    return { transition: index, label: `⟲ ${transitionLabel(transition)}`, coverage: coverageOf(transition) };
  });
  const titleWidth = textWidth(box.label) + 2 * PADDING + (box.type === 'parallel' ? textWidth(' (parallel)') : 0);
  const linesWidth = Math.max(0, ...selfLines.map((line) => textWidth(line.label) + 2 * PADDING));
  const linesHeight = selfLines.length * LINE_HEIGHT;
  if (!box.children.length) {
    const h = Math.max(32, TITLE_HEIGHT + linesHeight + 8);
    return {
      box,
      w: Math.max(titleWidth, linesWidth, 60),
      h,
      children: [],
      selfLines: selfLines.map((line, i) => ({ ...line, dx: PADDING, dy: TITLE_HEIGHT + (i + 1) * LINE_HEIGHT - 4 })),
    };
  }
  const sized = new Map(box.children.map((child) => [child.name, sizeBox(child, liftedEdges, transitions)]));
  const ids = box.children.map((child) => child.name);
  const initial = box.children.find((child) => child.initial);
  const start = initial ? [initial.name, ...ids.filter((id) => id !== initial.name)] : ids;
  const edges = liftedEdges(box);
  const layers = box.type === 'parallel' ? [ids] : reduceCrossings(layerByBfs(start, edges), edges);
  const top = TITLE_HEIGHT + linesHeight + (selfLines.length ? 8 : 0) + PADDING;
  const rows = layers.map((layer) => {
    const items = layer.map((id) => sized.get(id)!);
    const width = items.reduce((sum, item) => sum + item.w, 0) + COLUMN_GAP * (items.length - 1);
    const height = Math.max(...items.map((item) => item.h));
    return { items, width, height };
  });
  const innerWidth = Math.max(...rows.map((row) => row.width));
  const w = Math.max(innerWidth + 2 * PADDING, titleWidth, linesWidth);
  const children: Sized['children'] = [];
  let y = top;
  for (const row of rows) {
    let x = (w - row.width) / 2;
    for (const item of row.items) {
      children.push({ sized: item, x, y: y + (row.height - item.h) / 2 });
      x += item.w + COLUMN_GAP;
    }
    y += row.height + ROW_GAP;
  }
  const h = y - ROW_GAP + PADDING;
  return {
    box,
    w,
    h,
    children,
    selfLines: selfLines.map((line, i) => ({ ...line, dx: PADDING, dy: TITLE_HEIGHT + (i + 1) * LINE_HEIGHT - 4 })),
  };
}

interface Point {
  x: number;
  y: number;
}

interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

const overlaps = (a: Rect, b: Rect) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/** The nearest centre to (x, y), stepping down/up then sideways, where a w×h label hits no placed rect. */
function freeSpot(placed: Rect[], x: number, y: number, w: number, h: number): Point {
  const candidates: Point[] = [{ x, y }];
  for (let step = 1; step <= 12; step += 1) {
    const dy = step * (LABEL_LINE / 1.5);
    candidates.push({ x, y: y + dy }, { x, y: y - dy }, { x: x + step * 14, y }, { x: x - step * 14, y });
  }
  for (const candidate of candidates) {
    const rect = { x: candidate.x - w / 2, y: candidate.y - h / 2, w, h };
    if (!placed.some((other) => overlaps(rect, other))) return candidate;
  }
  return { x, y };
}

/** Where the ray from the box centre towards `toward` leaves the box. */
function boundaryPoint(box: PlacedBox, toward: Point): Point {
  const cx = box.x + box.w / 2;
  const cy = box.y + box.h / 2;
  const dx = toward.x - cx;
  const dy = toward.y - cy;
  if (dx === 0 && dy === 0) return { x: cx, y: box.y };
  const scale = 1 / Math.max(Math.abs(dx) / (box.w / 2), Math.abs(dy) / (box.h / 2));
  return { x: cx + dx * scale, y: cy + dy * scale };
}

function edgeGeometry(source: PlacedBox, target: PlacedBox, sourceContainsTarget: boolean, targetContainsSource: boolean, offset: number) {
  const centre = (box: PlacedBox) => ({ x: box.x + box.w / 2, y: box.y + box.h / 2 });
  // Into or out of an enclosing box: leave from (or arrive at) its title bar.
  const start = sourceContainsTarget ? { x: source.x + 8, y: source.y + TITLE_HEIGHT } : boundaryPoint(source, centre(target));
  const end = targetContainsSource ? { x: target.x + 8, y: target.y + TITLE_HEIGHT } : boundaryPoint(target, start);
  const mx = (start.x + end.x) / 2;
  const my = (start.y + end.y) / 2;
  const length = Math.hypot(end.x - start.x, end.y - start.y) || 1;
  // Upward (back) edges bend further, so they do not lie on the forward ones.
  // Edges along a row arc over the boxes between their ends instead of running through them.
  const alongRow = Math.abs(end.y - start.y) < 12 ? Math.min(120, Math.abs(end.x - start.x) * 0.25) : 0;
  const bend = offset + (end.y < start.y - 4 ? 40 : 0) + alongRow;
  const nx = -(end.y - start.y) / length;
  const ny = (end.x - start.x) / length;
  const control = { x: mx + nx * bend, y: my + ny * bend };
  const d = `M${start.x.toFixed(1)},${start.y.toFixed(1)} Q${control.x.toFixed(1)},${control.y.toFixed(1)} ${end.x.toFixed(1)},${end.y.toFixed(1)}`;
  // The quadratic curve's midpoint.
  return { d, labelX: 0.25 * start.x + 0.5 * control.x + 0.25 * end.x, labelY: 0.25 * start.y + 0.5 * control.y + 0.25 * end.y };
}

export function layoutMachine(machine: DrawableMachine, transitions: CoverageGraphTransition[]): MachineLayout {
  const chains = ancestry(machine.root);
  const liftedEdges = (box: StateBox): Array<[string, string]> => {
    const lifted: Array<[string, string]> = [];
    for (const edge of machine.edges) {
      const from = chains.get(edge.source) ?? [];
      const to = chains.get(edge.target) ?? [];
      const at = from.indexOf(box.name);
      if (at < 0 || to.indexOf(box.name) !== at) continue;
      const a = from[at + 1];
      const b = to[at + 1];
      if (a && b && a !== b) lifted.push([a, b]);
    }
    return lifted;
  };
  const sizedRoot = sizeBox(machine.root, liftedEdges, transitions);
  const margin = 16;
  const boxes: PlacedBox[] = [];
  const place = (sized: Sized, x: number, y: number, depth: number) => {
    boxes.push({
      name: sized.box.name,
      label: sized.box.label,
      type: sized.box.type,
      initial: sized.box.initial,
      coverage: sized.box.coverage,
      compound: sized.box.children.length > 0,
      depth,
      x,
      y,
      w: sized.w,
      h: sized.h,
      selfLines: sized.selfLines.map((line) => ({ transition: line.transition, label: line.label, coverage: line.coverage, x: x + line.dx, y: y + line.dy })),
    });
    for (const child of sized.children) place(child.sized, x + child.x, y + child.y, depth + 1);
  };
  place(sizedRoot, margin, margin, 0);
  const byName = new Map(boxes.map((box) => [box.name, box]));
  const groups = new Map<string, Edge[]>();
  for (const edge of machine.edges) {
    const key = `${edge.source}\u0000${edge.target}`;
    (groups.get(key) ?? groups.set(key, []).get(key)!).push(edge);
  }
  const pairCount = new Map<string, number>();
  const rank: Record<Coverage, number> = { uncovered: 2, covered: 1, unreachable: 0 };
  // Labels keep off the state boxes and the titles of compound ones.
  const labelRects: Rect[] = boxes.map((box) =>
    box.compound ? { x: box.x, y: box.y, w: textWidth(box.label) + 100, h: TITLE_HEIGHT } : { x: box.x, y: box.y, w: box.w, h: box.h },
  );
  const edges: PlacedEdge[] = [...groups.values()].flatMap((group) => {
    const first = group[0]!;
    const source = byName.get(first.source);
    const target = byName.get(first.target);
    if (!source || !target) return [];
    const key = [first.source, first.target].sort().join('\u0000');
    const nth = pairCount.get(key) ?? 0;
    pairCount.set(key, nth + 1);
    // The two directions between the same boxes bend apart.
    const offset = nth === 0 ? 0 : 36;
    const sourceChain = chains.get(first.source) ?? [];
    const targetChain = chains.get(first.target) ?? [];
    const geometry = edgeGeometry(source, target, targetChain.includes(first.source), sourceChain.includes(first.target), offset);
    const lines = group.map((edge) => ({ transition: edge.transition, text: edge.label, coverage: edge.coverage }));
    const coverage = lines.reduce<Coverage>((worst, line) => (rank[line.coverage] > rank[worst] ? line.coverage : worst), 'unreachable');
    const w = Math.max(...lines.map((line) => textWidth(line.text))) * 0.92 + 6;
    const h = lines.length * LABEL_LINE + 2;
    const spot = freeSpot(labelRects, geometry.labelX, geometry.labelY, w, h);
    labelRects.push({ x: spot.x - w / 2, y: spot.y - h / 2, w, h });
    return [{ source: first.source, target: first.target, coverage, lines, d: geometry.d, labelX: spot.x, labelY: spot.y }];
  });
  // Room for labels pushed past the root box.
  const labelsRight = Math.max(0, ...labelRects.map((rect) => rect.x + rect.w));
  const labelsBottom = Math.max(0, ...labelRects.map((rect) => rect.y + rect.h));
  const width = Math.ceil(Math.max(sizedRoot.w + 2 * margin + 40, labelsRight + margin));
  const height = Math.ceil(Math.max(sizedRoot.h + 2 * margin, labelsBottom + margin));
  return { width, height, boxes, edges };
}
