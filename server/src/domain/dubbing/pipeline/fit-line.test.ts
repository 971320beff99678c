// The per-line budget with the real espeak-ng: a line that fits is left at its voice's rate; a
// longer one is sped up, then stretched; what cannot fit even then is reported as overrun.
import { describe, expect, it } from 'vitest';
import { EspeakSynthesizer } from '../../../engines/espeak-synthesizer';
import { clipMs } from './clip-audio';
import { fitLine, MAX_RATE, MAX_STRETCH } from './fit-line';
import { chooseVoices } from './voices';

const espeak = new EspeakSynthesizer();
const [voice] = chooseVoices(espeak, 'es-ES', [{ id: 0, pitchHz: 120 }]);
const TEXT = 'buenos días a todos y bienvenidos a la reunión de hoy';

describe('per-line timing budget', () => {
  it('leaves a line that fits at the normal rate, trimmed of padding', async () => {
    const fit = await fitLine(espeak, TEXT, 10_000, voice!, 'es-ES');
    expect([fit.rate, fit.stretch, fit.overrunMs]).toEqual([1, 1, 0]);
    expect(clipMs(fit.samples)).toBeGreaterThan(1500);
  });

  it('speeds up, then stretches a line into a tighter slot', async () => {
    const natural = clipMs((await fitLine(espeak, TEXT, 10_000, voice!, 'es-ES')).samples);
    const slot = natural / 1.7;
    const fit = await fitLine(espeak, TEXT, slot, voice!, 'es-ES');
    expect(fit.rate).toBeGreaterThan(1);
    expect(fit.overrunMs).toBe(0);
    expect(clipMs(fit.samples)).toBeLessThanOrEqual(slot);
  });

  it('reports what cannot fit even at the bounds as overrun', async () => {
    const fit = await fitLine(espeak, TEXT, 400, voice!, 'es-ES');
    expect(fit.rate).toBe(MAX_RATE);
    expect(fit.stretch).toBe(MAX_STRETCH);
    expect(fit.overrunMs).toBeGreaterThan(0);
    expect(fit.overrunMs).toBe(Math.max(0, Math.round(clipMs(fit.samples) - 400)));
  });
});

describe('voices per speaker', () => {
  it('gives a low speaker a male voice and a high one a female voice, different voices for same-gender speakers, and keeps earlier ones', () => {
    const chosen = chooseVoices(espeak, 'en-US', [{ id: 0, pitchHz: 100 }, { id: 1, pitchHz: 230 }, { id: 2, pitchHz: 110 }, { id: 3, pitchHz: null }]);
    expect(chosen.map((s) => s.gender)).toEqual(['male', 'female', 'male', 'male']);
    // espeak has two male en-US variants: the third male speaker shares one, at another pitch.
    expect(chosen[0]!.voice).not.toBe(chosen[2]!.voice);
    const sharing = chosen.find((s) => s.id !== 3 && s.voice === chosen[3]!.voice)!;
    expect(sharing.gender).toBe('male');
    expect(Math.abs(sharing.pitch - chosen[3]!.pitch)).toBeGreaterThanOrEqual(10);
    expect(chosen[1]!.pitch).toBeGreaterThan(chosen[0]!.pitch);
    const again = chooseVoices(espeak, 'en-US', [{ id: 0, pitchHz: 240 }], [{ ...chosen[0]!, pitch: 44 }]);
    expect(again[0]).toEqual({ ...chosen[0]!, pitch: 44 });
  });
});
