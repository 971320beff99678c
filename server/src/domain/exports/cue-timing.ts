// Broadcast timing rules for subtitle files (SRT, WebVTT), applied when a transcript is exported;
// the stored lines keep the times the recogniser or the editor gave them.
//   - no two cues overlap: a player shows overlapping cues stacked, or drops one;
//   - consecutive cues are at least two frames apart (80 ms at 25 fps), so a viewer sees the change
//     of subtitle (Netflix and the BBC both ask for 2 frames);
//   - a cue stays at least a second on screen, so a short word can be read: its end moves into the
//     following gap, as far as the gap allows (Netflix: 5/6 s minimum; EBU: about 1 s).
// When the rules disagree, no overlap wins over the minimum gap, which wins over the minimum duration.

export const MIN_CUE_MS = 1000;
export const MIN_GAP_MS = 80;

export interface CueTimes {
  startMs: number;
  endMs: number;
}

/** New times for cues in start order; the same count, each start unchanged. */
export function timeCues(cues: readonly CueTimes[]): CueTimes[] {
  return cues.map((cue, index) => {
    const startMs = Math.max(0, cue.startMs);
    let endMs = Math.max(startMs, cue.endMs, startMs + MIN_CUE_MS);
    const next = cues[index + 1];
    if (next) {
      // The latest end the next cue allows: two frames before it, or right at it when the next cue
      // starts sooner than that after this one (never before this cue's start).
      const latest = next.startMs - MIN_GAP_MS > startMs ? next.startMs - MIN_GAP_MS : Math.max(startMs, next.startMs);
      endMs = Math.min(endMs, latest);
    }
    return { startMs, endMs };
  });
}
