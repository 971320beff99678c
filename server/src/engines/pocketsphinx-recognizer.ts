// Embedded English recogniser: CMU pocketsphinx 0.8 from Debian. Files run through
// pocketsphinx_continuous on a 16 kHz mono wav. It is small and offline, so a fresh machine can
// transcribe en-US; accuracy on real speech is modest, which is why ASR_URL (any Whisper server)
// takes precedence when set. `-time yes` prints one line per word with start/end seconds and a
// posterior, grouped in utterances between <s> and </s>; each utterance becomes a segment.
// Live streams decode incrementally in a ps-stream helper (pocketsphinx-stream/), one per active
// stream from a pool; when the helper cannot be built (no libpocketsphinx-dev or compiler) they fall
// back to re-recognising each utterance with pocketsphinx_continuous.
// The user's proper words (hints) steer the decoder itself: they are added to the dictionary and
// language model of the helper that decodes them (pocketsphinx-stream/hint-lexicon.ts), live and
// for uploads (the helper then decodes the whole file as pocketsphinx_continuous would). The
// phonetic correction pass still runs after (takesHints stays false).
import fs from 'node:fs/promises';
import path from 'node:path';
import { EngineUnavailableError } from './engine-errors';
import { languageMatches } from './languages';
import { toWav16kMono } from './media';
import { runProcess } from './run-process';
import { withTempDir } from './temp-dir';
import type { RecognizedSegment, RecognizedWord, SpeechRecognizer, Transcript, TranscribeOptions } from './types';
import { createIncrementalStream } from './incremental-stream';
import { ensureHelperBinary } from './pocketsphinx-stream/helper-build';
import { HelperPool } from './pocketsphinx-stream/helper-pool';
import { PocketsphinxHelper, type FileWord } from './pocketsphinx-stream/helper-process';
import { HINT_WEIGHT, hintLexicon, type HintWord } from './pocketsphinx-stream/hint-lexicon';
import { engineFailed } from './engine-errors';
import { createUtteranceStream } from './utterance-stream';
import { encodeWav } from './wav';

export interface PocketsphinxOptions {
  modelDir?: string;
  timeoutMs?: number;
  /** Live streams through the incremental helper (default) or by re-recognising utterances. */
  streaming?: boolean;
  /** Told once when the helper cannot be built and live streams fall back to utterances. */
  onStreamingUnavailable?: (error: unknown) => void;
}

const LANGUAGES = ['en-US'];
const WORD_LINE = /^(\S+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)$/;

export class PocketsphinxRecognizer implements SpeechRecognizer {
  readonly id = 'pocketsphinx';
  private readonly modelDir: string;
  private readonly timeoutMs: number;
  private streaming: boolean;
  /** The live helpers: one per active stream, a few idle ones warm. */
  readonly helpers: HelperPool;
  /** Dictionary entries of recent hint lists (a meeting's restarts and a user's uploads reuse them). */
  private readonly lexicons = new Map<string, Promise<HintWord[]>>();

  constructor(options: PocketsphinxOptions = {}) {
    this.modelDir = options.modelDir ?? '/usr/share/pocketsphinx/model/en-us';
    this.timeoutMs = options.timeoutMs ?? 30 * 60_000;
    this.streaming = options.streaming ?? true;
    this.helpers = new HelperPool({
      binary: () =>
        ensureHelperBinary().catch((error: unknown) => {
          // This stream fails with the reason; later streams use the utterance path.
          if (this.streaming) options.onStreamingUnavailable?.(error);
          this.streaming = false;
          throw error;
        }),
      args: [
        ...this.modelArgs(),
        // The flat-lexicon second pass re-searches the whole utterance at its end (0.3 s of CPU for
        // a 3 s sentence here, growing with length); the lattice pass alone keeps the final at a few
        // tens of ms and still gives word posteriors.
        '-fwdflat', 'no',
        // A live decoder must keep up with real time on shared cores. Capping active HMMs and word
        // exits per frame cut its CPU by about a third here (450-500 → 300-350 ms per second of audio
        // under load); the tighter 2000/5 halved it but lost words ("i want some water" → "i want
        // that was a"), so these are the caps kept.
        '-maxhmmpf', '3000',
        '-maxwpf', '10',
      ],
    });
  }

