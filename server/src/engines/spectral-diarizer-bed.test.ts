// Speakers found = speakers who spoke, on the dubbing benchmark's kind of source: three minutes of two
// alternating espeak voices (low male, high female) over a music bed, each voice saying four different
// sentences many times. The high voice's sentences lie up to 1.9 spreads apart (the low one's 0.6), so
// centroid agglomeration alone split it into a phantom third speaker (22 + 17 + 5 lines); the
// same-voice merge pass joins it back.
import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTwoSpeakerBedSource, type VoiceBedSource } from '../testing/voice-bed-source';
import { renumberByFirstAppearance, SpectralDiarizer } from './spectral-diarizer';
import { makeTempDir } from './test-audio';

const DURATION_MS = 3 * 60_000;
/** The dubbing form's "auto" bound (MAX_SPEAKERS in domain/dubbing/pipeline/speakers.ts). */
const AUTO_MAX_SPEAKERS = 34;

let dir: string;
let source: VoiceBedSource;

beforeAll(async () => {
  dir = await makeTempDir();
  source = await makeTwoSpeakerBedSource(dir, DURATION_MS);
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

describe('spectral diarizer on two voices over a music bed', () => {
  it('finds exactly the two speakers who spoke and labels every line as spoken ("auto": up to the form maximum)', async () => {
    const labels = await new SpectralDiarizer().assign(source.path, source.lines, { maxSpeakers: AUTO_MAX_SPEAKERS });
    expect(new Set(labels).size).toBe(2);
    expect(labels).toEqual(renumberByFirstAppearance(source.lines.map((line) => line.speaker)));
  });
});
