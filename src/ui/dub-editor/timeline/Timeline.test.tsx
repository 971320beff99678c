// The timeline's glue in jsdom, with wavesurfer replaced by a fake (jsdom draws no canvas): lanes
// named and fed from the PeaksSource, zoom by buttons, handle and wheel, the playhead following
// currentMs, seeks reported, and everything closed on unmount. Dragging in Chromium is F2's e2e.
import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, screen } from '@testing-library/react';
import { createRef, type ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DubTrack, LanePeaks, PeaksSource } from '../../../streams/dub-peaks.types';
import { renderUi } from '../../test-render';
import { system } from '../../theme-more-recipes';
import { Timeline, type TimelineHandle, type TimelineProps } from './Timeline';
import { FIT, ZOOM_STEP } from './zoom';

const fakes = vi.hoisted(() => {
  type Listener = (...args: unknown[]) => void;
  class FakeWaveSurfer {
    static instances: FakeWaveSurfer[] = [];
    static create(options: Record<string, unknown>) {
      const ws = new FakeWaveSurfer(options);
      FakeWaveSurfer.instances.push(ws);
      return ws;
    }
    options: Record<string, unknown>;
    listeners = new Map<string, Listener[]>();
    wrapper = document.createElement('div');
    scroll = 0;
    time = 0;
    destroyed = false;
    zooms: number[] = [];
    constructor(options: Record<string, unknown>) {
      this.options = { ...options };
    }
    on(event: string, listener: Listener) {
      this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
      return () => this.listeners.set(event, (this.listeners.get(event) ?? []).filter((l) => l !== listener));
    }
    emit(event: string, ...args: unknown[]) {
      for (const listener of this.listeners.get(event) ?? []) listener(...args);
    }
    getWrapper() {
      return this.wrapper;
    }
    getScroll() {
      return this.scroll;
    }
    setScroll(px: number) {
      this.scroll = px;
      this.emit('scroll', 0, 0, px, px);
    }
    setScrollTime() {}
    getWidth() {
      return 1000;
    }
    zoom(px: number) {
      this.options.minPxPerSec = px;
      this.zooms.push(px);
      this.emit('zoom', px);
    }
    setOptions(options: Record<string, unknown>) {
      Object.assign(this.options, options);
    }
    getDecodedData() {
      return {};
    }
    getDuration() {
      return Number(this.options.duration) || 0;
    }
    setTime(seconds: number) {
      this.time = seconds;
    }
    getCurrentTime() {
      return this.time;
    }
    destroy() {
      this.destroyed = true;
    }
  }
  const regionsPlugin = () => ({
    on: () => () => undefined,
    addRegion: (params: { id: string; start: number; end: number }) => ({ ...params, element: document.createElement('div'), isDragging: false, color: '', setOptions() {}, remove() {} }),
    clearRegions() {},
  });
  return { FakeWaveSurfer, regionsPlugin };
});

vi.mock('wavesurfer.js', () => ({ default: fakes.FakeWaveSurfer }));
vi.mock('wavesurfer.js/dist/plugins/regions.esm.js', () => ({ default: { create: fakes.regionsPlugin } }));
vi.mock('wavesurfer.js/dist/plugins/zoom.esm.js', () => ({ default: { create: () => ({}) } }));

/** What a rerender passes: the same providers renderUi put around the first render. */
const inChakra = (element: ReactElement) => <ChakraProvider value={system}>{element}</ChakraProvider>;

const DURATION = 100_000; // 100 s across 1,000 px: fit is 10 px/s

interface OpenFeed {
  track: DubTrack;
  onPeaks: (peaks: LanePeaks) => void;
  views: unknown[];
  closed: boolean;
}

function source(): { peaks: PeaksSource; feeds: OpenFeed[] } {
  const feeds: OpenFeed[] = [];
  const peaks: PeaksSource = (track, onPeaks) => {
    const feed: OpenFeed = { track, onPeaks, views: [], closed: false };
    feeds.push(feed);
    return { show: (view) => feed.views.push(view), close: () => (feed.closed = true) };
  };
  return { peaks, feeds };
}

function props(overrides: Partial<TimelineProps> = {}): TimelineProps {
  return {
    taskId: 'T1',
    durationMs: DURATION,
    lines: [{ id: 'L1', startMs: 1000, endMs: 2000, text: 'Hello' }],
    selectedLineId: null,
    currentMs: 0,
    zoom: FIT,
    peaks: source().peaks,
    onSeek: vi.fn(),
    onSelect: vi.fn(),
    onRetime: vi.fn(),
    onZoom: vi.fn(),
    ...overrides,
  };
}

beforeEach(() => {
  fakes.FakeWaveSurfer.instances = [];
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
});
afterEach(() => vi.restoreAllMocks());