  get streamingMode(): 'incremental' | 'utterance' {
    return this.streaming ? 'incremental' : 'utterance';
  }

  languages(): string[] {
    return LANGUAGES;
  }

  async transcribe(mediaPath: string, options: TranscribeOptions): Promise<Transcript> {
    this.assertLanguage(options.language);
    return withTempDir('asr', async (dir) => {
      const wav = path.join(dir, 'input.wav');
      await toWav16kMono(mediaPath, wav, { signal: options.signal, timeoutMs: this.timeoutMs });
      return this.recognizeWav(wav, options.signal, options.hints);
    });
  }

  createStream(options: { language: string; hints?: readonly string[] }) {
    this.assertLanguage(options.language);
    return this.streaming ? this.createIncrementalStream(options.hints) : this.createUtteranceStream(options.hints);
  }

  /**
   * Live recognition decoded as the audio comes, in a pooled ps-stream helper. With hints the helper
   * gets the words before any audio (audio written meanwhile waits in order) and is ended, not
   * pooled, when the stream ends.
   */
  createIncrementalStream(hints: readonly string[] = []) {
    const lexicon = hints.length ? this.lexicon(hints).catch(() => []) : null;
    return createIncrementalStream({
      acquire: async () => {
        const helper = await this.helpers.acquire();
        const words = (await lexicon) ?? [];
        if (words.length) helper.addWords(words, HINT_WEIGHT).catch(() => undefined);
        return helper;
      },
      release: (helper, reusable) => (reusable ? this.helpers.release(helper) : helper.kill()),
    });
  }

  /** The dictionary entries of a hint list, kept for the last few lists. */
  lexicon(hints: readonly string[], signal?: AbortSignal): Promise<HintWord[]> {
    const key = hints.join('\n');
    let pending = this.lexicons.get(key);
    if (!pending) {
      pending = hintLexicon(hints, path.join(this.modelDir, 'cmudict-en-us.dict'), signal);
      pending.catch(() => this.lexicons.delete(key));
      if (this.lexicons.size >= 16) this.lexicons.delete(this.lexicons.keys().next().value!);
      this.lexicons.set(key, pending);
    }
    return pending;
  }

  /** Starts a live helper ahead of the first stream (the model takes a second or more to load). */
  prepareStreams(): void {
    if (this.streaming) this.helpers.warm().catch(() => undefined);
  }

  /** Compiles the live helper at server start, so the first meeting does not wait for the compiler. */
  prepareStreamingBinary(): void {
    if (this.streaming) this.helpers.prepareBinary().catch(() => undefined);
  }

  async close(): Promise<void> {
    this.helpers.close();
  }

  /** Live recognition by re-recognising each utterance from its start (the path before the helper). */
  createUtteranceStream(hints?: readonly string[]) {
    return createUtteranceStream({
      recognize: (samples, signal) =>
        withTempDir('asr-utt', async (dir) => {
          const wav = path.join(dir, 'utterance.wav');
          await fs.writeFile(wav, encodeWav(samples, 16_000));
          return this.recognizeWav(wav, signal, hints);
        }),
    });
  }

  /**
   * wavPath must already be 16 kHz mono 16-bit. With hints it is decoded by a ps-stream helper that
   * holds the words; without a helper (no compiler or libpocketsphinx-dev) by pocketsphinx_continuous.
   */
  async recognizeWav(wavPath: string, signal?: AbortSignal, hints?: readonly string[]): Promise<Transcript> {
    if (hints?.length) {
      // A helper that fails with the words (one crashed with 150 words in the benchmark, not yet
      // understood) leaves the file to pocketsphinx_continuous and the correction pass: never a failed job.
      const steered = await this.recognizeWavWithWords(wavPath, hints, signal).catch((error: unknown) => {
        signal?.throwIfAborted();
        void error;
        return null;
      });
      if (steered) return steered;
    }
    const { stdout } = await runProcess(
      this.id,
      'pocketsphinx_continuous',
      [
        '-infile', wavPath,
        '-time', 'yes',
        ...this.modelArgs(),
      ],
      { signal, timeoutMs: this.timeoutMs },
    );
    return parsePocketsphinxTimes(stdout.toString('utf8'));
  }

