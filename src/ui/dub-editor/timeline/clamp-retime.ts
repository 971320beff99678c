// Live rules for dragging a line's region on the timeline (issue 13 §1, features §5 Dub editor): a
// region cannot overlap its neighbours, leave the media or turn inside out. The subtitleEditor machine
// judges the final retime; this keeps what the user sees while dragging within what it will accept.

/** The shortest a region may be made by dragging: still wide enough to grab at frame zoom. */
export const MIN_REGION_MS = 100;

export interface TimeSpan {
  startMs: number;
  endMs: number;
}

/** Where a line may go: after the previous line's end, before the next line's start. */
export interface RetimeBounds {
  minStartMs: number;
  maxEndMs: number;
}

/** What is being dragged: the whole region, or one of its edges. */
export type RetimeMode = 'move' | 'start' | 'end';

/** The bounds of lines[index] among lines sorted by start: its neighbours' edges, else the media's. */
export function boundsOf(lines: readonly TimeSpan[], index: number, durationMs: number): RetimeBounds {
  const previous = lines[index - 1];
  const next = lines[index + 1];
  return {
    minStartMs: previous ? Math.max(0, previous.endMs) : 0,
    maxEndMs: next ? Math.min(durationMs, next.startMs) : durationMs,
  };
}

/**
 * The proposal pulled back inside the bounds, in whole milliseconds. A moved region keeps its length
 * (shortened only when the gap is shorter) and stops at the neighbour it runs into; a dragged edge
 * stops at the neighbour and at MIN_REGION_MS from the other edge (less only when the gap is smaller).
 */
export function clampRetime(proposal: TimeSpan, bounds: RetimeBounds, mode: RetimeMode, minMs = MIN_REGION_MS): TimeSpan {
  const low = Math.round(bounds.minStartMs);
  const high = Math.max(low, Math.round(bounds.maxEndMs));
  const room = high - low;
  const start = Math.round(proposal.startMs);
  const end = Math.round(proposal.endMs);
  if (mode === 'move') {
    const length = Math.min(Math.max(end - start, Math.min(minMs, room)), room);
    const startMs = Math.min(Math.max(start, low), high - length);
    return { startMs, endMs: startMs + length };
  }
  const shortest = Math.min(minMs, room);
  if (mode === 'start') {
    const endMs = Math.min(Math.max(end, low + shortest), high);
    return { startMs: Math.min(Math.max(start, low), endMs - shortest), endMs };
  }
  const startMs = Math.max(Math.min(start, high - shortest), low);
  return { startMs, endMs: Math.max(Math.min(end, high), startMs + shortest) };
}
