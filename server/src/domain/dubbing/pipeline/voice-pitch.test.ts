// The dub voice's pitch is moved to the source speaker's median F0, checked by measuring the F0 of
// what espeak-ng really speaks with the chosen setting.
import { describe, expect, it } from 'vitest';
import { EspeakSynthesizer } from '../../../engines/espeak-synthesizer';
import type { SpeechSynthesizer } from '../../../engines/types';
import { decodeWav, encodeWav } from '../../../engines/wav';
import { estimatePitchHz } from './pitch';
import { matchSpeakerPitch, settingForPitch } from './voice-pitch';
import type { SpeakerVoice } from './voices';

const semitonesApart = (a: number, b: number) => Math.abs(12 * Math.log2(a / b));

async function spokenHz(synthesizer: SpeechSynthesizer, voice: SpeakerVoice): Promise<number> {
  const wav = decodeWav(await synthesizer.synthesize('buenos días a todos y bienvenidos a la reunión de hoy', { language: 'es-ES', voice: voice.voice, pitch: voice.pitch }));
  return estimatePitchHz(wav.samples, wav.sampleRate, [{ startMs: 0, endMs: (wav.samples.length / wav.sampleRate) * 1000 }])!;
}

const speaker = (voice: string, sourcePitchHz: number | null, gender: 'male' | 'female'): SpeakerVoice => ({
  id: 0,
  name: 'Speaker 1',
  voice,
  pitch: 50,
  rate: 1,
  gender,
  sourcePitchHz,
});

describe('settingForPitch', () => {
  const points = [
    { setting: 0, hz: 80 },
    { setting: 50, hz: 110 },
    { setting: 99, hz: 170 },
  ];
  it('interpolates in semitones between the measured settings and stops at the ends', () => {
    expect(settingForPitch(points, 110)).toBe(50);
    expect(settingForPitch(points, 60)).toBe(0);
    expect(settingForPitch(points, 400)).toBe(99);
    const between = settingForPitch(points, 137);
    expect(between).toBeGreaterThan(50);
    expect(between).toBeLessThan(99);
  });
  it('keeps 50 for an engine whose pitch does not follow the setting', () => {
    expect(settingForPitch([{ setting: 0, hz: 120 }, { setting: 99, hz: 121 }], 200)).toBe(50);
    expect(settingForPitch([], 200)).toBe(50);
  });
});

describe('matchSpeakerPitch with espeak-ng', () => {
  const espeak = new EspeakSynthesizer();

  it.each([
    ['es+m3', 95, 'male'],
    ['es+m3', 150, 'male'],
    ['es+f2', 165, 'female'],
    ['es+f2', 240, 'female'],
  ] as const)('%s speaks within 2 semitones of a %d Hz speaker (the voice\'s own pitch does not)', async (voice, hz, gender) => {
    const [matched] = await matchSpeakerPitch(espeak, 'es-ES', [speaker(voice, hz, gender)]);
    const own = await spokenHz(espeak, speaker(voice, hz, gender));
    const moved = await spokenHz(espeak, matched!);
    expect(semitonesApart(moved, hz)).toBeLessThan(2);
    expect(semitonesApart(moved, hz)).toBeLessThan(semitonesApart(own, hz));
  }, 30_000);

  it('leaves a speaker without measured pitch alone, and an engine without pitch control at 50', async () => {
    const flat: SpeechSynthesizer = {
      id: 'flat',
      languages: () => ['*'],
      voices: () => [{ id: 'v', language: '*' }],
      synthesize: async () => encodeWav(Int16Array.from({ length: 16_000 }, (_, i) => Math.round(9000 * Math.sin((2 * Math.PI * 140 * i) / 16_000))), 16_000),
    };
    const [unknown, flatVoice] = await matchSpeakerPitch(flat, 'es-ES', [{ ...speaker('v', null, 'male'), pitch: 37 }, speaker('v', 220, 'female')]);
    expect(unknown!.pitch).toBe(37);
    expect(flatVoice!.pitch).toBe(50);
  });
});
