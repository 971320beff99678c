// Timeline zoom in CSS pixels per second of media (wavesurfer's minPxPerSec). 0 means "fit": the whole
// media across the lane. The deepest zoom shows single frames (a 25 fps frame is 80 px wide at
// 2,000 px/s) and stays under the width a browser can lay out (33.5 million px in Chromium).
export const FIT = 0;
export const MAX_PX_PER_SEC = 2000;
export const MAX_LAYOUT_PX = 30_000_000;
/** Each step in or out multiplies or divides the zoom by this. */
export const ZOOM_STEP = 1.5;

/** Pixels per second that fit `durationMs` into `widthPx`. */
export function fitPxPerSec(durationMs: number, widthPx: number): number {
  return durationMs > 0 ? widthPx / (durationMs / 1000) : 0;
}

/** The deepest zoom for this media: single frames, but never wider than the browser can lay out. */
export function maxPxPerSec(durationMs: number): number {
  return durationMs > 0 ? Math.min(MAX_PX_PER_SEC, MAX_LAYOUT_PX / (durationMs / 1000)) : MAX_PX_PER_SEC;
}

/** The zoom actually drawn: fit (or anything at or below it) as the fit value, capped at the maximum. */
export function effectiveZoom(zoom: number, durationMs: number, widthPx: number): number {
  return Math.min(maxPxPerSec(durationMs), Math.max(zoom, fitPxPerSec(durationMs, widthPx)));
}

/** One step in or out from the zoom drawn; stepping out to the fitted width gives FIT. */
export function stepZoom(zoom: number, direction: 'in' | 'out', durationMs: number, widthPx: number): number {
  const fit = fitPxPerSec(durationMs, widthPx);
  const current = effectiveZoom(zoom, durationMs, widthPx);
  const next = direction === 'in' ? current * ZOOM_STEP : current / ZOOM_STEP;
  if (next <= fit * 1.0001) return FIT;
  return Math.min(maxPxPerSec(durationMs), next);
}
