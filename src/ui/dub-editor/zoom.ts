// Timeline zoom as pixels per second of media: from the whole video in the lane (the fit level,
// which depends on the lane's width and the duration) to single frames (25 fps at 40 px a frame).
export const ZOOM_MAX_PX_PER_SECOND = 1000;
export const ZOOM_STEP = 2;

export function fitZoom(durationMs: number, laneWidthPx: number): number {
  return durationMs > 0 ? Math.min(ZOOM_MAX_PX_PER_SECOND, laneWidthPx / (durationMs / 1000)) : ZOOM_MAX_PX_PER_SECOND;
}

export function zoomedIn(zoom: number): number {
  return Math.min(ZOOM_MAX_PX_PER_SECOND, zoom * ZOOM_STEP);
}

export function zoomedOut(zoom: number, fit: number): number {
  return Math.max(fit, zoom / ZOOM_STEP);
}
