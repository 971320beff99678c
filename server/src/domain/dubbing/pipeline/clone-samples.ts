// Clean samples of one speaker for voice cloning: the speaker's own lines cut from the 16 kHz mono
// source, minus every stretch another speaker's line overlaps (two voices at once would teach the
// clone both), minus 150 ms at each edge of a cut (line boundaries come from recognition and often
// clip the neighbour's last syllable). Pieces under 1.5 s carry too little voice and are dropped;
// up to 90 s in all, the most a cloning service needs for a likeness.
import type { TimeSpan } from '../../../engines/types';
import { encodeWav } from '../../../engines/wav';
import { openWavSlices } from './wav-slices';

const EDGE_MS = 150;
const MIN_PIECE_MS = 1500;
const MAX_TOTAL_MS = 90_000;

/** The speaker's spans with other speakers' spans taken out, edges trimmed, short pieces dropped. */
export function cleanSpans(spans: readonly TimeSpan[], labels: readonly number[], speaker: number): TimeSpan[] {
  const others = spans.filter((_, i) => labels[i] !== speaker);
  const pieces: TimeSpan[] = [];
  for (const [i, span] of spans.entries()) {
    if (labels[i] !== speaker) continue;
    let parts: TimeSpan[] = [{ ...span }];
    for (const other of others) {
      parts = parts.flatMap((p) =>
        other.endMs <= p.startMs || other.startMs >= p.endMs
          ? [p]
          : [
              { startMs: p.startMs, endMs: other.startMs },
              { startMs: other.endMs, endMs: p.endMs },
            ].filter((q) => q.endMs > q.startMs),
      );
    }
    for (const p of parts) {
      const trimmed = { startMs: p.startMs + EDGE_MS, endMs: p.endMs - EDGE_MS };
      if (trimmed.endMs - trimmed.startMs >= MIN_PIECE_MS) pieces.push(trimmed);
    }
  }
  const kept: TimeSpan[] = [];
  let total = 0;
  for (const p of pieces) {
    if (total >= MAX_TOTAL_MS) break;
    const endMs = Math.min(p.endMs, p.startMs + MAX_TOTAL_MS - total);
    kept.push({ startMs: p.startMs, endMs });
    total += endMs - p.startMs;
  }
  return kept;
}

/** One wav per clean piece of the speaker, named for the upload (speaker-2-01.wav, ...). */
export async function speakerCloneSamples(
  wavPath: string,
  spans: readonly TimeSpan[],
  labels: readonly number[],
  speaker: number,
): Promise<{ fileName: string; wav: Buffer }[]> {
  const wav = await openWavSlices(wavPath);
  try {
    const samples: { fileName: string; wav: Buffer }[] = [];
    for (const [i, span] of cleanSpans(spans, labels, speaker).entries()) {
      const pcm = await wav.read(span.startMs, span.endMs);
      samples.push({ fileName: `speaker-${speaker + 1}-${String(i + 1).padStart(2, '0')}.wav`, wav: encodeWav(pcm, wav.sampleRate) });
    }
    return samples;
  } finally {
    await wav.close();
  }
}
