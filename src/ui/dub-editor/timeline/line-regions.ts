// The lines as regions on the original lane: created only in and near the view (region-window.ts),
// dragged and resized within their neighbours while the pointer moves (clamp-retime.ts), reported
// once when the drag ends. The lines passed in are the truth: a retime the screen's machine refuses
// (or has not applied within a moment) puts the region back where its line is.
import type RegionsPlugin from 'wavesurfer.js/dist/plugins/regions.esm.js';
import type { Region } from 'wavesurfer.js/dist/plugins/regions.esm.js';
import type { SubtitleLine } from '../../../shared/contract/transcript';
import { boundsOf, clampRetime, MIN_REGION_MS, type RetimeMode, type TimeSpan } from './clamp-retime';
import { MAX_REGIONS, REGION_MARGIN, regionChanges, regionWindow, windowServes, type RegionWindow } from './region-window';
import type { WaveLane } from './wave-lane';

export type RegionsPluginInstance = ReturnType<typeof RegionsPlugin.create>;

export const REGION_COLORS = {
  line: 'rgba(49, 130, 206, 0.22)',
  selected: 'rgba(221, 107, 32, 0.40)',
  overrun: 'rgba(229, 62, 62, 0.30)',
  overrunEdge: 'inset 0 -4px 0 rgb(229, 62, 62)',
};
/** How long a dropped region may sit where the lines do not put it before it goes back. */
export const UNCONFIRMED_RETIME_MS = 1500;

export interface LineRegionsEvents {
  onSelect(lineId: string): void;
  onRetime(lineId: string, startMs: number, endMs: number): void;
  /** The accessible name of a line's region (translated by the component). */
  label(line: SubtitleLine): string;
}

function isOverrun(line: SubtitleLine): boolean {
  return (line.overrunMs ?? 0) > 0;
}

export class LineRegions {
  private lines: readonly SubtitleLine[] = [];
  /** Built when first asked after new lines (a drag, a late retime): an edit of 5,000 lines needs none. */
  private readonly indexById = new Map<string, number>();
  private indexedLines: readonly SubtitleLine[] | null = null;
  private selectedId: string | null = null;
  private playheadMs: number | null = null;
  private readonly shown = new Map<string, Region>();
  private window: RegionWindow | null = null;
  private readonly unconfirmed = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly stops: Array<() => void> = [];
  /** The line and selection each region's element last showed: an edit re-places every shown region,
   * and rewriting the same label and attributes on ~150 elements (a translation each) is wasted work. */
  private drawn = new WeakMap<Region, { line: SubtitleLine; selected: boolean }>();

  constructor(
    private readonly plugin: RegionsPluginInstance,
    private readonly lane: WaveLane,
    private readonly durationMs: number,
    private readonly events: LineRegionsEvents,
  ) {
    this.stops.push(
      plugin.on('region-update', (region, side) => this.keepInBounds(region, side ?? 'move')),
      plugin.on('region-updated', (region, side) => this.dropped(region, side ?? 'move')),
      plugin.on('region-clicked', (region) => this.events.onSelect(region.id)),
    );
  }

  /** New lines or selection: every shown region takes its line's times and looks; the window is redone. */
  setLines(lines: readonly SubtitleLine[], selectedId: string | null): void {
    this.lines = lines;
    this.selectedId = selectedId;
    for (const timer of this.unconfirmed.values()) clearTimeout(timer);
    this.unconfirmed.clear();
    this.window = null;
    this.refresh();
    // The window names the lines its regions show (dragged regions kept outside it are left alone).
    // (TypeScript still sees the null set above; refresh() has set it when the lane has a view.)
    const served = this.window as RegionWindow | null;
    if (served) {
      for (const index of served.indexes) {
        const line = lines[index]!;
        const region = this.shown.get(line.id);
        if (region && !region.isDragging) this.place(region, line);
      }
      return;
    }
    for (const [id, region] of this.shown) {
      const line = this.lineOf(id);
      if (line && !region.isDragging) this.place(region, line);
    }
  }

  /** The labels' language changed: every shown region writes its name again. */
  relabel(): void {
    this.drawn = new WeakMap();
    for (const [id, region] of this.shown) {
      const line = this.lineOf(id);
      if (line && !region.isDragging) this.place(region, line);
    }
  }

  /** Where the playhead is: with more lines in view than regions, the regions gather around it. */
  setPlayhead(ms: number): void {
    this.playheadMs = ms;
    // Only a window cut down to the budget can miss a playhead that is on screen: then it follows.
    if (!this.window || (ms >= this.window.fromMs && ms <= this.window.toMs)) return;
    const view = this.lane.view();
    if (view && ms >= view.fromMs && ms <= view.toMs) {
      this.window = null;
      this.refresh();
    }
  }

