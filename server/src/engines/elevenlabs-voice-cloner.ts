// Voice cloning through ElevenLabs (issue 25 §2), by its documented API:
//   POST {ELEVENLABS_URL}/v1/voices/add            multipart: name, files[] (audio) → { voice_id }
//   POST {ELEVENLABS_URL}/v1/text-to-speech/{id}?output_format=pcm_16000
//        header xi-api-key, JSON { text, model_id } → raw 16-bit little-endian mono PCM at 16 kHz
// Raw PCM is asked for (rather than mp3) so no decoder runs here: the samples are wrapped as a wav,
// which is what every synthesiser of the dubbing answers. Every failure names the setting to check,
// because the person reading it can fix a key or an address but not the vendor.
import { EngineError } from './engine-errors';
import type { SpeechSynthesizer, SynthesizeOptions, Voice } from './types';
import { encodeWav, pcmBufferToSamples } from './wav';

export interface ElevenLabsConfig {
  /** Base URL without /v1 (default https://api.elevenlabs.io). */
  url: string;
  apiKey: string;
  /** model_id of text-to-speech; the multilingual model speaks every dubbing language. */
  model: string;
}

export type VoiceCloneSetting = 'ELEVENLABS_API_KEY' | 'ELEVENLABS_URL';

const ENGINE = 'elevenlabs';
const SAMPLE_RATE = 16_000;

/** A translated refusal of the cloning service, naming the setting that would fix it. */
export class VoiceCloneError extends EngineError {
  constructor(
    code: 'engine_failed' | 'engine_timeout' | 'aborted',
    key: 'engines:voiceCloneRefused' | 'engines:voiceCloneTimeout' | 'engines:voiceCloneFailed' | 'engines:aborted',
    params: { setting: VoiceCloneSetting; status?: number; seconds?: number; detail?: string },
  ) {
    super(code, key, { engine: ENGINE, ...params });
    this.name = 'VoiceCloneError';
  }
}

export interface VoiceSample {
  fileName: string;
  wav: Buffer;
}

export class ElevenLabsVoiceCloner implements SpeechSynthesizer {
  readonly id = ENGINE;

  constructor(
    private readonly config: ElevenLabsConfig,
    private readonly timeoutMs: number,
  ) {}

  languages(): string[] {
    return ['*'];
  }

  /** Cloned voices are made per speaker and kept by the task, so the engine lists none of its own. */
  voices(): Voice[] {
    return [];
  }

  /** Uploads clean samples of one speaker; answers the new voice's id. */
  async addVoice(name: string, samples: readonly VoiceSample[], signal?: AbortSignal): Promise<string> {
    const form = new FormData();
    form.set('name', name.slice(0, 100));
    for (const sample of samples) form.append('files', new Blob([new Uint8Array(sample.wav)], { type: 'audio/wav' }), sample.fileName);
    const response = await this.post('/v1/voices/add', form, {}, signal);
    const answer = (await response.json().catch(() => null)) as { voice_id?: unknown } | null;
    if (typeof answer?.voice_id !== 'string' || !answer.voice_id) {
      throw new VoiceCloneError('engine_failed', 'engines:voiceCloneFailed', { setting: 'ELEVENLABS_URL', status: response.status, detail: 'the answer has no voice_id' });
    }
    return answer.voice_id;
  }

  async synthesize(text: string, options: SynthesizeOptions): Promise<Buffer> {
    if (!options.voice) throw new VoiceCloneError('engine_failed', 'engines:voiceCloneFailed', { setting: 'ELEVENLABS_URL', detail: 'no cloned voice given' });
    const response = await this.post(
      `/v1/text-to-speech/${encodeURIComponent(options.voice)}?output_format=pcm_${SAMPLE_RATE}`,
      JSON.stringify({ text, model_id: this.config.model }),
      { 'content-type': 'application/json' },
      options.signal,
    );
    const pcm = Buffer.from(await response.arrayBuffer());
    if (pcm.length < 2) throw new VoiceCloneError('engine_failed', 'engines:voiceCloneFailed', { setting: 'ELEVENLABS_URL', status: response.status, detail: 'the answer has no audio' });
    return encodeWav(pcmBufferToSamples(pcm.subarray(0, pcm.length - (pcm.length % 2))), SAMPLE_RATE);
  }

  private async post(path: string, body: BodyInit, headers: Record<string, string>, signal?: AbortSignal): Promise<Response> {
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    let response: Response;
    try {
      response = await fetch(`${this.config.url.replace(/\/+$/, '').replace(/\/v1$/, '')}${path}`, {
        method: 'POST',
        body,
        headers: { ...headers, 'xi-api-key': this.config.apiKey, accept: 'application/json, audio/*' },
        signal: combined,
      });
    } catch (error) {
      if (signal?.aborted) throw new VoiceCloneError('aborted', 'engines:aborted', { setting: 'ELEVENLABS_URL' });
      if (timeout.aborted) throw new VoiceCloneError('engine_timeout', 'engines:voiceCloneTimeout', { setting: 'ELEVENLABS_URL', seconds: Math.round(this.timeoutMs / 1000) });
      const cause = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
      throw new VoiceCloneError('engine_failed', 'engines:voiceCloneFailed', { setting: 'ELEVENLABS_URL', detail: cause.slice(0, 200) });
    }
    if (response.status === 401 || response.status === 403) {
      await response.body?.cancel();
      throw new VoiceCloneError('engine_failed', 'engines:voiceCloneRefused', { setting: 'ELEVENLABS_API_KEY', status: response.status });
    }
    if (!response.ok) {
      // ElevenLabs answers {"detail": {"message": ...}} or {"detail": "..."}; keep the message only.
      const text = await response.text().catch(() => '');
      let detail = text;
      try {
        const parsed = JSON.parse(text) as { detail?: string | { message?: string } };
        detail = typeof parsed.detail === 'string' ? parsed.detail : (parsed.detail?.message ?? text);
      } catch {
        // not JSON: the text itself
      }
      throw new VoiceCloneError('engine_failed', 'engines:voiceCloneFailed', { setting: 'ELEVENLABS_URL', status: response.status, detail: detail.slice(0, 200) || `HTTP ${response.status}` });
    }
    return response;
  }
}
