// The lines as regions: created in and near the view only, named for tests and screen readers,
// kept within their neighbours while dragged, reported once on drop, put back when the lines do not
// follow. A fake regions plugin and lane stand in for wavesurfer (jsdom draws no canvas).
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { SubtitleLine } from '../../../shared/contract/transcript';
import { LineRegions, REGION_COLORS, UNCONFIRMED_RETIME_MS, type RegionsPluginInstance } from './line-regions';
import type { WaveLane } from './wave-lane';

type Listener = (...args: unknown[]) => void;

class FakeRegion {
  element = document.createElement('div');
  isDragging = false;
  removed = false;
  color: string;
  id: string;
  start: number;
  end: number;
  constructor(params: { id: string; start: number; end: number; color: string }) {
    this.id = params.id;
    this.start = params.start;
    this.end = params.end;
    this.color = params.color;
  }
  setOptions(options: { start?: number; end?: number; color?: string }) {
    if (options.start !== undefined) this.start = options.start;
    if (options.end !== undefined) this.end = options.end;
    if (options.color !== undefined) this.color = options.color;
  }
  remove() {
    this.removed = true;
  }
}

class FakePlugin {
  listeners = new Map<string, Listener[]>();
  regions: FakeRegion[] = [];
  on(event: string, listener: Listener) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return () => this.listeners.set(event, (this.listeners.get(event) ?? []).filter((l) => l !== listener));
  }
  emit(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }
  addRegion(params: { id: string; start: number; end: number; color: string }) {
    const region = new FakeRegion(params);
    this.regions.push(region);
    return region;
  }
  clearRegions() {
    for (const region of this.regions) region.remove();
  }
  live(): FakeRegion[] {
    return this.regions.filter((region) => !region.removed);
  }
  byId(id: string): FakeRegion {
    return this.live().find((region) => region.id === id)!;
  }
}

/** 1,000 lines of 1 s every 2 s. */
const lines: SubtitleLine[] = Array.from({ length: 1000 }, (_, i) => ({ id: `L${i}`, startMs: i * 2000, endMs: i * 2000 + 1000, text: `line ${i}`, overrunMs: i === 3 ? 250 : 0 }));
const DURATION = 2_000_000;

let plugin: FakePlugin;
let view: { fromMs: number; toMs: number; pxPerSec: number };
let events: {
  onSelect: Mock<(lineId: string) => void>;
  onRetime: Mock<(lineId: string, startMs: number, endMs: number) => void>;
  label: (line: SubtitleLine) => string;
};
let regions: LineRegions;

beforeEach(() => {
  vi.useFakeTimers();
  plugin = new FakePlugin();
  view = { fromMs: 0, toMs: 20_000, pxPerSec: 60 };
  events = { onSelect: vi.fn<(lineId: string) => void>(), onRetime: vi.fn<(lineId: string, startMs: number, endMs: number) => void>(), label: (line) => `label ${line.id}` };
  const lane = { view: () => view } as unknown as WaveLane;
  regions = new LineRegions(plugin as unknown as RegionsPluginInstance, lane, DURATION, events);
  regions.setLines(lines, null);
});
afterEach(() => vi.useRealTimers());

