// The dub editor's timeline, for the screen (src/routes/dub-editor) to place and wire.
export { Timeline, type TimelineHandle, type TimelineProps } from './Timeline';
export { FIT, MAX_PX_PER_SEC, stepZoom, effectiveZoom, fitPxPerSec, maxPxPerSec } from './zoom';
export { clampRetime, boundsOf, MIN_REGION_MS } from './clamp-retime';
export type { PeaksSource, PeaksFeed, PeaksView, LanePeaks } from '../../../streams/dub-peaks.types';
