// The ElevenLabs adapter against a local server speaking its documented protocol: add-voice takes
// multipart name + files and answers {voice_id}; text-to-speech takes xi-api-key and {text, model_id}
// and answers raw PCM for output_format=pcm_16000. Refusals, slow answers and failures become
// translated errors naming the setting to check.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerI18n } from '../i18n';
import { ElevenLabsVoiceCloner } from './elevenlabs-voice-cloner';
import { loadEngineConfig } from './config';
import { startFakeService, type FakeService } from './fake-service';
import { decodeWav, encodeWav } from './wav';

const PCM = Buffer.from(Int16Array.from({ length: 1600 }, (_, i) => Math.round(7000 * Math.sin(i / 5))).buffer);
const SAMPLE = encodeWav(new Int16Array(16_000).fill(1000), 16_000);
let service: FakeService;
let mode: 'ok' | 'badKey' | 'slow' | 'broken' = 'ok';

beforeAll(async () => {
  service = await startFakeService((request) => {
    if (request.headers['xi-api-key'] !== 'xi-test' || mode === 'badKey') return { status: 401, json: { detail: { status: 'invalid_api_key', message: 'Invalid API key' } } };
    if (mode === 'slow') return { delayMs: 1500, json: { voice_id: 'late' } };
    if (mode === 'broken') return { status: 500, json: { detail: { message: 'voice quota exceeded' } } };
    if (request.path === '/v1/voices/add') return { json: { voice_id: 'vc-123' } };
    if (request.path.startsWith('/v1/text-to-speech/vc-123')) return { body: PCM, contentType: 'audio/pcm' };
    return { status: 404, json: { detail: 'not found' } };
  });
});
afterAll(() => service.close());

const cloner = (timeoutMs = 5_000, apiKey = 'xi-test') => new ElevenLabsVoiceCloner({ url: service.url, apiKey, model: 'eleven_multilingual_v2' }, timeoutMs);

describe('ElevenLabs voice cloning adapter', () => {
  it('uploads the speaker samples as multipart name + files and answers the voice id', async () => {
    mode = 'ok';
    const id = await cloner().addVoice('Speaker 1', [
      { fileName: 'speaker-1-a.wav', wav: SAMPLE },
      { fileName: 'speaker-1-b.wav', wav: SAMPLE },
    ]);
    expect(id).toBe('vc-123');
    const request = service.requests.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/voices/add');
    expect(request.headers['xi-api-key']).toBe('xi-test');
    const form = await request.formData();
    expect(form.get('name')).toBe('Speaker 1');
    const files = form.getAll('files') as File[];
    expect(files.map((f) => f.name)).toEqual(['speaker-1-a.wav', 'speaker-1-b.wav']);
    expect(Buffer.from(await files[0]!.arrayBuffer()).equals(SAMPLE)).toBe(true);
  });

  it('speaks with the cloned voice: JSON text + model_id, pcm_16000 wrapped as a wav', async () => {
    mode = 'ok';
    const wav = decodeWav(await cloner().synthesize('Hola a todos', { language: 'es-ES', voice: 'vc-123' }));
    expect(wav.sampleRate).toBe(16_000);
    expect(Buffer.from(wav.samples.buffer, wav.samples.byteOffset, wav.samples.byteLength).equals(PCM)).toBe(true);
    const request = service.requests.at(-1)!;
    expect(request.path).toBe('/v1/text-to-speech/vc-123?output_format=pcm_16000');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.json()).toEqual({ text: 'Hola a todos', model_id: 'eleven_multilingual_v2' });
  });

  it('turns a refused key, a slow answer and a failure into translated errors naming the setting', async () => {
    const t = (await createServerI18n()).translatorFor('en-US');
    const zh = (await createServerI18n()).translatorFor('zh-CN');
    mode = 'badKey';
    const refused = await cloner().addVoice('S', [{ fileName: 'a.wav', wav: SAMPLE }]).catch((e: unknown) => e);
    expect(refused).toMatchObject({ key: 'engines:voiceCloneRefused', params: { setting: 'ELEVENLABS_API_KEY', status: 401 } });
    const { key, params } = refused as { key: string; params: Record<string, unknown> };
    expect(t(key, params)).toBe('the voice cloning service refused the API key (HTTP 401); check ELEVENLABS_API_KEY');
    expect(zh(key, params)).toContain('ELEVENLABS_API_KEY');
    mode = 'slow';
    const slow = await cloner(300).synthesize('x', { language: 'es-ES', voice: 'vc-123' }).catch((e: unknown) => e);
    expect(slow).toMatchObject({ code: 'engine_timeout', key: 'engines:voiceCloneTimeout', params: { setting: 'ELEVENLABS_URL' } });
    mode = 'broken';
    const broken = (await cloner().synthesize('x', { language: 'es-ES', voice: 'vc-123' }).catch((e: unknown) => e)) as { key: string; params: Record<string, unknown> };
    expect(t(broken.key, broken.params)).toBe('voice cloning failed: voice quota exceeded; check ELEVENLABS_URL');
    const closed = new ElevenLabsVoiceCloner({ url: 'http://127.0.0.1:9', apiKey: 'xi-test', model: 'm' }, 2_000);
    await expect(closed.addVoice('S', [])).rejects.toMatchObject({ key: 'engines:voiceCloneFailed', params: { setting: 'ELEVENLABS_URL' } });
  });

  it('is configured by ELEVENLABS_API_KEY, with the vendor URL and the multilingual model by default', () => {
    expect(loadEngineConfig({}).voiceClone).toBeNull();
    expect(loadEngineConfig({ ELEVENLABS_API_KEY: 'k' }).voiceClone).toEqual({ url: 'https://api.elevenlabs.io', apiKey: 'k', model: 'eleven_multilingual_v2' });
    expect(loadEngineConfig({ ELEVENLABS_API_KEY: 'k', ELEVENLABS_URL: 'http://clone:8000' }).voiceClone?.url).toBe('http://clone:8000');
    expect(() => loadEngineConfig({ ELEVENLABS_API_KEY: 'k', ELEVENLABS_URL: 'ftp://x' })).toThrow(/ELEVENLABS_URL/);
  });
});
