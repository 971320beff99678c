// The timeline ruler: ticks for the visible span only, drawn on one canvas. (wavesurfer's
// TimelinePlugin builds one element per notch over the whole media, 14,400 of them for 4 hours at
// one-second notches, re-measured on every redraw, and has nothing finer than a second; the editor
// zooms to single frames.)

/** Tick intervals from one 25 fps frame to an hour. */
const STEPS_MS = [40, 100, 200, 500, 1000, 2000, 5000, 10_000, 15_000, 30_000, 60_000, 120_000, 300_000, 600_000, 900_000, 1_800_000, 3_600_000];
export const MIN_TICK_PX = 8;
export const MIN_LABEL_PX = 90;

export interface RulerScale {
  tickMs: number;
  labelMs: number;
}

/** The finest tick at least MIN_TICK_PX apart and the finest labelled tick at least MIN_LABEL_PX apart. */
export function rulerScale(pxPerSec: number): RulerScale {
  const pxPerMs = pxPerSec / 1000;
  const pick = (minPx: number) => STEPS_MS.find((step) => step * pxPerMs >= minPx) ?? STEPS_MS[STEPS_MS.length - 1]!;
  const tickMs = pick(MIN_TICK_PX);
  let labelMs = pick(MIN_LABEL_PX);
  // Labels fall on ticks.
  while (labelMs % tickMs !== 0) labelMs = STEPS_MS.find((step) => step > labelMs) ?? labelMs * 2;
  return { tickMs, labelMs };
}

export interface RulerTick {
  ms: number;
  labelled: boolean;
}

export function rulerTicks(fromMs: number, toMs: number, scale: RulerScale): RulerTick[] {
  const ticks: RulerTick[] = [];
  for (let ms = Math.max(0, Math.ceil(fromMs / scale.tickMs) * scale.tickMs); ms <= toMs; ms += scale.tickMs) {
    ticks.push({ ms, labelled: ms % scale.labelMs === 0 });
  }
  return ticks;
}

/** h:mm:ss, or m:ss below an hour; with milliseconds when the labels are less than a second apart. */
export function rulerLabel(ms: number, labelMs: number): string {
  const whole = Math.floor(ms / 1000);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  const clock = h > 0 ? `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}` : `${m}:${String(s).padStart(2, '0')}`;
  return labelMs < 1000 ? `${clock}.${String(Math.round(ms % 1000)).padStart(3, '0')}` : clock;
}

/** Draws the ticks of [fromMs, fromMs + canvas width / pxPerSec] on a canvas sized in CSS pixels. */
export function drawRuler(canvas: HTMLCanvasElement, fromMs: number, pxPerSec: number, color: string): void {
  const ctx = canvas.getContext('2d');
  if (!ctx || pxPerSec <= 0) return;
  const ratio = typeof window !== 'undefined' ? window.devicePixelRatio || 1 : 1;
  const width = canvas.clientWidth;
  const height = canvas.clientHeight;
  if (canvas.width !== Math.round(width * ratio)) canvas.width = Math.round(width * ratio);
  if (canvas.height !== Math.round(height * ratio)) canvas.height = Math.round(height * ratio);
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.clearRect(0, 0, width, height);
  ctx.fillStyle = color;
  ctx.font = '10px sans-serif';
  ctx.textBaseline = 'top';
  const scale = rulerScale(pxPerSec);
  const toMs = fromMs + (width / pxPerSec) * 1000;
  for (const tick of rulerTicks(fromMs, toMs, scale)) {
    const x = Math.round(((tick.ms - fromMs) / 1000) * pxPerSec);
    const tall = tick.labelled ? height : height / 3;
    ctx.fillRect(x, height - tall, 1, tall);
    if (tick.labelled) ctx.fillText(rulerLabel(tick.ms, scale.labelMs), x + 3, 1);
  }
}
