// Streaming recognition for recognisers that only take whole recordings (pocketsphinx 0.8's
// command-line tool, Whisper-style HTTP APIs). The energy VAD cuts the incoming PCM into
// utterances; each closed utterance is recognised once and becomes a final. While someone is still
// speaking, the utterance so far is re-recognised at most every partialIntervalMs of audio and
// becomes a partial; a partial is skipped when the recogniser is still busy, so a slow engine
// degrades to fewer partials, never to a growing backlog. Silence never reaches the recogniser,
// which is the "no invented text" gate of the live hub.
import { Subject } from 'rxjs';
import type { RecognitionStream, StreamResult, Transcript } from './types';
import { EnergyVad, type VadOptions } from './vad';
import { pcmBufferToSamples } from './wav';

export type UtteranceRecognizer = (samples: Int16Array, signal: AbortSignal) => Promise<Transcript>;

export interface UtteranceStreamOptions {
  recognize: UtteranceRecognizer;
  partialIntervalMs?: number;
  vad?: Partial<VadOptions>;
}

export function createUtteranceStream(options: UtteranceStreamOptions): RecognitionStream {
  const { recognize, partialIntervalMs = 1000 } = options;
  const vad = new EnergyVad(options.vad);
  const results$ = new Subject<StreamResult>();
  const controller = new AbortController();
  let queue: Promise<void> = Promise.resolve();
  let utteranceIndex = 0;
  let partialPending = false;
  let lastPartialAtMs = 0;
  let oddByte: Buffer | null = null;
  let accepting = true;
  let done = false;
  const partialShown = new Set<number>();

  // A failing recogniser ends the stream with its error; the live hub decides whether to reopen.
  const fail = (error: unknown) => {
    if (done) return;
    done = true;
    accepting = false;
    controller.abort();
    results$.error(error);
  };

  // Recognitions run one at a time, in order, so results leave in the order the audio came.
  const enqueue = (work: () => Promise<void>) => {
    queue = queue.then(() => (done ? undefined : work())).catch(fail);
  };

  const emitFinal = (index: number, startMs: number, endMs: number, samples: Int16Array) =>
    enqueue(async () => {
      const transcript = await recognize(samples, controller.signal);
      const result = toResult('final', index, startMs, endMs, transcript);
      // An utterance the recogniser found no words in stays silent unless a partial must be cleared.
      if (!done && (result.text || partialShown.has(index))) results$.next(result);
      partialShown.delete(index);
    });

  const maybeEmitPartial = () => {
    if (!vad.speaking || partialPending || vad.positionMs - lastPartialAtMs < partialIntervalMs) return;
    const current = vad.currentUtterance();
    if (!current) return;
    partialPending = true;
    lastPartialAtMs = vad.positionMs;
    const index = utteranceIndex;
    const endMs = vad.positionMs;
    enqueue(async () => {
      try {
        const transcript = await recognize(current.samples, controller.signal);
        const result = toResult('partial', index, current.startMs, endMs, transcript);
        if (!done && result.text) {
          partialShown.add(index);
          results$.next(result);
        }
      } finally {
        partialPending = false;
      }
    });
  };

  const handle = (events: ReturnType<EnergyVad['push']>) => {
    for (const event of events) {
      if (event.type === 'speechStart') lastPartialAtMs = event.startMs;
      else emitFinal(utteranceIndex++, event.startMs, event.endMs, event.samples);
    }
  };

  return {
    results$: results$.asObservable(),
    write(pcm16le: Buffer) {
      if (!accepting) return;
      // Frames may split a sample across writes; keep the odd byte for the next one.
      const bytes: Buffer = oddByte ? Buffer.concat([oddByte, pcm16le]) : pcm16le;
      oddByte = bytes.length & 1 ? bytes.subarray(bytes.length - 1) : null;
      handle(vad.push(pcmBufferToSamples(bytes.subarray(0, bytes.length & ~1))));
      maybeEmitPartial();
    },
    end() {
      if (!accepting) return;
      accepting = false;
      handle(vad.flush());
      queue = queue.then(() => {
        if (done) return;
        done = true;
        results$.complete();
      });
    },
    abort() {
      accepting = false;
      if (done) return;
      done = true;
      controller.abort();
      results$.complete();
    },
  };
}

function toResult(kind: StreamResult['kind'], utteranceIndex: number, startMs: number, endMs: number, transcript: Transcript): StreamResult {
  const words = transcript.words.map((w) => ({ ...w, startMs: w.startMs + startMs, endMs: w.endMs + startMs }));
  return {
    kind,
    utteranceIndex,
    // Segment text keeps the engine's own spacing (none between Chinese characters).
    text: transcript.segments.map((s) => s.text.trim()).filter(Boolean).join(' ') || words.map((w) => w.text).join(' '),
    startMs: words[0]?.startMs ?? startMs,
    endMs: words.at(-1)?.endMs ?? endMs,
    words,
  };
}
