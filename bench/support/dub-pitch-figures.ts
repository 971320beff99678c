// Original voice tone in the dubbing bench (issue 25): per speaker, the median F0 of the dubbed
// voice over that speaker's dubbed lines against the median F0 of the source speaker over their
// source lines, and the gap in semitones (aim: within 3). Both are measured with the pipeline's own
// estimator (pipeline/pitch.ts), so the figure says how far the voice was moved, not how two
// trackers disagree.
import { estimatePitchHz } from '../../server/src/domain/dubbing/pipeline/pitch';

export interface MonoPcm {
  samples: Int16Array;
  sampleRate: number;
}

export interface PitchLine {
  speaker: number;
  startMs: number;
  endMs: number;
  dubStartMs: number;
  dubEndMs: number;
}

export interface SpeakerPitchFigure {
  speaker: number;
  sourceHz: number | null;
  dubbedHz: number | null;
  /** 12·log2(dubbed / source): positive when the dub speaks higher; null when either had no voiced speech. */
  semitones: number | null;
}

export function dubPitchFigures(source: MonoPcm, dubbed: MonoPcm, lines: readonly PitchLine[]): SpeakerPitchFigure[] {
  const speakers = [...new Set(lines.map((l) => l.speaker))].sort((a, b) => a - b);
  return speakers.map((speaker) => {
    const own = lines.filter((l) => l.speaker === speaker);
    const sourceHz = estimatePitchHz(source.samples, source.sampleRate, own.map((l) => ({ startMs: l.startMs, endMs: l.endMs })));
    const dubbedHz = estimatePitchHz(dubbed.samples, dubbed.sampleRate, own.map((l) => ({ startMs: l.dubStartMs, endMs: l.dubEndMs })));
    const semitones = sourceHz && dubbedHz ? Math.round(12 * Math.log2(dubbedHz / sourceHz) * 10) / 10 : null;
    return { speaker, sourceHz: sourceHz && Math.round(sourceHz), dubbedHz: dubbedHz && Math.round(dubbedHz), semitones };
  });
}

/** One bench line per speaker, e.g. "speaker 1 pitch: source 118 Hz, dub 124 Hz, +0.9 semitones (aim within 3)". */
export function formatPitchFigures(figures: readonly SpeakerPitchFigure[]): string[] {
  return figures.map(({ speaker, sourceHz, dubbedHz, semitones }) => {
    const gap = semitones === null ? 'not measurable' : `${semitones >= 0 ? '+' : ''}${semitones.toFixed(1)} semitones`;
    return `speaker ${speaker + 1} pitch: source ${sourceHz ?? '–'} Hz, dub ${dubbedHz ?? '–'} Hz, ${gap} (aim within 3)`;
  });
}