  /** null when no helper can be built or no hint can be spelled in phones. */
  private async recognizeWavWithWords(wavPath: string, hints: readonly string[], signal?: AbortSignal): Promise<Transcript | null> {
    let binary: string;
    try {
      binary = await ensureHelperBinary();
    } catch {
      return null;
    }
    const lexicon = await this.lexicon(hints, signal);
    if (!lexicon.length) return null;
    signal?.throwIfAborted();
    // Its own helper with the upload path's settings (the live caps and single pass are for latency).
    const helper = new PocketsphinxHelper(binary, this.modelArgs());
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      helper.kill();
    }, this.timeoutMs);
    const abort = () => helper.kill();
    signal?.addEventListener('abort', abort, { once: true });
    try {
      await helper.addWords(lexicon, HINT_WEIGHT);
      return transcriptOfFileWords(await helper.decodeFile(wavPath));
    } catch (error) {
      signal?.throwIfAborted();
      if (timedOut) throw engineFailed(this.id, `recognition timed out after ${this.timeoutMs} ms`);
      throw error;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
      helper.stop();
    }
  }

  private modelArgs(): string[] {
    return [
      '-hmm', path.join(this.modelDir, 'en-us'),
      '-lm', path.join(this.modelDir, 'en-us.lm.bin'),
      '-dict', path.join(this.modelDir, 'cmudict-en-us.dict'),
      '-logfn', '/dev/null',
    ];
  }

  private assertLanguage(language: string) {
    if (!LANGUAGES.some((supported) => languageMatches(supported, language))) {
      throw new EngineUnavailableError('engines:noAsr', { language, setting: 'ASR_URL' });
    }
  }
}

/** A helper's whole-file answer as words and per-utterance segments. */
export function transcriptOfFileWords(words: readonly FileWord[]): Transcript {
  const segments: RecognizedSegment[] = [];
  let current = -1;
  for (const { utterance, ...word } of words) {
    if (utterance === current) segments.at(-1)!.words.push(word);
    else segments.push({ startMs: word.startMs, endMs: word.endMs, text: '', words: [word] });
    current = utterance;
  }
  for (const segment of segments) {
    segment.endMs = segment.words.at(-1)!.endMs;
    segment.text = segment.words.map((w) => w.text).join(' ');
  }
  return { words: segments.flatMap((s) => s.words), segments };
}

/** Turns `pocketsphinx_continuous -time yes` output into words and per-utterance segments. */
export function parsePocketsphinxTimes(output: string): Transcript {
  const segments: RecognizedSegment[] = [];
  let current: RecognizedWord[] = [];
  const closeSegment = () => {
    if (current.length) {
      segments.push({
        startMs: current[0]!.startMs,
        endMs: current.at(-1)!.endMs,
        text: current.map((w) => w.text).join(' '),
        words: current,
      });
    }
    current = [];
  };
  for (const line of output.split('\n')) {
    const match = WORD_LINE.exec(line.trim());
    if (!match) continue;
    const [, token = '', start = '0', end = '0', posterior = '0'] = match;
    if (token === '<s>') {
      closeSegment();
      continue;
    }
    if (token === '</s>') {
      closeSegment();
      continue;
    }
    // Fillers (<sil>, [NOISE], ++BREATH++) are not words the speaker said.
    if (token.startsWith('<') || token.startsWith('[') || token.startsWith('+')) continue;
    current.push({
      // "the(2)" names a pronunciation variant of "the".
      text: token.replace(/\(\d+\)$/, ''),
      startMs: Math.round(Number(start) * 1000),
      endMs: Math.round(Number(end) * 1000),
      confidence: Math.min(1, Math.max(0, Number(posterior))),
    });
  }
  closeSegment();
  return { words: segments.flatMap((s) => s.words), segments };
}
