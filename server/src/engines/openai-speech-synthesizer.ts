// Remote read-aloud through the OpenAI speech API (also served by openedai-speech, Kokoro-FastAPI,
// LocalAI): POST {base}/v1/audio/speech { model, input, voice, response_format: 'wav' } → audio bytes.
import type { EngineConfig } from './config';
import { endpoint } from './config';
import { engineFailed } from './engine-errors';
import { postToService } from './http-client';
import type { SpeechSynthesizer, SynthesizeOptions, Voice } from './types';
import { decodeWav } from './wav';

/** The API's documented voices; servers that host others accept their own names via TTS_VOICE. */
const OPENAI_VOICES = ['alloy', 'echo', 'fable', 'onyx', 'nova', 'shimmer'];

export class OpenAiSpeechSynthesizer implements SpeechSynthesizer {
  readonly id = 'openai-speech';

  constructor(
    private readonly service: NonNullable<EngineConfig['tts']>,
    private readonly timeoutMs: number,
  ) {}

  languages(): string[] {
    return ['*'];
  }

  voices(language = '*'): Voice[] {
    // A server hosting its own voices (Kokoro, openedai-speech) lists them in TTS_VOICES[_<LANG>].
    const offered = this.service.voices ?? OPENAI_VOICES;
    const names = [this.service.voice, ...offered.filter((v) => v !== this.service.voice)];
    return names.map((id) => ({ id, language }));
  }

  async synthesize(text: string, options: SynthesizeOptions): Promise<Buffer> {
    // The API's speed (0.25..4, default 1) carries the dub's per-line rate; it has no pitch control.
    const speed = options.rate !== undefined && options.rate !== 1 ? { speed: Math.min(4, Math.max(0.25, Number(options.rate.toFixed(3)))) } : {};
    const response = await postToService(
      endpoint(this.service.url, 'audio/speech'),
      JSON.stringify({ model: this.service.model, input: text, voice: options.voice ?? this.service.voice, response_format: 'wav', ...speed }),
      { engine: this.id, apiKey: this.service.apiKey, timeoutMs: this.timeoutMs, signal: options.signal, contentType: 'application/json' },
    );
    const audio = Buffer.from(await response.arrayBuffer());
    // Check the promise of the interface (a wav) here rather than in every caller.
    try {
      decodeWav(audio);
    } catch (error) {
      throw engineFailed(this.id, `answer is not a wav file (${(error as Error).message})`, response.status, error);
    }
    return audio;
  }
}
