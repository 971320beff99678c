import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeService, type FakeService } from './fake-service';
import { OpenAiSpeechSynthesizer } from './openai-speech-synthesizer';
import { encodeWav } from './wav';

const WAV = encodeWav(new Int16Array(24_000).map((_, i) => Math.round(8000 * Math.sin(i / 10))), 24_000);
let service: FakeService;

beforeAll(async () => {
  service = await startFakeService((request) =>
    request.json<{ input: string }>().input === 'broken' ? { body: 'not audio', contentType: 'audio/wav' } : { body: WAV, contentType: 'audio/wav' },
  );
});
afterAll(() => service.close());

describe('OpenAI-compatible speech adapter', () => {
  const synthesizer = () => new OpenAiSpeechSynthesizer({ url: service.url, apiKey: 'sk-tts', model: 'tts-1', voice: 'nova' }, 5_000);

  it('posts model, input, voice and response_format wav, and answers the wav bytes', async () => {
    const wav = await synthesizer().synthesize('Hello there', { language: 'en-US' });
    expect(wav.equals(WAV)).toBe(true);
    const request = service.requests.at(-1)!;
    expect(request.path).toBe('/v1/audio/speech');
    expect(request.headers.authorization).toBe('Bearer sk-tts');
    expect(request.json()).toEqual({ model: 'tts-1', input: 'Hello there', voice: 'nova', response_format: 'wav' });
    await synthesizer().synthesize('Hi', { language: 'en-US', voice: 'onyx' });
    expect(service.requests.at(-1)!.json<{ voice: string }>().voice).toBe('onyx');
    expect(synthesizer().voices()[0]!.id).toBe('nova');
  });

  it('sends a dubbed line\'s speaking rate as the documented speed, bounded to 0.25..4', async () => {
    await synthesizer().synthesize('Faster', { language: 'en-US', rate: 1.35, pitch: 60 });
    expect(service.requests.at(-1)!.json()).toEqual({ model: 'tts-1', input: 'Faster', voice: 'nova', response_format: 'wav', speed: 1.35 });
    await synthesizer().synthesize('Way too fast', { language: 'en-US', rate: 9 });
    expect(service.requests.at(-1)!.json<{ speed: number }>().speed).toBe(4);
  });

  it('refuses an answer that is not a wav', async () => {
    await expect(synthesizer().synthesize('broken', { language: 'en-US' })).rejects.toMatchObject({ code: 'engine_failed' });
  });
});
