// Voice removal on a mono source of known speech over a music bed (testing/voice-bed-source.ts): the
// background plan, rendered on the speech alone and on the bed alone, shows exactly how much of the
// original voice is left inside the lines and that the bed between lines keeps its level. The same
// through a separation service (SEPARATION_URL protocol) answered by a local server.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeService, type FakeService } from '../../../engines/fake-service';
import { RemoteSeparator } from '../../../engines/remote-separator';
import { decodeWav } from '../../../engines/wav';
import { makeVoiceBedSource, type VoiceBedSource } from '../../../testing/voice-bed-source';
import { planBackground } from './background-plan';
import { gainEnvelope, GATE_FLOOR_DB, levelDb, mergeRegions, renderBackground, type BackgroundPlan } from './voice-removal';

let dir: string;
let source: VoiceBedSource;
let service: FakeService;

const samplesOf = async (wav: string) => decodeWav(await fs.readFile(wav)).samples;

/** Level of `wav` and of the plan's rendering of it, inside (or outside) the spans. */
async function beforeAfter(plan: BackgroundPlan, wav: string, spans: { startMs: number; endMs: number }[], outside: boolean) {
  const out = path.join(dir, `render-${Math.random().toString(36).slice(2)}.wav`);
  await renderBackground(plan, wav, out, source.durationMs);
  return { before: levelDb(await samplesOf(wav), spans, outside), after: levelDb(await samplesOf(out), spans, outside) };
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'parley-voice-removal-'));
  source = await makeVoiceBedSource(dir, [
    { text: 'good morning everyone and welcome', speaker: 0 },
    { text: 'thank you it is good to be here', speaker: 1 },
    { text: 'let us look at the plan', speaker: 0 },
  ], { durationMs: 14_000, everyMs: 4500, leadMs: 800 });
  // The separation service answers the bed alone (a perfect separator), as a 44.1 kHz stereo wav.
  const bed = await fs.readFile(source.bedWav);
  service = await startFakeService(() => ({ body: bed, contentType: 'audio/wav' }));
}, 120_000);
afterAll(async () => {
  await service?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('voice removal', () => {
  it('merges padded regions and ramps the gain from 1 outside to the floor inside', () => {
    expect(mergeRegions([{ startMs: 1000, endMs: 2000 }, { startMs: 2100, endMs: 3000 }, { startMs: 9000, endMs: 9500 }], 9600, 100)).toEqual([
      { startMs: 900, endMs: 3100 },
      { startMs: 8900, endMs: 9600 },
    ]);
    const gain = gainEnvelope([{ startMs: 1000, endMs: 2000 }], 3000, -40);
    expect(gain[500]).toBe(32767);
    expect(gain[1500]).toBe(Math.round(0.01 * 32767));
    expect(gain[970]! > gain[1500]! && gain[970]! < 32767).toBe(true);
  });

  it('takes a mono source’s voice ≥ 35 dB down inside the lines, keeps the bed in the gaps within 1 dB and under the lines within 3 dB', async () => {
    const plan = await planBackground({ videoPath: source.path, workDir: dir, durationMs: source.durationMs, lines: source.lines, separator: null });
    expect([plan.remover, plan.filter, plan.separated]).toEqual(['gate', '', null]);
    // Every line lies inside a region: the voice is found where it is.
    for (const line of source.lines) expect(plan.regions.some((r) => r.startMs <= line.startMs && r.endMs >= line.endMs)).toBe(true);
    const voice = await beforeAfter(plan, source.voiceWav, source.lines, false);
    expect(voice.before - voice.after).toBeGreaterThanOrEqual(-GATE_FLOOR_DB - 5);
    const bed = await beforeAfter(plan, source.bedWav, plan.regions, true);
    expect(Math.abs(bed.before - bed.after)).toBeLessThanOrEqual(1);
    // Under the lines the bed from the gap next to each is laid in as the original fades out.
    const under = await beforeAfter(plan, source.bedWav, source.lines, false);
    expect(Math.abs(under.before - under.after)).toBeLessThanOrEqual(3);
  }, 60_000);

  it('uses a separation service’s background (POST audio/wav → wav) behind the same plan', async () => {
    const separator = new RemoteSeparator({ url: `${service.url}/separate`, apiKey: 'k1', model: '' }, 30_000);
    const plan = await planBackground({ videoPath: source.path, workDir: dir, durationMs: source.durationMs, lines: source.lines, separator });
    expect(plan.remover).toBe('separation');
    const request = service.requests.at(-1)!;
    expect([request.method, request.path, request.headers['content-type'], request.headers.authorization]).toEqual(['POST', '/separate', 'audio/wav', 'Bearer k1']);
    expect(request.body.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(decodeWav(request.body).channels).toBe(2);
    // The separated bed keeps its level in the gaps; under the lines only the mild guard applies.
    const kept = await beforeAfter(plan, plan.separated!, plan.regions, true);
    expect(Math.abs(kept.before - kept.after)).toBeLessThanOrEqual(1);
  }, 60_000);

  it('refuses a separation answer that is not audio, naming the service', async () => {
    const broken = await startFakeService(() => ({ json: { error: 'busy' } }));
    try {
      const separator = new RemoteSeparator({ url: broken.url, apiKey: null, model: '' }, 30_000);
      await expect(separator.background(source.path, path.join(dir, 'x.wav'))).rejects.toThrow(/remote-separation/);
    } finally {
      await broken.close();
    }
  }, 30_000);
});
