// The dub editor's waveform peaks (contract: dubbingPeaks → DubPeaks) as the peaks stream
// (dub-peaks$.ts) serves them to the timeline. Types only, declared by the stream that produces them:
// the api call decodes the answer into a PeaksWindow, the stream caches windows per lane and the ui
// draws them (ui/dub-editor imports this file type-only, the one kind of import it may make of a lower
// layer, .dependency-cruiser.cjs). Client-only: the server never reads these shapes.
import type { components } from '../api/schema';

export type DubPeaks = components['schemas']['DubPeaks'];
export type DubTrack = DubPeaks['track'];

/** One decoded window of one level: `pairs` holds min, max, min, max, … one pair per point. */
export interface PeaksWindow {
  track: DubTrack;
  /** Points per second of this window (the level the server served). */
  level: number;
  fromMs: number;
  toMs: number;
  durationMs: number;
  /** Every level the server keeps, ascending. */
  levels: number[];
  pairs: Int8Array;
}

/** Everything a lane has received so far, finest level first (the order the drawing prefers). */
export interface LanePeaks {
  track: DubTrack;
  durationMs: number;
  windows: PeaksWindow[];
  /** The last request failed (no dubbed audio yet, or the server could not read the media). */
  failed: boolean;
}

/** What a lane shows: the time span on screen and how many CSS pixels one second takes. */
export interface PeaksView {
  fromMs: number;
  toMs: number;
  pxPerSec: number;
}

/**
 * How the timeline asks for peaks without importing the stream that fetches them: it opens one feed
 * per lane, tells it each view it shows and is called back with the lane's peaks as they arrive.
 */
export interface PeaksFeed {
  show(view: PeaksView): void;
  close(): void;
}
export type PeaksSource = (track: DubTrack, onPeaks: (peaks: LanePeaks) => void) => PeaksFeed;
