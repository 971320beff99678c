// Streaming recognition for decoders that take audio incrementally (pocketsphinx's ps_process_raw
// through the ps-stream helper). The energy VAD stays the gate: only audio inside an utterance
// reaches the decoder, so silence never yields text. Each utterance's audio is handed over as it
// arrives; every partialIntervalMs of speech the decoder is asked for its best hypothesis so far
// (rescored over the words so far, see ps-stream.c — nothing is re-recognised), and the end of speech the VAD detects
// closes the utterance, whose final is then only the decoder's short second pass away.
import { Subject } from 'rxjs';
import type { RecognitionStream, RecognizedWord, StreamResult } from './types';
import { EnergyVad, type VadOptions } from './vad';
import { pcmBufferToSamples } from './wav';

/** A decoder session (one helper process): audio in, hypotheses out, answers in request order. */
export interface IncrementalDecoder {
  write(pcm16le: Buffer): void;
  partial(): Promise<RecognizedWord[]>;
  final(): Promise<RecognizedWord[]>;
  /** Called once with the reason when the decoder dies; answers a function that stops listening. */
  onExit(listener: (error: Error) => void): () => void;
}

/**
 * How often a live guess is asked for, in ms of speech: every 120 ms rather than 200 brings word
 * onset → first subtitle with the word down by about the difference (issue 26 aims at p95 ≤ 700 ms);
 * only a changed guess goes out, so readers get no more messages than words change.
 */
export const LIVE_PARTIAL_INTERVAL_MS = 120;
/**
 * Quiet that closes a live utterance: the final waits for it, so it is most of speech end → final
 * (aim p95 ≤ 600 ms). Shorter than the VAD's 450 ms default, still longer than the pauses between
 * words of one phrase; a longer pause makes two lines, not lost words (the live tests read the
 * same words). Uploads keep the default.
 */
export const LIVE_HANGOVER_MS = 300;
/**
 * Quiet the decoder hears after an utterance's last word: it decided its last words with 450 ms of
 * it (the VAD's default hangover), and with only 300 ms the live bench lost words. The VAD has
 * already closed the utterance, so the rest is the utterance's own quiet tail repeated — fed at
 * once, not waited for.
 */
const DECODER_QUIET_MS = 450;

/** An utterance's quiet tail (after its last loud frame, speechMs in) repeated up to DECODER_QUIET_MS. */
function quietPadding(samples: Int16Array, speechMs: number, sampleRate: number): Int16Array {
  const perMs = sampleRate / 1000;
  const quiet = samples.subarray(Math.min(samples.length, Math.round(speechMs * perMs)));
  const missing = Math.round((DECODER_QUIET_MS - quiet.length / perMs) * perMs);
  if (missing <= 0 || quiet.length === 0) return new Int16Array(0);
  const out = new Int16Array(missing);
  for (let i = 0; i < missing; i++) out[i] = quiet[i % quiet.length]!;
  return out;
}

export interface IncrementalStreamOptions<D extends IncrementalDecoder> {
  /** Gets a decoder (a pooled or new helper); the stream starts it at once, before audio comes. */
  acquire: () => Promise<D>;
  /** Hands a decoder back when the stream ended cleanly, or ends it (`reusable` false). */
  release: (decoder: D, reusable: boolean) => void;
  partialIntervalMs?: number;
  vad?: Partial<VadOptions>;
}

export interface IncrementalRecognitionStream extends RecognitionStream {
  /** Resolves once the decoder has answered everything asked of it so far (tests pace on it). */
  drained(): Promise<void>;
}

/** A decoder's words (times from the utterance's start) as a result on the stream's clock. */
function utteranceResult(kind: StreamResult['kind'], index: number, startMs: number, endMs: number, words: RecognizedWord[]): StreamResult {
  const shifted = words.map((w) => ({ ...w, startMs: w.startMs + startMs, endMs: w.endMs + startMs }));
  return {
    kind,
    utteranceIndex: index,
    text: shifted.map((w) => w.text).join(' '),
    startMs: shifted[0]?.startMs ?? startMs,
    endMs: shifted.at(-1)?.endMs ?? endMs,
    words: shifted,
  };
}

