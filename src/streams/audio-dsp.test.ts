// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createDownsampler, createFramer, floatToPcm16, meterLevel, rms, rmsPcm16, samplesPerFrame } from './audio-dsp';

function sine(frequency: number, rate: number, seconds: number, amplitude = 0.5): Float32Array {
  const out = new Float32Array(Math.round(rate * seconds));
  for (let i = 0; i < out.length; i += 1) out[i] = amplitude * Math.sin((2 * Math.PI * frequency * i) / rate);
  return out;
}

function concat(parts: Float32Array[]): Float32Array {
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

describe('createDownsampler', () => {
  it('turns one second at 48 kHz into one second at 16 kHz', () => {
    const out = createDownsampler(48_000, 16_000).push(sine(440, 48_000, 1));
    expect(out.length).toBe(16_000);
  });

  it('handles the fractional 44.1 kHz ratio across 128-sample blocks without drift', () => {
    const input = sine(300, 44_100, 2);
    const down = createDownsampler(44_100, 16_000);
    const parts: Float32Array[] = [];
    for (let i = 0; i < input.length; i += 128) parts.push(down.push(input.subarray(i, i + 128)));
    expect(Math.abs(concat(parts).length - 32_000)).toBeLessThanOrEqual(1);
  });

  it('keeps a speech-band tone at its loudness', () => {
    const out = createDownsampler(48_000, 16_000).push(sine(300, 48_000, 0.5, 0.5));
    expect(rms(out)).toBeGreaterThan(0.33);
    expect(rms(out)).toBeLessThan(0.36);
  });

  it('attenuates a tone above the new Nyquist frequency', () => {
    const out = createDownsampler(48_000, 16_000).push(sine(15_000, 48_000, 0.5, 0.5));
    expect(rms(out)).toBeLessThan(0.2);
  });

  it('gives the same samples whether fed at once or block by block', () => {
    const input = sine(440, 48_000, 0.1);
    const whole = createDownsampler(48_000, 16_000).push(input);
    const blockwise = createDownsampler(48_000, 16_000);
    const parts: Float32Array[] = [];
    for (let i = 0; i < input.length; i += 100) parts.push(blockwise.push(input.subarray(i, i + 100)));
    expect(Array.from(concat(parts))).toEqual(Array.from(whole));
  });

  it('refuses to upsample', () => {
    expect(() => createDownsampler(8_000, 16_000)).toThrow(RangeError);
  });
});

describe('floatToPcm16', () => {
  it('maps full scale, zero and clips beyond', () => {
    expect(Array.from(floatToPcm16(Float32Array.from([0, 1, -1, 2, -2, 0.5])))).toEqual([
      0, 32767, -32768, 32767, -32768, 16384,
    ]);
  });
});

describe('rms and meterLevel', () => {
  it('gives amplitude/√2 for a sine and 0 for silence', () => {
    expect(rms(sine(1000, 16_000, 1, 0.8))).toBeCloseTo(0.8 / Math.SQRT2, 3);
    expect(rms(new Float32Array(100))).toBe(0);
    expect(rms(new Float32Array(0))).toBe(0);
  });

  it('agrees between float and PCM16 samples', () => {
    const samples = sine(1000, 16_000, 0.1, 0.3);
    expect(rmsPcm16(floatToPcm16(samples))).toBeCloseTo(rms(samples), 3);
  });

  it('maps -60 dBFS and below to 0 and full scale to 1', () => {
    expect(meterLevel(0)).toBe(0);
    expect(meterLevel(0.0005)).toBe(0);
    expect(meterLevel(1)).toBe(1);
    expect(meterLevel(0.03)).toBeGreaterThan(0.4);
  });
});

describe('createFramer', () => {
  it('emits fixed frames and keeps the remainder', () => {
    const framer = createFramer(4);
    expect(framer.push(Float32Array.from([1, 2, 3]))).toEqual([]);
    const frames = framer.push(Float32Array.from([4, 5, 6, 7, 8, 9]));
    expect(frames.map((f) => Array.from(f))).toEqual([
      [1, 2, 3, 4],
      [5, 6, 7, 8],
    ]);
    expect(framer.push(Float32Array.from([10, 11, 12])).map((f) => Array.from(f))).toEqual([[9, 10, 11, 12]]);
  });

  it('sizes 40 ms at 16 kHz as 640 samples', () => {
    expect(samplesPerFrame(16_000, 40)).toBe(640);
  });
});