  /** After a scroll, zoom or resize: regions for the new view when it left the current window. */
  refresh(): void {
    const view = this.lane.view();
    if (!view) return;
    const span: TimeSpan = { startMs: view.fromMs, endMs: view.toMs };
    if (windowServes(this.window, span)) return;
    const selectedId = this.selectedId;
    const selectedIndex = selectedId === null ? -1 : this.lines.findIndex((line) => line.id === selectedId);
    this.window = regionWindow(this.lines, span, selectedIndex, MAX_REGIONS, REGION_MARGIN, this.playheadMs);
    // The window's own lines by id: looking the added ones up in an index of every line would rebuild
    // that index (5,000 entries) after each edit.
    const wanted = new Map(this.window.indexes.map((index) => [this.lines[index]!.id, this.lines[index]!]));
    const { add, remove } = regionChanges(new Set(this.shown.keys()), [...wanted.keys()]);
    for (const id of remove) {
      const region = this.shown.get(id)!;
      if (region.isDragging) continue;
      region.remove();
      this.shown.delete(id);
    }
    for (const id of add) {
      const line = wanted.get(id);
      if (line) this.create(line);
    }
  }

  /** How many regions exist now (the DOM budget's share of the timeline). */
  count(): number {
    return this.shown.size;
  }

  destroy(): void {
    for (const stop of this.stops) stop();
    for (const timer of this.unconfirmed.values()) clearTimeout(timer);
    this.plugin.clearRegions();
    this.shown.clear();
  }

  private indexOf(id: string): number | undefined {
    if (this.indexedLines !== this.lines) {
      this.indexById.clear();
      this.lines.forEach((line, index) => this.indexById.set(line.id, index));
      this.indexedLines = this.lines;
    }
    return this.indexById.get(id);
  }

  private lineOf(id: string): SubtitleLine | undefined {
    const index = this.indexOf(id);
    return index === undefined ? undefined : this.lines[index];
  }

  private create(line: SubtitleLine): void {
    const region = this.plugin.addRegion({
      id: line.id,
      start: line.startMs / 1000,
      end: line.endMs / 1000,
      drag: true,
      resize: true,
      minLength: Math.min(MIN_REGION_MS, Math.max(0, line.endMs - line.startMs)) / 1000,
      color: REGION_COLORS.line,
    });
    region.element?.setAttribute('data-testid', `region-${line.id}`);
    this.shown.set(line.id, region);
    this.place(region, line);
  }

  /** Times, colour and name of a region from its line. */
  private place(region: Region, line: SubtitleLine): void {
    const start = line.startMs / 1000;
    const end = line.endMs / 1000;
    const selected = line.id === this.selectedId;
    const color = selected ? REGION_COLORS.selected : isOverrun(line) ? REGION_COLORS.overrun : REGION_COLORS.line;
    // A region given times draws itself again and its plugin reads the lane's width (a forced layout
    // right after the edit's DOM changes): a selection moving or an overrun changing only recolours.
    if (Math.abs(region.start - start) > 0.0005 || Math.abs(region.end - end) > 0.0005) region.setOptions({ start, end, color });
    else if (region.color !== color) region.setOptions({ color });
    const element = region.element;
    if (!element) return;
    const drawn = this.drawn.get(region);
    if (drawn && drawn.line === line && drawn.selected === selected) return;
    this.drawn.set(region, { line, selected });
    element.setAttribute('aria-label', this.events.label(line));
    element.setAttribute('role', 'group');
    element.setAttribute('data-selected', String(selected));
    element.setAttribute('data-overrun', String(isOverrun(line)));
    element.style.boxShadow = isOverrun(line) ? REGION_COLORS.overrunEdge : '';
    element.style.zIndex = selected ? '1' : '';
  }

  private clamped(region: Region, mode: RetimeMode): TimeSpan | null {
    const index = this.indexOf(region.id);
    if (index === undefined) return null;
    return clampRetime({ startMs: region.start * 1000, endMs: region.end * 1000 }, boundsOf(this.lines, index, this.durationMs), mode);
  }

  /** While dragging: never over a neighbour, outside the media or inside out. */
  private keepInBounds(region: Region, mode: RetimeMode): void {
    const span = this.clamped(region, mode);
    if (!span) return;
    if (Math.abs(span.startMs - region.start * 1000) > 0.5 || Math.abs(span.endMs - region.end * 1000) > 0.5) {
      region.setOptions({ start: span.startMs / 1000, end: span.endMs / 1000 });
    }
  }

  /** Drag ended: one retime for the machine to judge, unless nothing moved. */
  private dropped(region: Region, mode: RetimeMode): void {
    const span = this.clamped(region, mode);
    const line = this.lineOf(region.id);
    if (!span || !line) return;
    if (span.startMs === line.startMs && span.endMs === line.endMs) {
      this.place(region, line);
      return;
    }
    this.events.onRetime(line.id, span.startMs, span.endMs);
    // New lines clear this; without them the region goes back to where its line still is.
    clearTimeout(this.unconfirmed.get(line.id));
    this.unconfirmed.set(
      line.id,
      setTimeout(() => {
        this.unconfirmed.delete(line.id);
        const current = this.lineOf(line.id);
        const shown = this.shown.get(line.id);
        if (current && shown && !shown.isDragging) this.place(shown, current);
      }, UNCONFIRMED_RETIME_MS),
    );
  }
}
