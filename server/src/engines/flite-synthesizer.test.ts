// flite's English voices with the real program: a wav, the pitch setting as a measured shift, the
// rate as a shorter read; and the router that puts them beside espeak-ng's voices.
import { describe, expect, it } from 'vitest';
import { estimatePitchHz } from '../domain/dubbing/pipeline/pitch';
import { matchSpeakerPitch } from '../domain/dubbing/pipeline/voice-pitch';
import { EspeakSynthesizer } from './espeak-synthesizer';
import { FliteSynthesizer } from './flite-synthesizer';
import { VoiceRouter } from './voice-router';
import { decodeWav, durationMsOf } from './wav';

const TEXT = 'Good morning everyone, and welcome to the meeting about the new project.';
const flite = new FliteSynthesizer();

async function spoken(wav: Promise<Buffer>) {
  const audio = decodeWav(await wav);
  return { hz: estimatePitchHz(audio.samples, audio.sampleRate, [{ startMs: 0, endMs: durationMsOf(audio) }])!, ms: durationMsOf(audio), rate: audio.sampleRate };
}

describe('flite voices', () => {
  it('lists four English voices with their gender, none for other languages', () => {
    expect(flite.voices('en-US').map((v) => `${v.id}/${v.gender}`)).toEqual(['flite:slt/female', 'flite:rms/male', 'flite:awb/male', 'flite:kal16/male']);
    expect(flite.voices('es-ES')).toEqual([]);
  });

  it('speaks the chosen voice; the pitch setting shifts it (75 → +6 semitones) and the rate shortens it', async () => {
    const own = await spoken(flite.synthesize(TEXT, { language: 'en-US', voice: 'flite:rms' }));
    const higher = await spoken(flite.synthesize(TEXT, { language: 'en-US', voice: 'flite:rms', pitch: 75 }));
    const faster = await spoken(flite.synthesize(TEXT, { language: 'en-US', voice: 'flite:rms', rate: 1.5 }));
    const female = await spoken(flite.synthesize(TEXT, { language: 'en-US', voice: 'flite:slt' }));
    expect(own.rate).toBe(16_000);
    expect(12 * Math.log2(higher.hz / own.hz)).toBeGreaterThan(4.5);
    expect(12 * Math.log2(higher.hz / own.hz)).toBeLessThan(7.5);
    expect(Math.abs(higher.ms - own.ms)).toBeLessThan(own.ms * 0.05);
    expect(faster.ms).toBeLessThan(own.ms * 0.8);
    expect(female.hz).toBeGreaterThan(own.hz * 1.3);
  }, 30_000);

  it('moves to a speaker\'s pitch like espeak-ng does (within 2 semitones of 150 Hz for rms)', async () => {
    const [matched] = await matchSpeakerPitch(flite, 'en-US', [{ id: 0, name: 'S', voice: 'flite:rms', pitch: 50, rate: 1, gender: 'male', sourcePitchHz: 150 }]);
    const moved = await spoken(flite.synthesize(TEXT, { language: 'en-US', voice: 'flite:rms', pitch: matched!.pitch }));
    expect(Math.abs(12 * Math.log2(moved.hz / 150))).toBeLessThan(2);
  }, 30_000);
});

describe('VoiceRouter', () => {
  const router = new VoiceRouter([flite, new EspeakSynthesizer()]);
  it('lists flite\'s voices first for English and sends each voice to its engine', async () => {
    expect(router.voices('en-US')[0]!.id).toBe('flite:slt');
    expect(router.voices('en-US').some((v) => v.id === 'en-us+m3')).toBe(true);
    expect(router.voices('es-ES').every((v) => !v.id.startsWith('flite:'))).toBe(true);
    // espeak-ng speaks at 22.05 kHz, flite at 16 kHz: the rate says who spoke.
    expect((await spoken(router.synthesize('hello there', { language: 'en-US', voice: 'en-us+m3' }))).rate).toBe(22_050);
    expect((await spoken(router.synthesize('hello there', { language: 'en-US', voice: 'flite:awb' }))).rate).toBe(16_000);
    expect((await spoken(router.synthesize('hola a todos', { language: 'es-ES' }))).rate).toBe(22_050);
  }, 30_000);
});
