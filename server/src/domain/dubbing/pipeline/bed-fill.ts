// Keeping the bed under the lines (issue 25 §1): where the gate takes the original down (speech
// regions), the bed heard just before the region (or after it, at the start) is laid in instead,
// played back and forth (a ping-pong loop has no jumps at its turns) and faded in exactly as much as
// the gate fades the original out: background = original × gain + fill × (1 − gain). The donor is
// outside every speech region, so it carries the bed without the voice; music and room tone keep
// their level under the dub. Linear in its input: the fill of a sum is the sum of the fills.
import fs from 'node:fs/promises';
import path from 'node:path';
import { runProcess } from '../../../engines/run-process';
import type { TimeSpan } from '../../../engines/types';

export const FILL_RATE = 22_050;
/** Donor bed taken from a gap: at most this much, at least MIN_DONOR_MS. */
const MAX_DONOR_MS = 3000;
const MIN_DONOR_MS = 200;

/** Gain of the gate at `ms` (1 outside the regions, `floor` inside, ramps of `rampMs`); regions sorted. */
function gateGain(regions: readonly TimeSpan[], ms: number, floor: number, rampMs: number): number {
  let gain = 1;
  for (const r of regions) {
    if (r.startMs - rampMs > ms) break;
    if (r.endMs + rampMs < ms) continue;
    const outside = Math.max(r.startMs - ms, ms - r.endMs, 0);
    gain = Math.min(gain, floor + (1 - floor) * Math.min(1, outside / rampMs));
  }
  return gain;
}

/** The voice-free stretch next to region `i`: the gap before it, else the gap after it. */
function donorOf(regions: readonly TimeSpan[], i: number, durationMs: number, rampMs: number): TimeSpan | null {
  const before = { startMs: (regions[i - 1]?.endMs ?? 0) + rampMs, endMs: regions[i]!.startMs - rampMs };
  const after = { startMs: regions[i]!.endMs + rampMs, endMs: (regions[i + 1]?.startMs ?? durationMs) - rampMs };
  for (const gap of [before, after]) {
    if (gap.endMs - gap.startMs < MIN_DONOR_MS) continue;
    return gap === before ? { startMs: Math.max(gap.startMs, gap.endMs - MAX_DONOR_MS), endMs: gap.endMs } : { startMs: gap.startMs, endMs: Math.min(gap.endMs, gap.startMs + MAX_DONOR_MS) };
  }
  return null;
}

/**
 * Writes the fill track of `input` (raw s16le mono at FILL_RATE, the length of the media) for the
 * gate's regions; `filter` is the plan's filter (centre cancellation), applied before.
 */
export async function writeBedFill(
  input: string,
  out: string,
  plan: { filter: string; regions: readonly TimeSpan[]; floorDb: number; rampMs: number },
  durationMs: number,
  signal?: AbortSignal,
): Promise<void> {
  const raw = path.join(path.dirname(out), `${path.basename(out)}.source.raw`);
  const af = [plan.filter, `aresample=${FILL_RATE}`].filter(Boolean).join(',');
  await runProcess('ffmpeg', 'ffmpeg', ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', '-i', input, '-vn', '-map', '0:a:0', '-af', af, '-ac', '1', '-f', 's16le', raw], {
    signal,
    timeoutMs: Math.max(5 * 60_000, durationMs * 2),
  });
  const source = await fs.open(raw, 'r');
  const sink = await fs.open(out, 'w');
  try {
    const floor = 10 ** (plan.floorDb / 20);
    const total = Math.ceil((durationMs / 1000) * FILL_RATE);
    const sampleAt = (ms: number) => Math.round((ms / 1000) * FILL_RATE);
    let written = 0;
    const zeros = async (until: number) => {
      if (until > written) await sink.write(Buffer.alloc((until - written) * 2), 0, (until - written) * 2, written * 2);
      written = Math.max(written, until);
    };
    for (const [i, region] of plan.regions.entries()) {
      const from = Math.max(written, sampleAt(region.startMs - plan.rampMs));
      const to = Math.min(total, sampleAt(region.endMs + plan.rampMs));
      const donor = donorOf(plan.regions, i, durationMs, plan.rampMs);
      await zeros(from);
      if (!donor || to <= from) continue;
      const first = sampleAt(donor.startMs);
      const bytes = Buffer.alloc((sampleAt(donor.endMs) - first) * 2);
      const { bytesRead } = await source.read(bytes, 0, bytes.length, first * 2);
      const bed = new Int16Array(bytes.buffer, bytes.byteOffset, bytesRead >> 1);
      if (bed.length < 2) continue;
      const fill = new Int16Array(to - from);
      const period = 2 * (bed.length - 1);
      // Only the neighbours' ramps can reach into this region (each region is longer than two ramps,
      // merged regions do not overlap): scanning every earlier region per sample made the fill
      // quadratic in the number of lines, seconds of blocked event loop on a 10-minute video.
      const near = plan.regions.slice(Math.max(0, i - 2), i + 3);
      for (let k = 0; k < fill.length; k++) {
        const phase = k % period;
        const sample = bed[phase < bed.length ? phase : period - phase]!;
        const gain = gateGain(near, ((from + k) / FILL_RATE) * 1000, floor, plan.rampMs);
        fill[k] = Math.round(sample * (1 - gain));
      }
      await sink.write(Buffer.from(fill.buffer), 0, fill.length * 2, from * 2);
      written = to;
    }
    await zeros(total);
  } finally {
    await source.close();
    await sink.close();
    await fs.rm(raw, { force: true });
  }
}

export const fillInput = (file: string) => ['-f', 's16le', '-ar', String(FILL_RATE), '-ac', '1', '-i', file];
