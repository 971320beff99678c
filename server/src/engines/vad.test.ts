import { describe, expect, it } from 'vitest';
import { concatSamples, quietNoise, silence } from './test-audio';
import { detectSpeechRegions, EnergyVad, frameLevelDb } from './vad';

function tone(ms: number, amplitude = 8000, hz = 220): Int16Array {
  const out = new Int16Array(16 * ms);
  for (let i = 0; i < out.length; i++) out[i] = Math.round(amplitude * Math.sin((2 * Math.PI * hz * i) / 16_000));
  return out;
}

/** Speech-like loudness: syllables about 6 per second that dip well below their peaks. */
function syllables(ms: number): Int16Array {
  const out = tone(ms);
  for (let i = 0; i < out.length; i++) out[i] = Math.round(out[i]! * (0.1 + 0.9 * Math.abs(Math.sin((2 * Math.PI * 3 * i) / 16_000))));
  return out;
}

describe('energy VAD', () => {
  it('measures frame level in dBFS', () => {
    expect(frameLevelDb(silence(30))).toBe(-Infinity);
    expect(frameLevelDb(tone(30, 32767))).toBeCloseTo(-3, 0);
  });

  it('finds nothing in silence or a quiet room', () => {
    expect(detectSpeechRegions(concatSamples([silence(1000), quietNoise(5000)]))).toEqual([]);
  });

  it('finds two bursts separated by a pause longer than the hangover, with their times', () => {
    const regions = detectSpeechRegions(concatSamples([silence(600), tone(900), silence(1200), tone(600), silence(900)]));
    expect(regions).toHaveLength(2);
    // Start includes the pre-roll (~210 ms) before the first loud frame; end is the last loud frame.
    expect(regions[0]!.startMs).toBeGreaterThanOrEqual(600 - 240);
    expect(regions[0]!.startMs).toBeLessThanOrEqual(600);
    expect(regions[0]!.endMs).toBeGreaterThanOrEqual(1500 - 30);
    expect(regions[0]!.endMs).toBeLessThanOrEqual(1500 + 30);
    expect(regions[1]!.endMs).toBeGreaterThanOrEqual(3300 - 30);
  });

  it('keeps a short pause inside one utterance (hangover) and ignores a click', () => {
    expect(detectSpeechRegions(concatSamples([tone(500), silence(200), tone(500), silence(800)]))).toHaveLength(1);
    expect(detectSpeechRegions(concatSamples([silence(300), tone(30), silence(800)]))).toEqual([]);
  });

  it('cuts a monologue at the maximum utterance length', () => {
    const regions = detectSpeechRegions(concatSamples([syllables(5000), silence(600)]), { maxUtteranceMs: 2000 });
    expect(regions.length).toBe(3);
    expect(regions[0]!.endMs - regions[0]!.startMs).toBeLessThanOrEqual(2000);
  });

  it('gives the same events whatever the write sizes', () => {
    const audio = concatSamples([silence(400), tone(700), silence(900), tone(400), silence(700)]);
    const whole = new EnergyVad().push(audio);
    const chunked = new EnergyVad();
    const events = [];
    for (let offset = 0; offset < audio.length; offset += 333) events.push(...chunked.push(audio.subarray(offset, offset + 333)));
    expect(events.map((e) => [e.type, e.startMs])).toEqual(whole.map((e) => [e.type, e.startMs]));
  });

  it('learns a steady hum as noise floor within its window, while louder speech over it still counts', () => {
    const hum = (ms: number) => tone(ms, 300, 50);
    const regions = detectSpeechRegions(concatSamples([hum(4000), tone(800, 9000, 300), hum(3000)]));
    // The hum is louder than the threshold, so it may open one utterance until the floor window
    // has learnt it; after that only the loud burst at 4 s is speech.
    const afterWarmUp = regions.filter((r) => r.startMs > 1500);
    expect(afterWarmUp).toHaveLength(1);
    expect(afterWarmUp[0]!.startMs).toBeGreaterThan(3500);
    expect(afterWarmUp[0]!.endMs).toBeLessThanOrEqual(4800 + 30);
    expect(regions.every((r) => r.endMs < 2000 || r.startMs > 3500)).toBe(true);
  });
});
