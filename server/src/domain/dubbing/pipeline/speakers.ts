// Who speaks each line (the diarizer, auto or at most the chosen count) and how each speaker's voice
// sounds (median pitch over up to MAX_ANALYSED_MS of their lines).
import type { SpeakerDiarizer, TimeSpan } from '../../../engines/types';
import { estimatePitchHz } from './pitch';
import { openWavSlices } from './wav-slices';

/** The form's upper bound; "auto" lets the diarizer's distance threshold decide up to it. */
export const MAX_SPEAKERS = 34;
const MAX_ANALYSED_MS = 20_000;

export async function labelSpeakers(
  diarizer: SpeakerDiarizer,
  wavPath: string,
  spans: TimeSpan[],
  speakers: 'auto' | number,
  signal?: AbortSignal,
): Promise<number[]> {
  const maxSpeakers = speakers === 'auto' ? MAX_SPEAKERS : Math.min(MAX_SPEAKERS, Math.max(1, Math.floor(speakers)));
  if (maxSpeakers === 1) return spans.map(() => 0);
  return diarizer.assign(wavPath, spans, { maxSpeakers, signal });
}

export async function speakerPitches(wavPath: string, spans: TimeSpan[], labels: number[]): Promise<{ id: number; pitchHz: number | null }[]> {
  const wav = await openWavSlices(wavPath);
  try {
    const ids = [...new Set(labels)].sort((a, b) => a - b);
    const result: { id: number; pitchHz: number | null }[] = [];
    for (const id of ids) {
      let analysed = 0;
      const pieces: Int16Array[] = [];
      for (const [i, span] of spans.entries()) {
        if (labels[i] !== id || analysed >= MAX_ANALYSED_MS) continue;
        const endMs = Math.min(span.endMs, span.startMs + MAX_ANALYSED_MS - analysed);
        pieces.push(await wav.read(span.startMs, endMs));
        analysed += endMs - span.startMs;
      }
      const joined = new Int16Array(pieces.reduce((n, p) => n + p.length, 0));
      let at = 0;
      for (const p of pieces) {
        joined.set(p, at);
        at += p.length;
      }
      result.push({ id, pitchHz: estimatePitchHz(joined, wav.sampleRate, [{ startMs: 0, endMs: (joined.length / wav.sampleRate) * 1000 }]) });
    }
    return result;
  } finally {
    await wav.close();
  }
}
