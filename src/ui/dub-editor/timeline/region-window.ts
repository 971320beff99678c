// Which lines get a region on the timeline (issue 13 §1: 5,000 lines over 4 hours, under 1,500 DOM
// nodes for the whole screen). Only lines in or near the visible span get one, at most a fixed number
// (three nodes each: the region and its two handles), centred on the playhead when it is in view (so
// a fitted 4-hour view has its regions where the user works), else on the view; the selected line always
// gets one so it stays highlighted and draggable. A window reaching half a view beyond each side
// means small scrolls do not rebuild regions.
import type { TimeSpan } from './clamp-retime';

export const MAX_REGIONS = 150;
/** How far beyond each side of the view regions are kept, in views. */
export const REGION_MARGIN = 0.5;

export interface RegionWindow {
  /** The time span this set of regions serves: while the view stays inside it nothing is rebuilt. */
  fromMs: number;
  toMs: number;
  /** Indexes into the lines (sorted by start), ascending. */
  indexes: number[];
}

/** First index whose start is at or after `ms` (lines sorted by start). */
function firstStartingAt(lines: readonly TimeSpan[], ms: number): number {
  let low = 0;
  let high = lines.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (lines[mid]!.startMs < ms) low = mid + 1;
    else high = mid;
  }
  return low;
}

export function regionWindow(
  lines: readonly TimeSpan[],
  view: TimeSpan,
  selectedIndex = -1,
  maxRegions = MAX_REGIONS,
  margin = REGION_MARGIN,
  focusMs: number | null = null,
): RegionWindow {
  const span = Math.max(0, view.endMs - view.startMs);
  let fromMs = view.startMs - span * margin;
  let toMs = view.endMs + span * margin;
  let first = firstStartingAt(lines, fromMs);
  if (first > 0 && lines[first - 1]!.endMs > fromMs) first -= 1; // the line running into the window
  let last = firstStartingAt(lines, toMs) - 1;
  if (last - first + 1 > maxRegions) {
    // Too many to draw: the ones nearest the playhead (or the middle of the view), and the window shrinks to them.
    const focus = focusMs !== null && focusMs >= view.startMs && focusMs <= view.endMs ? focusMs : (view.startMs + view.endMs) / 2;
    const middle = Math.min(last, Math.max(first, firstStartingAt(lines, focus)));
    first = Math.max(first, Math.min(middle - Math.floor(maxRegions / 2), last - maxRegions + 1));
    last = first + maxRegions - 1;
    fromMs = Math.max(fromMs, lines[first]!.startMs);
    toMs = Math.min(toMs, lines[last]!.endMs);
  }
  const indexes: number[] = [];
  if (selectedIndex >= 0 && selectedIndex < first) indexes.push(selectedIndex);
  for (let i = first; i <= last; i++) indexes.push(i);
  if (selectedIndex > last && selectedIndex < lines.length) indexes.push(selectedIndex);
  return { fromMs, toMs, indexes };
}

/** True while the view is still served by the window (no region to add or remove). */
export function windowServes(window: RegionWindow | null, view: TimeSpan): boolean {
  return !!window && view.startMs >= window.fromMs && view.endMs <= window.toMs;
}

/** The regions to create and to remove to go from the ids shown to the ids wanted. */
export function regionChanges(shown: ReadonlySet<string>, wanted: readonly string[]): { add: string[]; remove: string[] } {
  const want = new Set(wanted);
  return { add: wanted.filter((id) => !shown.has(id)), remove: [...shown].filter((id) => !want.has(id)) };
}
