// A remote voice/background separation service (SEPARATION_URL), for dubbing's voice removal.
// Protocol (simple, documented in README): POST {SEPARATION_URL} with the source audio as the body
// (content-type audio/wav, 44.1 kHz stereo PCM), optional bearer SEPARATION_API_KEY; the answer is
// the background without the voices as audio/wav (any rate and channel count), the same length.
// Any self-hosted separator (Demucs, Spleeter, UVR behind a small HTTP wrapper) can speak it.
import fs from 'node:fs/promises';
import type { RemoteServiceConfig } from './config';
import { engineFailed } from './engine-errors';
import { postToService } from './http-client';
import { runProcess } from './run-process';
import { decodeWav } from './wav';

export interface VoiceSeparator {
  readonly id: string;
  /** Writes the background of `input` (any media ffmpeg reads) to `out` (wav). */
  background(input: string, out: string, signal?: AbortSignal): Promise<void>;
}

export class RemoteSeparator implements VoiceSeparator {
  readonly id = 'remote-separation';

  constructor(
    private readonly service: RemoteServiceConfig,
    private readonly timeoutMs: number,
  ) {}

  async background(input: string, out: string, signal?: AbortSignal): Promise<void> {
    const source = `${out}.source.wav`;
    try {
      await runProcess('ffmpeg', 'ffmpeg', ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', '-i', input, '-vn', '-map', '0:a:0', '-ac', '2', '-ar', '44100', '-c:a', 'pcm_s16le', source], {
        signal,
        timeoutMs: this.timeoutMs,
      });
      const body = await fs.readFile(source);
      const response = await postToService(this.service.url, new Uint8Array(body), {
        engine: this.id,
        apiKey: this.service.apiKey,
        timeoutMs: this.timeoutMs,
        ...(signal ? { signal } : {}),
        contentType: 'audio/wav',
      });
      const answer = Buffer.from(await response.arrayBuffer());
      try {
        decodeWav(answer);
      } catch (error) {
        throw engineFailed(this.id, `answer is not a wav file (${(error as Error).message})`, response.status, error);
      }
      await fs.writeFile(out, answer);
    } finally {
      await fs.rm(source, { force: true });
    }
  }
}
