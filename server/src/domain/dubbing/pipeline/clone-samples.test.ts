import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeWav, encodeWav } from '../../../engines/wav';
import { cleanSpans, speakerCloneSamples } from './clone-samples';

describe('clean samples of a speaker for cloning', () => {
  it('keeps only the speaker\'s own speech: overlaps with others removed, edges trimmed, short pieces dropped', () => {
    const spans = [
      { startMs: 0, endMs: 4000 }, // speaker 0, overlapped by speaker 1 from 3000
      { startMs: 3000, endMs: 6000 }, // speaker 1
      { startMs: 6000, endMs: 7000 }, // speaker 0, too short once trimmed
      { startMs: 8000, endMs: 12_000 }, // speaker 0, clean
    ];
    const labels = [0, 1, 0, 0];
    expect(cleanSpans(spans, labels, 0)).toEqual([
      { startMs: 150, endMs: 2850 },
      { startMs: 8150, endMs: 11_850 },
    ]);
    expect(cleanSpans(spans, labels, 1)).toEqual([{ startMs: 4150, endMs: 5850 }]);
  });

  it('stops at 90 seconds of speech', () => {
    const spans = Array.from({ length: 20 }, (_, i) => ({ startMs: i * 10_000, endMs: i * 10_000 + 9000 }));
    const kept = cleanSpans(spans, spans.map(() => 0), 0);
    expect(kept.reduce((n, s) => n + s.endMs - s.startMs, 0)).toBe(90_000);
  });

  it('cuts the pieces from the source as wav files carrying exactly that audio', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'parley-clone-'));
    try {
      const samples = Int16Array.from({ length: 16_000 * 6 }, (_, i) => (i < 16_000 * 3 ? 1000 : -2000));
      const source = path.join(dir, 'source.wav');
      await fs.writeFile(source, encodeWav(samples, 16_000));
      const files = await speakerCloneSamples(source, [{ startMs: 0, endMs: 3000 }, { startMs: 3000, endMs: 6000 }], [1, 0], 1);
      expect(files.map((f) => f.fileName)).toEqual(['speaker-2-01.wav']);
      const cut = decodeWav(files[0]!.wav);
      expect(cut.samples.length).toBe(16_000 * 2.7);
      expect(cut.samples.every((v) => v === 1000)).toBe(true);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
