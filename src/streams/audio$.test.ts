// @vitest-environment node
import { firstValueFrom, take, toArray } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { classifyMicrophoneError, MicrophoneError, microphone$, type AudioEnvironment } from './audio$';

function fakeEnvironment(getUserMedia: () => Promise<MediaStream>) {
  const stopTrack = vi.fn();
  const closeContext = vi.fn(async () => undefined);
  const port: { onmessage: ((event: MessageEvent) => void) | null } = { onmessage: null };
  const environment: AudioEnvironment = {
    workletUrl: '/worklet.js',
    mediaDevices: { getUserMedia },
    createContext: () =>
      ({
        state: 'running',
        audioWorklet: { addModule: async () => undefined },
        createMediaStreamSource: () => ({ connect: () => undefined }),
        close: closeContext,
      }) as unknown as AudioContext,
    createWorkletNode: () => ({ port }) as unknown as AudioWorkletNode,
  };
  const stream = { getTracks: () => [{ stop: stopTrack }] } as unknown as MediaStream;
  return { environment, stream, port, stopTrack, closeContext };
}

describe('microphone$', () => {
  it('fails with audioNotSupported without mediaDevices or AudioWorklet', async () => {
    const error = await firstValueFrom(microphone$({ workletUrl: '/w.js' })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MicrophoneError);
    expect((error as MicrophoneError).reason).toBe('audioNotSupported');
  });

  it('fails with microphoneDenied when permission is refused', async () => {
    const denied = Object.assign(new Error('denied'), { name: 'NotAllowedError' });
    const { environment } = fakeEnvironment(() => Promise.reject(denied));
    const error = await firstValueFrom(microphone$(environment)).catch((e: unknown) => e);
    expect((error as MicrophoneError).reason).toBe('microphoneDenied');
  });

  it('emits the worklet frames and releases the microphone on unsubscribe', async () => {
    const fake = fakeEnvironment(async () => fake.stream);
    const frames = firstValueFrom(microphone$(fake.environment).pipe(take(2), toArray()));
    await vi.waitFor(() => expect(fake.port.onmessage).not.toBeNull());
    const pcm = new Int16Array([1, 2, 3]).buffer;
    fake.port.onmessage!({ data: { pcm, rms: 0.1 } } as MessageEvent);
    fake.port.onmessage!({ data: { pcm, rms: 0.2 } } as MessageEvent);
    expect((await frames).map((f) => f.rms)).toEqual([0.1, 0.2]);
    expect(fake.stopTrack).toHaveBeenCalled();
    expect(fake.closeContext).toHaveBeenCalled();
  });
});

describe('classifyMicrophoneError', () => {
  it('maps getUserMedia errors onto the spec messages', () => {
    expect(classifyMicrophoneError({ name: 'NotAllowedError' }).reason).toBe('microphoneDenied');
    expect(classifyMicrophoneError({ name: 'NotSupportedError' }).reason).toBe('audioNotSupported');
    expect(classifyMicrophoneError({ name: 'NotFoundError' }).reason).toBe('microphoneUnavailable');
  });
});
