// The dub editor's timeline (issue 13 §1): a ruler, the original audio lane carrying the lines as
// regions, and the dubbed audio lane, on one time axis and scrolled together. Presentational: the
// screen owns the lines, the selection, the zoom and the media clock (currentMs from the video), and
// hears seeks, selections, retimes and zooms back. Peaks come from the PeaksSource the screen passes
// (the stream over the server's peaks); this component never decodes media.
import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { memo, useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState, type Ref, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import RegionsPlugin from 'wavesurfer.js/dist/plugins/regions.esm.js';
import ZoomPlugin from 'wavesurfer.js/dist/plugins/zoom.esm.js';
import type { DubTrack, LanePeaks, PeaksFeed, PeaksSource } from '../../../streams/dub-peaks.types';
import type { SubtitleLine } from '../../../shared/contract/transcript';
import { rememberedT } from '../../common/remembered-translation';
import { LineRegions } from './line-regions';
import { drawRuler, rulerLabel } from './ruler';
import { WaveLane } from './wave-lane';
import { effectiveZoom, FIT, fitPxPerSec, maxPxPerSec, stepZoom } from './zoom';

/** What keyboard shortcuts drive (the screen keeps a ref): the same steps as the buttons. */
export interface TimelineHandle {
  zoomIn(): void;
  zoomOut(): void;
  fit(): void;
}

export interface TimelineProps {
  taskId: string;
  durationMs: number;
  /** Sorted by start (the machine keeps them so). */
  lines: readonly SubtitleLine[];
  selectedLineId: string | null;
  /** The video's position: the playhead follows it. */
  currentMs: number;
  /** CSS pixels per second of media; 0 (FIT) shows the whole video. */
  zoom: number;
  /** Keep it the same object for a task (create it once): a new source rebuilds both lanes. */
  peaks: PeaksSource;
  onSeek(ms: number): void;
  onSelect(lineId: string): void;
  onRetime(lineId: string, startMs: number, endMs: number): void;
  onZoom(pxPerSec: number): void;
  ref?: Ref<TimelineHandle>;
}

const RULER_HEIGHT = 20;
const ORIGINAL_HEIGHT = 72;
const DUBBED_HEIGHT = 56;
const COLORS = { original: '#3182ce', dubbed: '#38a169', cursor: '#dd6b20', ruler: '#718096' };
const TRACKS: readonly DubTrack[] = ['original', 'dubbed'];

type LaneState = Record<DubTrack, 'loading' | 'ready' | 'failed'>;

function laneState(peaks: LanePeaks): 'loading' | 'ready' | 'failed' {
  if (peaks.windows.length > 0) return 'ready';
  return peaks.failed ? 'failed' : 'loading';
}

export function Timeline(props: TimelineProps) {
  const { t } = useTranslation('dubTimeline');
  const latest = useRef(props);
  latest.current = props;
  const originalRef = useRef<HTMLDivElement>(null);
  const dubbedRef = useRef<HTMLDivElement>(null);
  const rulerRef = useRef<HTMLCanvasElement>(null);
  const lanesRef = useRef<Record<DubTrack, WaveLane> | null>(null);
  const regionsRef = useRef<LineRegions | null>(null);
  const [lanes, setLanes] = useState<LaneState>({ original: 'loading', dubbed: 'loading' });
  const label = useMemo(
    () => (line: SubtitleLine) =>
      rememberedT(t, (line.overrunMs ?? 0) > 0 ? 'regionOverrun' : 'region', {
        start: rulerLabel(line.startMs, 1),
        end: rulerLabel(line.endMs, 1),
        text: line.translation || line.text,
      }),
    [t],
  );
  const labelRef = useRef(label);
  labelRef.current = label;

  const { taskId, durationMs, peaks } = props;
  useEffect(() => {
    const originalBox = originalRef.current;
    const dubbedBox = dubbedRef.current;
    if (!originalBox || !dubbedBox) return;
    const mounted = mountLanes({
      originalBox,
      dubbedBox,
      rulerRef,
      durationMs,
      peaks,
      latest,
      label: (line) => labelRef.current(line),
      onLaneState: (track, state) => setLanes((lanesNow) => ({ ...lanesNow, [track]: state })),
    });
    lanesRef.current = mounted.lanes;
    regionsRef.current = mounted.regions;
    return () => {
      mounted.destroy();
      lanesRef.current = null;
      regionsRef.current = null;
    };
  }, [taskId, durationMs, peaks]);

  const { lines, selectedLineId, currentMs, zoom } = props;
  const labelled = useRef(label);
  useEffect(() => {
    regionsRef.current?.setLines(lines, selectedLineId);
    if (labelled.current !== label) {
      labelled.current = label;
      regionsRef.current?.relabel();
    }
  }, [lines, selectedLineId, label]);

  // A line selected elsewhere (the list, a shortcut) is brought into view when it is off screen.
  useEffect(() => {
    const line = selectedLineId === null ? undefined : latest.current.lines.find((candidate) => candidate.id === selectedLineId);
    if (line) lanesRef.current?.original.reveal(line.startMs);
  }, [selectedLineId]);

  useEffect(() => {
    const lanesNow = lanesRef.current;
    if (!lanesNow) return;
    regionsRef.current?.setPlayhead(currentMs);
    lanesNow.original.setTime(currentMs);
    lanesNow.dubbed.setTime(currentMs);
  }, [currentMs]);

  useEffect(() => {
    const lanesNow = lanesRef.current;
    if (!lanesNow) return;
    const pxPerSec = Math.min(zoom, maxPxPerSec(durationMs));
    const changed = lanesNow.original.setZoom(pxPerSec);
    lanesNow.dubbed.setZoom(pxPerSec);
    // A wheel zoom came back equal (it keeps the point under the pointer); a button or shortcut zoom
    // brings the playhead into view. The dubbed lane follows the scroll.
    if (changed) lanesNow.original.reveal(latest.current.currentMs);
  }, [zoom, durationMs]);

  // The lane's width from the lane's kept measurements: reading the box's clientWidth here, while
  // rendering an edit, forced a layout of the page that the list had just changed.
  const widthPx = () => lanesRef.current?.original.width() ?? 0;
  const step = useCallback((direction: 'in' | 'out') => latest.current.onZoom(stepZoom(latest.current.zoom, direction, latest.current.durationMs, lanesRef.current?.original.width() ?? 0)), []);
  const fit = useCallback(() => latest.current.onZoom(FIT), []);
  useImperativeHandle(props.ref, () => ({ zoomIn: () => step('in'), zoomOut: () => step('out'), fit }), [step, fit]);
  const width = widthPx();
  const drawn = effectiveZoom(zoom, durationMs, width);

  return (
    <TimelineChrome
      t={t}
      canZoomOut={!(drawn <= fitPxPerSec(durationMs, width) * 1.0001)}
      canZoomIn={!(drawn >= maxPxPerSec(durationMs))}
      onStep={step}
      onFit={fit}
      lanes={lanes}
      rulerRef={rulerRef}
      originalRef={originalRef}
      dubbedRef={dubbedRef}
    />
  );
}

interface LaneMount {
  originalBox: HTMLDivElement;
  dubbedBox: HTMLDivElement;
  rulerRef: RefObject<HTMLCanvasElement | null>;
  durationMs: number;
  peaks: PeaksSource;
  /** The component's latest props: the lanes' events read the callbacks and the clock from it. */
  latest: RefObject<TimelineProps>;
  label(line: SubtitleLine): string;
  onLaneState(track: DubTrack, state: LaneState[DubTrack]): void;
}

/**
 * Builds both wavesurfer lanes of one task, the line regions on the original, and the wiring between
 * them (one scroll and zoom for both, peaks asked for what is on screen, the ruler redrawn): all that
 * lives outside React. The Timeline keeps the lanes and the regions, and destroys them with the task.
 */
function mountLanes({ originalBox, dubbedBox, rulerRef, durationMs, peaks, latest, label, onLaneState }: LaneMount) {
  const zoom = Math.min(latest.current.zoom, maxPxPerSec(durationMs));
  const regionsPlugin = RegionsPlugin.create();
  const zoomPlugin = () => ZoomPlugin.create({ maxZoom: maxPxPerSec(durationMs), exponentialZooming: true, iterations: 24 });
  const original = new WaveLane({
    container: originalBox,
    durationMs,
    height: ORIGINAL_HEIGHT,
    zoom,
    waveColor: COLORS.original,
    cursorColor: COLORS.cursor,
    plugins: [regionsPlugin, zoomPlugin()],
  });
  const dubbed = new WaveLane({
    container: dubbedBox,
    durationMs,
    height: DUBBED_HEIGHT,
    zoom,
    waveColor: COLORS.dubbed,
    cursorColor: COLORS.cursor,
    plugins: [zoomPlugin()],
  });
  const byTrack: Record<DubTrack, WaveLane> = { original, dubbed };
  const regions = new LineRegions(regionsPlugin, original, durationMs, {
    onSelect: (lineId) => latest.current.onSelect(lineId),
    onRetime: (lineId, startMs, endMs) => latest.current.onRetime(lineId, startMs, endMs),
    label,
  });
  regions.setPlayhead(latest.current.currentMs);
  regions.setLines(latest.current.lines, latest.current.selectedLineId);

  const feeds: Record<DubTrack, PeaksFeed> = {
    original: peaks('original', (lane) => {
      original.setPeaks(lane);
      onLaneState('original', laneState(lane));
    }),
    dubbed: peaks('dubbed', (lane) => {
      dubbed.setPeaks(lane);
      onLaneState('dubbed', laneState(lane));
    }),
  };

  // Everything that depends on what is on screen, once per frame at most.
  let frame = 0;
  const viewChanged = () => {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      const view = original.view();
      if (!view) return;
      for (const track of TRACKS) {
        const laneView = byTrack[track].view();
        if (laneView) feeds[track].show(laneView);
      }
      regions.refresh();
      if (rulerRef.current) drawRuler(rulerRef.current, view.fromMs, view.pxPerSec, COLORS.ruler);
    });
  };

  const stops: Array<() => void> = [];
  for (const [self, other] of [
    [original, dubbed],
    [dubbed, original],
  ] as const) {
    stops.push(
      // One scroll position for both lanes (the other's echo finds it equal and stops).
      self.ws.on('scroll', (_from, _to, left) => {
        if (other.ws.getScroll() !== left) other.ws.setScroll(left);
        viewChanged();
      }),
      // Wheel or pinch on either lane: the other follows and the screen hears the new zoom.
      self.ws.on('zoom', (pxPerSec) => {
        other.setZoom(pxPerSec);
        if (pxPerSec !== latest.current.zoom) latest.current.onZoom(pxPerSec);
        viewChanged();
      }),
      self.ws.on('interaction', (seconds) => latest.current.onSeek(Math.round(seconds * 1000))),
      self.ws.on('resize', viewChanged),
      self.ws.on('redraw', viewChanged),
      self.ws.on('ready', () => {
        self.setTime(latest.current.currentMs);
        viewChanged();
      }),
    );
  }
  viewChanged();

  const destroy = () => {
    if (frame) cancelAnimationFrame(frame);
    for (const stop of stops) stop();
    feeds.original.close();
    feeds.dubbed.close();
    regions.destroy();
    original.destroy();
    dubbed.destroy();
  };
  return { lanes: byTrack, regions, destroy };
}

