import { describe, expect, it } from 'vitest';
import { dubPitchFigures, formatPitchFigures } from './dub-pitch-figures';

const RATE = 16_000;

/** A voiced-like signal: a fundamental with two harmonics, hz changing per [fromMs, toMs) span. */
function tones(durationMs: number, spans: { fromMs: number; toMs: number; hz: number }[]): Int16Array {
  const samples = new Int16Array((durationMs / 1000) * RATE);
  for (const { fromMs, toMs, hz } of spans) {
    for (let i = (fromMs / 1000) * RATE; i < (toMs / 1000) * RATE; i++) {
      const t = (2 * Math.PI * hz * i) / RATE;
      samples[i] = Math.round(6000 * Math.sin(t) + 3000 * Math.sin(2 * t) + 1500 * Math.sin(3 * t));
    }
  }
  return samples;
}

describe('dubPitchFigures', () => {
  it('gives each speaker the dub-versus-source gap in semitones', () => {
    const source = tones(4000, [
      { fromMs: 0, toMs: 1000, hz: 110 },
      { fromMs: 2000, toMs: 3000, hz: 220 },
    ]);
    // Speaker 0 dubbed 2 semitones higher, speaker 1 five semitones lower, both placed later.
    const dubbed = tones(4000, [
      { fromMs: 500, toMs: 1500, hz: 110 * 2 ** (2 / 12) },
      { fromMs: 2500, toMs: 3500, hz: 220 * 2 ** (-5 / 12) },
    ]);
    const figures = dubPitchFigures({ samples: source, sampleRate: RATE }, { samples: dubbed, sampleRate: RATE }, [
      { speaker: 0, startMs: 0, endMs: 1000, dubStartMs: 500, dubEndMs: 1500 },
      { speaker: 1, startMs: 2000, endMs: 3000, dubStartMs: 2500, dubEndMs: 3500 },
    ]);
    expect(figures.map((f) => f.speaker)).toEqual([0, 1]);
    expect(figures[0]!.sourceHz).toBeCloseTo(110, -1);
    expect(figures[0]!.semitones!).toBeCloseTo(2, 0);
    expect(figures[1]!.sourceHz).toBeCloseTo(220, -1);
    expect(figures[1]!.semitones!).toBeCloseTo(-5, 0);
    expect(formatPitchFigures(figures)[1]).toMatch(/^speaker 2 pitch: source \d+ Hz, dub \d+ Hz, -\d\.\d semitones \(aim within 3\)$/);
  });

  it('says a speaker with silence in the dub is not measurable', () => {
    const source = tones(1000, [{ fromMs: 0, toMs: 1000, hz: 150 }]);
    const figures = dubPitchFigures({ samples: source, sampleRate: RATE }, { samples: new Int16Array(RATE), sampleRate: RATE }, [
      { speaker: 0, startMs: 0, endMs: 1000, dubStartMs: 0, dubEndMs: 1000 },
    ]);
    expect(figures[0]!.semitones).toBeNull();
    expect(formatPitchFigures(figures)[0]).toContain('not measurable');
  });
});
