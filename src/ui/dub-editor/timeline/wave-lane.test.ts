// The lane with the real wavesurfer and regions plugin (jsdom: no canvas is drawn, but the times are
// real). Regions added before wavesurfer has loaded its placeholder peaks are clamped to 0–0 for good,
// which drew every line as a marker at 0 s in Chromium: the lane gives no view (so LineRegions adds
// none) until the duration is known, and the regions added after it span their lines.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import RegionsPlugin from 'wavesurfer.js/dist/plugins/regions.esm.js';
import type { SubtitleLine } from '../../../shared/contract/transcript';
import { LineRegions } from './line-regions';
import { WaveLane } from './wave-lane';

const DURATION_MS = 100_000;
const lines: SubtitleLine[] = [
  { id: 'L1', startMs: 1000, endMs: 2500, text: 'one' },
  { id: 'L2', startMs: 4000, endMs: 6000, text: 'two' },
];

let container: HTMLDivElement;
let lane: WaveLane | undefined;
let plugin: ReturnType<typeof RegionsPlugin.create>;

beforeEach(() => {
  // jsdom lays nothing out: give every element the width a screen would.
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
  // jsdom has no 2D context: one that accepts every drawing call and knows its canvas.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    const canvas = this;
    return new Proxy({} as Record<string | symbol, unknown>, {
      get: (target, key) => (key === 'canvas' ? canvas : key in target ? target[key] : () => undefined),
      set: (target, key, value) => ((target[key] = value), true),
    }) as unknown as CanvasRenderingContext2D;
  } as unknown as HTMLCanvasElement['getContext']);
  container = document.createElement('div');
  document.body.appendChild(container);
});
afterEach(() => {
  lane?.destroy();
  container.remove();
  vi.restoreAllMocks();
});

/** Made inside the test: a hook is awaited, and wavesurfer would be ready before the test starts. */
function createLane(): WaveLane {
  plugin = RegionsPlugin.create();
  lane = new WaveLane({ container, durationMs: DURATION_MS, height: 40, zoom: 0, waveColor: '#000', cursorColor: '#f00', plugins: [plugin] });
  return lane;
}

/** wavesurfer loads the placeholder peaks a few promise turns after it is created. */
const untilReady = (of: WaveLane) => new Promise<void>((resolve) => of.ws.once('ready', () => resolve()));

describe('WaveLane', () => {
  it("stamps wavesurfer's <style> with the page's CSP nonce (style-src refuses it otherwise)", () => {
    const meta = document.createElement('meta');
    meta.setAttribute('property', 'csp-nonce');
    meta.nonce = 'n0nce';
    document.head.appendChild(meta);
    try {
      createLane();
      const style = container.querySelector('div')?.shadowRoot?.querySelector('style');
      expect(style?.getAttribute('nonce')).toBe('n0nce');
    } finally {
      meta.remove();
    }
  });

  it('has no view until wavesurfer knows the duration, then the whole media at fit', async () => {
    const lane = createLane();
    expect(lane.knowsDuration()).toBe(false);
    expect(lane.view()).toBeNull();
    await untilReady(lane);
    expect(lane.knowsDuration()).toBe(true);
    expect(lane.view()).toMatchObject({ fromMs: 0, toMs: DURATION_MS });
  });

  it('lets LineRegions draw lines at their times, not as markers at 0 s, when given lines before ready', async () => {
    const lane = createLane();
    const regions = new LineRegions(plugin, lane, DURATION_MS, { onSelect: () => {}, onRetime: () => {}, label: (line) => line.text });
    regions.setLines(lines, null);
    expect(plugin.getRegions()).toHaveLength(0);
    await untilReady(lane);
    regions.refresh(); // what the timeline does on 'ready' (through its per-frame view update)
    const spans = plugin.getRegions().map((region) => [region.id, region.start, region.end]);
    expect(spans).toEqual([
      ['L1', 1, 2.5],
      ['L2', 4, 6],
    ]);
    regions.destroy();
  });

  it('measures its width and scroll once, and again only after wavesurfer scrolls, zooms, resizes or redraws', async () => {
    const lane = createLane();
    await untilReady(lane);
    // What wavesurfer emits itself (emit is protected on its EventEmitter).
    const emit = (event: string, ...args: unknown[]) => (lane.ws as unknown as { emit(name: string, ...rest: unknown[]): void }).emit(event, ...args);
    const wrapper = vi.spyOn(lane.ws.getWrapper(), 'clientWidth', 'get').mockReturnValue(1000);
    const width = vi.spyOn(lane.ws, 'getWidth').mockReturnValue(1000);
    const scroll = vi.spyOn(lane.ws, 'getScroll').mockReturnValue(0);
    emit('redraw'); // whatever wavesurfer measured before the spies is forgotten
    lane.view();
    lane.view();
    lane.reveal(50_000); // in view at fit: no scroll, no new measurement
    expect(lane.width()).toBe(1000);
    expect(width).toHaveBeenCalledTimes(1);
    expect(scroll).toHaveBeenCalledTimes(1);
    // The wrapper widens (a zoom): the next view is measured again and follows it.
    wrapper.mockReturnValue(4000);
    expect(lane.view()).toMatchObject({ fromMs: 0, toMs: DURATION_MS }); // not told yet
    emit('redraw');
    expect(lane.view()).toMatchObject({ fromMs: 0, toMs: 25_000 });
    scroll.mockReturnValue(1000);
    emit('scroll', 25, 50, 1000, 2000);
    expect(lane.view()).toMatchObject({ fromMs: 25_000, toMs: 50_000 });
    expect(scroll).toHaveBeenCalledTimes(3);
  });
});
