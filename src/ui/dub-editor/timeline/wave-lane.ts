// One lane of the timeline: a wavesurfer instance that never decodes media. It is created with a
// placeholder peaks array and the media's duration (so the axis, regions and cursor work at once),
// is given the server's overview as its peaks when it arrives, and draws every canvas itself
// (renderFunction) from the finest window the lane has for that canvas's time span: wavesurfer keeps
// one array for the whole media, which at frame zoom over 4 hours would be tens of megabytes.
import WaveSurfer, { type WaveSurferOptions } from 'wavesurfer.js';
import type { LanePeaks, PeaksView, PeaksWindow } from '../../../streams/dub-peaks.types';
import { toWaveSurferPeaks } from './wave-surfer-peaks';
import { pageNonce } from '../../emotion-cache';
import { peakColumns } from './peak-columns';

export interface WaveLaneOptions {
  container: HTMLElement;
  durationMs: number;
  height: number;
  zoom: number;
  waveColor: string;
  cursorColor: string;
  plugins?: WaveSurferOptions['plugins'];
}

/** The window covering the whole media at the coarsest level, if the lane has it. */
export function overviewOf(peaks: LanePeaks): PeaksWindow | null {
  const whole = peaks.windows.filter((window) => window.fromMs <= 0 && window.toMs >= window.durationMs - 1000 / window.level);
  return whole.length ? whole.reduce((a, b) => (b.level < a.level ? b : a)) : null;
}

/** wavesurfer's events after which the wrapper's width, the scroll or the visible width may differ. */
const GEOMETRY_EVENTS = ['scroll', 'zoom', 'resize', 'redraw', 'redrawcomplete', 'ready', 'decode', 'load'] as const;

export class WaveLane {
  readonly ws: WaveSurfer;
  private peaks: LanePeaks | null = null;
  private overviewGiven: PeaksWindow | null = null;
  private redrawFrame = 0;
  private readonly durationMs: number;
  /**
   * The wrapper's width, the scroll and the visible width, read once and kept until wavesurfer says
   * one of them may have changed. Reading them costs a layout, and an edit in the list asks for the
   * view (regions, reveal) right after it changed the DOM: each read forced a layout of the whole page.
   */
  private geometry: { total: number; scroll: number; width: number } | null = null;

  constructor(options: WaveLaneOptions) {
    this.durationMs = options.durationMs;
    const nonce = pageNonce();
    this.ws = WaveSurfer.create({
      container: options.container,
      // wavesurfer puts a <style> into its shadow root: the page's CSP (style-src with a nonce, no
      // 'unsafe-inline') refuses it without this page's nonce, and the lanes lose their layout.
      ...(nonce ? { cspNonce: nonce } : {}),
      height: options.height,
      waveColor: options.waveColor,
      progressColor: options.waveColor,
      cursorColor: options.cursorColor,
      cursorWidth: 2,
      peaks: [new Float32Array(1)],
      duration: Math.max(options.durationMs, 1) / 1000,
      minPxPerSec: options.zoom,
      fillParent: true,
      interact: true,
      dragToSeek: false,
      autoScroll: true,
      autoCenter: false,
      ...(options.plugins ? { plugins: options.plugins } : {}),
      renderFunction: (_slice, ctx) => this.draw(ctx),
    });
    const forget = () => {
      this.geometry = null;
    };
    for (const event of GEOMETRY_EVENTS) this.ws.on(event, forget);
  }

  /** The lane's peaks so far: the overview becomes wavesurfer's own peaks, finer windows are drawn over it. */
  setPeaks(peaks: LanePeaks): void {
    this.peaks = peaks;
    const overview = overviewOf(peaks);
    if (overview && overview !== this.overviewGiven) {
      this.overviewGiven = overview;
      this.geometry = null;
      this.ws.setOptions({ peaks: toWaveSurferPeaks(overview), duration: Math.max(this.durationMs, 1) / 1000 });
      return;
    }
    this.scheduleRedraw();
  }