describe('Timeline', () => {
  it('names its two lanes and opens a peaks feed for each, loading until peaks arrive', async () => {
    const { peaks, feeds } = source();
    await renderUi(<Timeline {...props({ peaks })} />);
    expect(screen.getByRole('region', { name: 'Timeline' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Original audio' }).getAttribute('data-state')).toBe('loading');
    expect(screen.getByRole('group', { name: 'Dubbed audio' })).toBeTruthy();
    expect(feeds.map((feed) => feed.track)).toEqual(['original', 'dubbed']);
    await act(async () => {
      feeds[0]!.onPeaks({ track: 'original', durationMs: DURATION, failed: false, windows: [{ track: 'original', level: 10, fromMs: 0, toMs: DURATION, durationMs: DURATION, levels: [10], pairs: new Int8Array(2000) }] });
      feeds[1]!.onPeaks({ track: 'dubbed', durationMs: 0, failed: true, windows: [] });
    });
    expect(screen.getByTestId('timeline-lane-original').getAttribute('data-state')).toBe('ready');
    expect(screen.getByTestId('timeline-lane-dubbed').getAttribute('data-state')).toBe('failed');
    expect(screen.getByTestId('timeline-lane-dubbed').textContent).toContain('Waveform not available');
    // wavesurfer got the overview as its own peaks: maxima then minima.
    expect((fakes.FakeWaveSurfer.instances[0]!.options.peaks as Float32Array[]).length).toBe(2);
  });

  it('creates each lane without media to decode: placeholder peaks and the duration', async () => {
    await renderUi(<Timeline {...props()} />);
    const [original, dubbed] = fakes.FakeWaveSurfer.instances;
    expect(original!.options).toMatchObject({ duration: 100, minPxPerSec: FIT, interact: true });
    expect(original!.options.url).toBeUndefined();
    expect(original!.options.media).toBeUndefined();
    expect(dubbed!.options.duration).toBe(100);
  });

  it('zooms by buttons and by the handle shortcuts drive, one step at a time, and back to fit', async () => {
    const onZoom = vi.fn();
    const ref = createRef<TimelineHandle>();
    await renderUi(<Timeline {...props({ onZoom, zoom: 15 })} ref={ref} />);
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(onZoom).toHaveBeenLastCalledWith(15 * ZOOM_STEP);
    fireEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(onZoom).toHaveBeenLastCalledWith(FIT); // 15 / 1.5 is the fitted 10 px/s
    fireEvent.click(screen.getByRole('button', { name: 'Fit the whole video' }));
    expect(onZoom).toHaveBeenLastCalledWith(FIT);
    act(() => ref.current!.zoomIn());
    expect(onZoom).toHaveBeenLastCalledWith(15 * ZOOM_STEP);
    act(() => ref.current!.fit());
    expect(onZoom).toHaveBeenLastCalledWith(FIT);
  });

  it('applies a new zoom to both lanes', async () => {
    const base = props();
    const view = await renderUi(<Timeline {...base} />);
    view.rerender(inChakra(<Timeline {...base} zoom={40} />));
    expect(fakes.FakeWaveSurfer.instances.map((ws) => ws.zooms)).toEqual([[40], [40]]);
  });

  it('reports a wheel zoom on one lane and makes the other follow', async () => {
    const onZoom = vi.fn();
    await renderUi(<Timeline {...props({ onZoom })} />);
    const [original, dubbed] = fakes.FakeWaveSurfer.instances;
    act(() => dubbed!.zoom(55));
    expect(onZoom).toHaveBeenCalledWith(55);
    expect(original!.zooms).toEqual([55]);
  });

  it('scrolls both lanes together', async () => {
    await renderUi(<Timeline {...props({ zoom: 40 })} />);
    const [original, dubbed] = fakes.FakeWaveSurfer.instances;
    act(() => original!.setScroll(1234));
    expect(dubbed!.scroll).toBe(1234);
  });

  it('moves the playhead of both lanes with currentMs and reports seeks from either', async () => {
    const onSeek = vi.fn();
    const base = props({ onSeek });
    const view = await renderUi(<Timeline {...base} />);
    view.rerender(inChakra(<Timeline {...base} currentMs={42_500} />));
    expect(fakes.FakeWaveSurfer.instances.map((ws) => ws.time)).toEqual([42.5, 42.5]);
    act(() => fakes.FakeWaveSurfer.instances[1]!.emit('interaction', 12.3456));
    expect(onSeek).toHaveBeenCalledWith(12_346);
  });

  it('brings a line selected elsewhere into view', async () => {
    const base = props({ zoom: 40, lines: [{ id: 'L9', startMs: 80_000, endMs: 81_000, text: 'Far' }] });
    const view = await renderUi(<Timeline {...base} />);
    const original = fakes.FakeWaveSurfer.instances[0]!;
    // At 40 px/s the 100 s wrapper is 4,000 px, of which the lane shows the first 1,000: 0–25 s.
    Object.defineProperty(original.wrapper, 'clientWidth', { value: 4000 });
    // wavesurfer redraws whenever its wrapper's width changes; the lane re-measures only then.
    act(() => original.emit('redraw'));
    const reveal = vi.spyOn(original, 'setScrollTime');
    view.rerender(inChakra(<Timeline {...base} selectedLineId="L9" />));
    expect(reveal).toHaveBeenCalledWith(67.5); // 80 s in the middle of a 25 s view
  });

  it('closes its feeds and destroys both lanes when unmounted', async () => {
    const { peaks, feeds } = source();
    const view = await renderUi(<Timeline {...props({ peaks })} />);
    view.unmount();
    expect(feeds.every((feed) => feed.closed)).toBe(true);
    expect(fakes.FakeWaveSurfer.instances.every((ws) => ws.destroyed)).toBe(true);
  });
});