interface ChromeProps {
  t: (key: string) => string;
  canZoomOut: boolean;
  canZoomIn: boolean;
  onStep(direction: 'in' | 'out'): void;
  onFit(): void;
  lanes: LaneState;
  rulerRef: Ref<HTMLCanvasElement>;
  originalRef: Ref<HTMLDivElement>;
  dubbedRef: Ref<HTMLDivElement>;
}

/** The toolbar, ruler and lanes' boxes: memoised, so an edit or the playhead moving leaves them alone. */
const TimelineChrome = memo(function TimelineChrome({ t, canZoomOut, canZoomIn, onStep, onFit, lanes, rulerRef, originalRef, dubbedRef }: ChromeProps) {
  return (
    <Box role="region" aria-label={t('timeline')} data-testid="dub-timeline" borderWidth="1px" borderRadius="md" p="2">
      <HStack gap="1" mb="1" justify="flex-end">
        <Button size="xs" variant="outline" aria-label={t('zoomOut')} data-testid="timeline-zoom-out" onClick={() => onStep('out')} disabled={!canZoomOut}>
          −
        </Button>
        <Button size="xs" variant="outline" aria-label={t('zoomIn')} data-testid="timeline-zoom-in" onClick={() => onStep('in')} disabled={!canZoomIn}>
          +
        </Button>
        <Button size="xs" variant="outline" data-testid="timeline-zoom-fit" onClick={onFit}>
          {t('zoomFit')}
        </Button>
      </HStack>
      <canvas ref={rulerRef} aria-label={t('ruler')} role="img" style={{ display: 'block', width: '100%', height: RULER_HEIGHT }} />
      <Lane label={t('originalLane')} testId="timeline-lane-original" state={lanes.original} height={ORIGINAL_HEIGHT} boxRef={originalRef} t={t} />
      <Lane label={t('dubbedLane')} testId="timeline-lane-dubbed" state={lanes.dubbed} height={DUBBED_HEIGHT} boxRef={dubbedRef} t={t} />
    </Box>
  );
});

interface LaneProps {
  label: string;
  testId: string;
  state: 'loading' | 'ready' | 'failed';
  height: number;
  boxRef: Ref<HTMLDivElement>;
  t: (key: string) => string;
}

function Lane({ label, testId, state, height, boxRef, t }: LaneProps) {
  return (
    <Box role="group" aria-label={label} data-testid={testId} data-state={state} position="relative" mt="1">
      {/* Above wavesurfer's regions layer (z-index 5 inside the lane), never in the way of a drag. */}
      <Text fontSize="xs" color="fg.muted" bg="bg/80" px="1" borderRadius="sm" position="absolute" top="0" left="1" zIndex="10" pointerEvents="none">
        {label}
        {state === 'loading' ? ` · ${t('peaksLoading')}` : state === 'failed' ? ` · ${t('peaksFailed')}` : ''}
      </Text>
      <div ref={boxRef} style={{ minHeight: height }} />
    </Box>
  );
}