export function createIncrementalStream<D extends IncrementalDecoder>(options: IncrementalStreamOptions<D>): IncrementalRecognitionStream {
  const { partialIntervalMs = LIVE_PARTIAL_INTERVAL_MS } = options;
  const vad = new EnergyVad({ hangoverMs: LIVE_HANGOVER_MS, ...options.vad });
  const frameSamples = Math.round((vad.options.sampleRate * vad.options.frameMs) / 1000);
  const results$ = new Subject<StreamResult>();
  let decoder: D | null = null;
  let stopListening: () => void = () => undefined;
  // Every decoder call goes through this chain, so audio and requests reach it in order even
  // before it is acquired; its answers come back in the same order.
  let chain: Promise<unknown>;
  let accepting = true;
  let done = false;
  let utteranceIndex = 0;
  let utteranceStartMs = 0;
  let sentSamples = 0;
  let lastPartialAtMs = 0;
  let partialInFlight = false;
  let lastPartialText = '';
  let oddByte: Buffer | null = null;

  const fail = (error: unknown) => {
    if (done) return;
    done = true;
    accepting = false;
    stopListening();
    if (decoder) options.release(decoder, false);
    results$.error(error);
  };

  chain = options.acquire().then((acquired) => {
    if (done) return options.release(acquired, true);
    decoder = acquired;
    stopListening = acquired.onExit(fail);
  });
  chain.catch(fail);

  const withDecoder = <T>(work: (d: D) => T | Promise<T>): Promise<T | undefined> => {
    const next = chain.then(() => (done || !decoder ? undefined : work(decoder)));
    chain = next.catch(() => undefined);
    return next;
  };
  // Answers still owed by the decoder. A request joins the chain only until it is sent, not until it
  // is answered: audio written while a partial is being worked out reaches the decoder at once
  // instead of queueing behind the answer (the helper builds each partial's lattice in a child
  // process: a few ms, tens of ms on a loaded machine).
  let unanswered: Promise<unknown> = Promise.resolve();
  const ask = (request: (d: D) => Promise<RecognizedWord[]>): Promise<RecognizedWord[] | undefined> => {
    const answer = withDecoder((d) => ({ answer: request(d) })).then((sent) => sent?.answer);
    unanswered = Promise.all([unanswered, answer.catch(() => undefined)]);
    return answer;
  };
  const drained = () => chain.then(() => unanswered).then(() => undefined);

  const send = (samples: Int16Array) => {
    if (samples.length === 0) return;
    sentSamples += samples.length;
    const pcm = Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
    void withDecoder((d) => d.write(pcm)).catch(fail);
  };

  const emit = (kind: StreamResult['kind'], index: number, startMs: number, endMs: number, words: RecognizedWord[]) =>
    results$.next(utteranceResult(kind, index, startMs, endMs, words));

  const requestPartial = () => {
    partialInFlight = true;
    lastPartialAtMs = vad.positionMs;
    const index = utteranceIndex;
    const startMs = utteranceStartMs;
    const endMs = vad.positionMs;
    ask((d) => d.partial())
      .then((words) => {
        partialInFlight = false;
        const text = words?.map((w) => w.text).join(' ') ?? '';
        // Only a changed guess goes out: an unchanged one would cost every participant a message.
        if (done || !words || !text || index !== utteranceIndex || text === lastPartialText) return;
        lastPartialText = text;
        emit('partial', index, startMs, endMs, words);
      })
      .catch(fail);
  };

  const closeUtterance = (event: { startMs: number; endMs: number; samples: Int16Array }) => {
    send(event.samples.subarray(sentSamples));
    send(quietPadding(event.samples, event.endMs - event.startMs, vad.options.sampleRate));
    const index = utteranceIndex++;
    const partialShown = lastPartialText !== '';
    sentSamples = 0;
    lastPartialText = '';
    ask((d) => d.final())
      .then((words) => {
        if (done || !words) return;
        // An utterance with no words stays silent unless a partial must be cleared.
        if (words.length || partialShown) emit('final', index, event.startMs, event.endMs, words);
      })
      .catch(fail);
  };

  const handle = (events: ReturnType<EnergyVad['push']>) => {
    for (const event of events) {
      if (event.type === 'speechStart') {
        utteranceStartMs = event.startMs;
        lastPartialAtMs = event.startMs;
        sentSamples = 0;
      } else closeUtterance(event);
    }
    if (vad.speaking) {
      for (const frame of vad.utteranceFramesFrom(sentSamples / frameSamples)) send(frame);
      if (!partialInFlight && vad.positionMs - lastPartialAtMs >= partialIntervalMs) requestPartial();
    }
  };

  return {
    results$: results$.asObservable(),
    drained,
    write(pcm16le: Buffer) {
      if (!accepting) return;
      // Frames may split a sample across writes; keep the odd byte for the next one.
      const bytes: Buffer = oddByte ? Buffer.concat([oddByte, pcm16le]) : pcm16le;
      oddByte = bytes.length & 1 ? bytes.subarray(bytes.length - 1) : null;
      handle(vad.push(pcmBufferToSamples(bytes.subarray(0, bytes.length & ~1))));
    },
    end() {
      if (!accepting) return;
      accepting = false;
      handle(vad.flush());
      void drained().then(() => {
        if (done) return;
        done = true;
        stopListening();
        if (decoder) options.release(decoder, true);
        results$.complete();
      });
    },
    abort() {
      accepting = false;
      if (done) return;
      done = true;
      stopListening();
      // Audio of an unfinished utterance is still in the decoder: it is ended, not reused.
      if (decoder) options.release(decoder, false);
      results$.complete();
    },
  };
}
