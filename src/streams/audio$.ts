// The host's microphone as a stream: getUserMedia → AudioWorklet (16 kHz PCM16 frames) → Observable.
// Unsubscribing stops the tracks and closes the audio context, so pausing really releases the mic.
// The worklet's URL is a parameter: only the browser build can resolve it (Vite's `?worker&url`,
// see ./worklets/pcm16-downsampler.url.ts), and this module must load under plain Node too.
import { Observable } from 'rxjs';
import type { WorkletFrameMessage } from './worklets/pcm16-downsampler.worklet';

export interface MicrophoneFrame {
  /** 16-bit little-endian mono PCM at LIVE_AUDIO_SAMPLE_RATE, LIVE_AUDIO_FRAME_MS long. */
  pcm: ArrayBuffer;
  /** RMS of the frame, samples normalised to [-1, 1]. */
  rms: number;
}

export type MicrophoneFailureReason = 'microphoneDenied' | 'audioNotSupported' | 'microphoneUnavailable';

export class MicrophoneError extends Error {
  constructor(readonly reason: MicrophoneFailureReason, cause?: unknown) {
    super(reason, { cause });
    this.name = 'MicrophoneError';
  }
}

/** What the stream needs from the browser; tests pass a fake. */
export interface AudioEnvironment {
  mediaDevices?: Pick<MediaDevices, 'getUserMedia'>;
  createContext?: () => AudioContext;
  createWorkletNode?: (context: AudioContext, name: string) => AudioWorkletNode;
  workletUrl: string;
}

/** The browser's audio APIs; `workletUrl` is where the bundle serves the PCM16 worklet. */
export function browserAudioEnvironment(workletUrl: string): AudioEnvironment {
  const hasWorklet = typeof window !== 'undefined' && 'AudioWorkletNode' in window && 'AudioContext' in window;
  return {
    mediaDevices: typeof navigator !== 'undefined' ? navigator.mediaDevices : undefined,
    createContext: hasWorklet ? () => new AudioContext() : undefined,
    createWorkletNode: hasWorklet ? (context, name) => new AudioWorkletNode(context, name) : undefined,
    workletUrl,
  };
}

/** Maps getUserMedia's DOMException names onto the spec's messages. */
export function classifyMicrophoneError(error: unknown): MicrophoneError {
  if (error instanceof MicrophoneError) return error;
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') {
    return new MicrophoneError('microphoneDenied', error);
  }
  if (name === 'NotSupportedError' || name === 'TypeError') return new MicrophoneError('audioNotSupported', error);
  return new MicrophoneError('microphoneUnavailable', error);
}

export function microphone$(environment: AudioEnvironment): Observable<MicrophoneFrame> {
  return new Observable<MicrophoneFrame>((subscriber) => {
    const { mediaDevices, createContext, createWorkletNode } = environment;
    if (!mediaDevices?.getUserMedia || !createContext || !createWorkletNode) {
      subscriber.error(new MicrophoneError('audioNotSupported'));
      return undefined;
    }
    let closed = false;
    let stream: MediaStream | undefined;
    let context: AudioContext | undefined;
    const release = () => {
      stream?.getTracks().forEach((track) => track.stop());
      void context?.close().catch(() => undefined);
    };
    (async () => {
      stream = await mediaDevices.getUserMedia({
        audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true, autoGainControl: true },
      });
      if (closed) return release();
      context = createContext();
      await context.audioWorklet.addModule(environment.workletUrl);
      if (closed) return release();
      const node = createWorkletNode(context, 'pcm16-downsampler');
      node.port.onmessage = (event: MessageEvent<WorkletFrameMessage>) => {
        subscriber.next({ pcm: event.data.pcm, rms: event.data.rms });
      };
      context.createMediaStreamSource(stream).connect(node);
      // Browsers may create the context suspended until a gesture; the start button was one.
      if (context.state === 'suspended') await context.resume();
      return undefined;
    })().catch((error: unknown) => {
      release();
      if (!closed) subscriber.error(classifyMicrophoneError(error));
    });
    return () => {
      closed = true;
      release();
    };
  });
}