  /**
   * The span on screen and the zoom, or null before the lane has a width or before wavesurfer has
   * loaded the placeholder peaks (its 'ready'). Until then wavesurfer's duration is 0, and a region
   * added then is clamped to 0–0 for good (the regions plugin clamps start and end to the duration
   * it had, and only updates that duration on 'ready'): every line would be a marker at 0 s.
   */
  view(): PeaksView | null {
    if (this.durationMs <= 0 || !this.knowsDuration()) return null;
    const { total, scroll, width } = this.measured();
    if (!total) return null;
    return {
      fromMs: (scroll / total) * this.durationMs,
      toMs: Math.min(this.durationMs, ((scroll + width) / total) * this.durationMs),
      pxPerSec: total / (this.durationMs / 1000),
    };
  }

  /** The visible width in CSS px (0 before the lane has one), from the kept measurements. */
  width(): number {
    return this.measured().width;
  }

  /** True when the zoom changed (an equal zoom, e.g. the screen echoing a wheel zoom, does nothing). */
  setZoom(pxPerSec: number): boolean {
    if (this.ws.options.minPxPerSec === pxPerSec) return false;
    this.geometry = null;
    if (this.ws.getDecodedData()) this.ws.zoom(pxPerSec);
    else this.ws.setOptions({ minPxPerSec: pxPerSec });
    return true;
  }

  /** Scrolls so `ms` is in the middle when it is off screen (a zoom by button keeps the playhead in view). */
  reveal(ms: number): void {
    const view = this.view();
    if (!view || (ms >= view.fromMs && ms <= view.toMs)) return;
    this.geometry = null;
    this.ws.setScrollTime(Math.max(0, ms - (view.toMs - view.fromMs) / 2) / 1000);
  }

  /** True once wavesurfer has its duration: times (regions, scroll, seeks) mean something from then on. */
  knowsDuration(): boolean {
    return this.ws.getDuration() > 0;
  }

  setTime(ms: number): void {
    if (Math.abs(this.ws.getCurrentTime() * 1000 - ms) >= 1) this.ws.setTime(ms / 1000);
  }

  destroy(): void {
    if (this.redrawFrame) cancelAnimationFrame(this.redrawFrame);
    this.ws.destroy();
  }

  /** The kept measurements, read again (a layout) only after they were forgotten; a 0 width is never kept. */
  private measured(): { total: number; scroll: number; width: number } {
    if (this.geometry) return this.geometry;
    const measured = { total: this.ws.getWrapper().clientWidth, scroll: this.ws.getScroll(), width: this.ws.getWidth() };
    if (measured.total && measured.width) this.geometry = measured;
    return measured;
  }

  private scheduleRedraw(): void {
    if (this.redrawFrame) return;
    this.redrawFrame = requestAnimationFrame(() => {
      this.redrawFrame = 0;
      this.ws.setOptions({});
    });
  }

  /** One canvas: wavesurfer placed it (style left/width in CSS px) before calling this. */
  private draw(ctx: CanvasRenderingContext2D): void {
    const canvas = ctx.canvas;
    const total = this.ws.getWrapper().clientWidth;
    if (!this.peaks || !total || canvas.width === 0) return;
    const left = Number.parseFloat(canvas.style.left) || 0;
    const width = Number.parseFloat(canvas.style.width) || canvas.width;
    const fromMs = (left / total) * this.durationMs;
    const toMs = ((left + width) / total) * this.durationMs;
    const { min, max } = peakColumns(this.peaks.windows, fromMs, toMs, canvas.width);
    const middle = canvas.height / 2;
    ctx.beginPath();
    for (let x = 0; x < canvas.width; x++) {
      const high = max[x]!;
      if (Number.isNaN(high)) continue;
      const top = middle - high * middle;
      const bottom = middle - min[x]! * middle;
      ctx.rect(x, top, 1, Math.max(1, bottom - top));
    }
    ctx.fill();
  }
}
