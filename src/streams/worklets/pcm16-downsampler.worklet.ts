// AudioWorklet processor: microphone blocks at the context's rate → 16 kHz mono PCM16 frames of
// LIVE_AUDIO_FRAME_MS, each posted with its RMS so the main thread needs no DSP of its own.
// Bundled by Vite as a worker (`?worker&url`), so it may import the shared pure functions.
import { LIVE_AUDIO_FRAME_MS, LIVE_AUDIO_SAMPLE_RATE } from '../../shared/contract/limits';
import { createDownsampler, createFramer, floatToPcm16, rms, samplesPerFrame } from '../audio-dsp';

// The worklet global scope is not in TypeScript's DOM lib.
declare const sampleRate: number;
declare function registerProcessor(name: string, processor: unknown): void;
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
}

export interface WorkletFrameMessage {
  pcm: ArrayBuffer;
  rms: number;
}

class Pcm16DownsamplerProcessor extends AudioWorkletProcessor {
  private readonly downsampler = createDownsampler(sampleRate, LIVE_AUDIO_SAMPLE_RATE);
  private readonly framer = createFramer(samplesPerFrame(LIVE_AUDIO_SAMPLE_RATE, LIVE_AUDIO_FRAME_MS));

  process(inputs: Float32Array[][]): boolean {
    // Only the first channel: speech recognition wants mono and the fake device is mono anyway.
    const channel = inputs[0]?.[0];
    if (channel && channel.length > 0) {
      for (const frame of this.framer.push(this.downsampler.push(channel))) {
        const pcm = floatToPcm16(frame);
        const message: WorkletFrameMessage = { pcm: pcm.buffer as ArrayBuffer, rms: rms(frame) };
        this.port.postMessage(message, [message.pcm]);
      }
    }
    return true;
  }
}

registerProcessor('pcm16-downsampler', Pcm16DownsamplerProcessor);
