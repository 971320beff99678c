// Pure signal processing of the live microphone: downsampling to 16 kHz, PCM16 conversion, framing
// and loudness. No Web Audio here, so the AudioWorklet and the unit tests share exactly this code.

export interface Downsampler {
  /** Feeds one block at the input rate; returns the output samples that block completed. */
  push(block: Float32Array): Float32Array;
}

/**
 * Averages every input window that maps onto one output sample (a box filter), which removes most
 * of the energy above the new Nyquist frequency before decimating. Fractional ratios (44.1 kHz →
 * 16 kHz) are handled by carrying the partial window into the next block, so block boundaries
 * never click or drift.
 */
export function createDownsampler(inputRate: number, outputRate: number): Downsampler {
  if (!(inputRate > 0) || !(outputRate > 0)) throw new RangeError('sample rates must be positive');
  if (outputRate > inputRate) throw new RangeError('cannot upsample');
  const step = inputRate / outputRate;
  let windowSum = 0;
  let windowCount = 0;
  // Position (in input samples) where the current output window ends.
  let windowEnd = step;
  let consumed = 0;
  return {
    push(block) {
      const out: number[] = [];
      for (let i = 0; i < block.length; i += 1) {
        windowSum += block[i]!;
        windowCount += 1;
        consumed += 1;
        if (consumed >= windowEnd) {
          out.push(windowSum / windowCount);
          windowSum = 0;
          windowCount = 0;
          windowEnd += step;
        }
      }
      // Keep the counters small so hours of audio do not lose floating-point precision.
      if (consumed > 1e6) {
        windowEnd -= consumed;
        consumed = 0;
      }
      return Float32Array.from(out);
    },
  };
}

/** Clamps to [-1, 1] and scales to signed 16-bit, rounding to the nearest step. */
export function floatToPcm16(samples: Float32Array): Int16Array {
  const pcm = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i += 1) {
    const clamped = Math.max(-1, Math.min(1, samples[i]!));
    pcm[i] = clamped < 0 ? Math.round(clamped * 0x8000) : Math.round(clamped * 0x7fff);
  }
  return pcm;
}

/** Root mean square of samples in [-1, 1]; 0 for an empty block. */
export function rms(samples: ArrayLike<number>): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < samples.length; i += 1) sum += samples[i]! * samples[i]!;
  return Math.sqrt(sum / samples.length);
}

/** RMS of PCM16 samples, normalised to [0, 1]. */
export function rmsPcm16(pcm: Int16Array): number {
  if (pcm.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < pcm.length; i += 1) {
    const sample = pcm[i]! / 0x8000;
    sum += sample * sample;
  }
  return Math.sqrt(sum / pcm.length);
}

export interface Framer {
  /** Appends samples; returns every complete frame of exactly frameSize samples. */
  push(samples: Float32Array): Float32Array[];
}

/** Cuts a continuous stream into fixed-size frames, keeping the remainder for the next push. */
export function createFramer(frameSize: number): Framer {
  if (!Number.isInteger(frameSize) || frameSize <= 0) throw new RangeError('frame size must be a positive integer');
  let pending = new Float32Array(frameSize);
  let filled = 0;
  return {
    push(samples) {
      const frames: Float32Array[] = [];
      let offset = 0;
      while (offset < samples.length) {
        const take = Math.min(frameSize - filled, samples.length - offset);
        pending.set(samples.subarray(offset, offset + take), filled);
        filled += take;
        offset += take;
        if (filled === frameSize) {
          frames.push(pending);
          pending = new Float32Array(frameSize);
          filled = 0;
        }
      }
      return frames;
    },
  };
}

export function samplesPerFrame(sampleRate: number, frameMs: number): number {
  return Math.round((sampleRate * frameMs) / 1000);
}

/** Level for a meter: RMS mapped onto 0..1 over a -60..0 dBFS scale (speech sits near the middle). */
export function meterLevel(rmsValue: number): number {
  if (rmsValue <= 0) return 0;
  const db = 20 * Math.log10(rmsValue);
  return Math.max(0, Math.min(1, (db + 60) / 60));
}