describe('LineRegions', () => {
  it('creates regions only for the lines in and near the view, named region-<lineId>', () => {
    // View 0–20 s, margin 10 s: lines 0..14.
    expect(plugin.live().map((region) => region.id)).toEqual(Array.from({ length: 15 }, (_, i) => `L${i}`));
    const first = plugin.byId('L0');
    expect(first.element.getAttribute('data-testid')).toBe('region-L0');
    expect(first.element.getAttribute('aria-label')).toBe('label L0');
    expect([first.start, first.end]).toEqual([0, 1]);
  });

  it('tints overrun lines and highlights the selected one', () => {
    expect(plugin.byId('L3').color).toBe(REGION_COLORS.overrun);
    expect(plugin.byId('L3').element.getAttribute('data-overrun')).toBe('true');
    regions.setLines(lines, 'L5');
    expect(plugin.byId('L5').color).toBe(REGION_COLORS.selected);
    expect(plugin.byId('L5').element.getAttribute('data-selected')).toBe('true');
    expect(plugin.byId('L4').color).toBe(REGION_COLORS.line);
  });

  it('names again only the regions whose line or selection changed, and all of them when the language does', () => {
    const label = vi.fn((line: SubtitleLine) => `label ${line.id}`);
    events.label = label;
    const edited = lines.map((line) => (line.id === 'L2' ? { ...line, text: 'edited' } : line));
    regions.setLines(edited, 'L5');
    expect(label.mock.calls.map(([line]) => line.id).sort()).toEqual(['L2', 'L5']);
    label.mockClear();
    events.label = (line) => `nom ${line.id}`;
    regions.relabel();
    expect(plugin.byId('L7').element.getAttribute('aria-label')).toBe('nom L7');
    expect(plugin.byId('L5').element.getAttribute('data-selected')).toBe('true');
  });

  it('moves its regions with the view: far lines removed, new ones created, small scrolls nothing', () => {
    const created = plugin.regions.length;
    view = { fromMs: 1000, toMs: 21_000, pxPerSec: 60 };
    regions.refresh();
    expect(plugin.regions.length).toBe(created);
    view = { fromMs: 100_000, toMs: 120_000, pxPerSec: 60 };
    regions.refresh();
    expect(plugin.byId('L0')).toBeUndefined();
    expect(plugin.byId('L50')).toBeDefined();
    expect(regions.count()).toBe(plugin.live().length);
  });

  it('gathers the regions around the playhead when more lines are in view than regions', () => {
    view = { fromMs: 0, toMs: DURATION, pxPerSec: 0.5 };
    regions.refresh();
    expect(plugin.byId('L500')).toBeDefined(); // the middle of the view
    regions.setPlayhead(1_800_000); // line 900, on screen
    expect(plugin.byId('L900')).toBeDefined();
    expect(plugin.byId('L500')).toBeUndefined();
  });

  it('keeps the selected line\'s region even far from the view', () => {
    regions.setLines(lines, 'L900');
    expect(plugin.byId('L900')).toBeDefined();
  });

  it('stops a dragged region at its neighbour while the pointer moves on', () => {
    const region = plugin.byId('L2'); // 4–5 s, neighbours end 3 s and start 6 s
    region.setOptions({ start: 5.5, end: 6.5 });
    plugin.emit('region-update', region);
    expect([region.start, region.end]).toEqual([5, 6]);
    region.setOptions({ start: 3.5 });
    plugin.emit('region-update', region, 'start');
    expect(region.start).toBe(3.5);
    region.setOptions({ start: 2 });
    plugin.emit('region-update', region, 'start');
    expect(region.start).toBe(3);
  });

  it('reports one retime when the drag ends, and nothing for a drop where it was', () => {
    const region = plugin.byId('L2');
    region.setOptions({ start: 4.25, end: 5.75 });
    plugin.emit('region-updated', region, 'end');
    expect(events.onRetime).toHaveBeenCalledWith('L2', 4250, 5750);
    events.onRetime.mockClear();
    const still = plugin.byId('L7');
    plugin.emit('region-updated', still);
    expect(events.onRetime).not.toHaveBeenCalled();
  });

  it('puts a dropped region back where its line is when the lines do not follow', () => {
    const region = plugin.byId('L2');
    region.setOptions({ start: 4.5, end: 5.5 });
    plugin.emit('region-updated', region);
    vi.advanceTimersByTime(UNCONFIRMED_RETIME_MS);
    expect([region.start, region.end]).toEqual([4, 5]);
  });

  it('takes the new times when the lines follow the retime', () => {
    const region = plugin.byId('L2');
    region.setOptions({ start: 4.5, end: 5.5 });
    plugin.emit('region-updated', region);
    regions.setLines(lines.map((line) => (line.id === 'L2' ? { ...line, startMs: 4500, endMs: 5500 } : line)), null);
    vi.advanceTimersByTime(UNCONFIRMED_RETIME_MS);
    expect([region.start, region.end]).toEqual([4.5, 5.5]);
  });

  it('selects a line when its region is clicked', () => {
    plugin.emit('region-clicked', plugin.byId('L4'), new MouseEvent('click'));
    expect(events.onSelect).toHaveBeenCalledWith('L4');
  });

  it('removes every region and stops listening when destroyed', () => {
    regions.destroy();
    expect(plugin.live()).toEqual([]);
    plugin.emit('region-clicked', plugin.regions[0], new MouseEvent('click'));
    expect(events.onSelect).not.toHaveBeenCalled();
  });
});
