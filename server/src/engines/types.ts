// The engine layer's contracts. The transcription pipeline (issue 4) and the live hub (issue 5)
// depend only on these interfaces, so an embedded engine and a remote adapter are interchangeable
// and the registry can pick one per language or language pair by configuration.
import type { Observable } from 'rxjs';

/** Product language codes are BCP 47 tags as the contract carries them (zh-CN, en-US, es-ES). */
export type LanguageCode = string;

export interface RecognizedWord {
  text: string;
  startMs: number;
  endMs: number;
  /** 0..1 when the engine reports one (pocketsphinx posterior, never invented). */
  confidence?: number;
}

export interface RecognizedSegment {
  startMs: number;
  endMs: number;
  text: string;
  words: RecognizedWord[];
}

export interface Transcript {
  words: RecognizedWord[];
  segments: RecognizedSegment[];
}

export interface TranscribeOptions {
  language: LanguageCode;
  signal?: AbortSignal;
  /** Proper words the speech may contain (the user's vocabulary); an engine that takes hints biases towards them. */
  hints?: readonly string[];
}

/**
 * One streaming result. A partial is the current guess for the utterance still being spoken and is
 * replaced by later partials; a final closes the utterance and is never revised. Times are relative to
 * the first byte written to the stream.
 */
export interface StreamResult {
  kind: 'partial' | 'final';
  /** Increases by one per utterance, so a consumer can tell which final replaces which partials. */
  utteranceIndex: number;
  text: string;
  startMs: number;
  endMs: number;
  words: RecognizedWord[];
}

export interface RecognitionStream {
  /** 16-bit little-endian PCM, 16 kHz, mono; any frame size. */
  write(pcm16le: Buffer): void;
  /** Flushes the utterance in progress; results$ completes after its final. */
  end(): void;
  /** Stops at once: pending recognitions are aborted and results$ completes without more values. */
  abort(): void;
  results$: Observable<StreamResult>;
}

export interface SpeechRecognizer {
  readonly id: string;
  /** Languages served; ['*'] means any language the remote service understands. */
  languages(): LanguageCode[];
  /** The input may be any media ffmpeg reads; engines convert to 16 kHz mono wav themselves. */
  transcribe(mediaPath: string, options: TranscribeOptions): Promise<Transcript>;
  createStream(options: { language: LanguageCode; hints?: readonly string[] }): RecognitionStream;
  /**
   * True when the engine itself is biased by `hints` (a prompt): then no correction pass runs after
   * it. An engine without it (pocketsphinx: a fixed dictionary) gets the phonetic correction pass.
   */
  readonly takesHints?: boolean;
}

export interface LanguagePair {
  from: LanguageCode;
  to: LanguageCode;
}

/** A term the translation must render exactly: `source` as it is in the text, `target` as it must come out. */
export interface GlossaryTerm {
  source: string;
  target: string;
}

export interface TranslateRequest extends LanguagePair {
  signal?: AbortSignal;
  /** Only read by a translator with takesGlossary; the others get the terms as placeholders instead. */
  glossary?: readonly GlossaryTerm[];
}

export interface Translator {
  readonly id: string;
  /** Pairs served; a remote service answers [{from:'*', to:'*'}]. */
  pairs(): LanguagePair[];
  /** One output per input, same order; the pipeline sends whole segments, the live hub one final. */
  translate(texts: string[], pair: TranslateRequest): Promise<string[]>;
  /**
   * True when the engine follows a glossary given in the request (a chat model's prompt). Otherwise
   * the terms are replaced by placeholders the engine passes through (domain/vocabulary/term-protection.ts).
   */
  readonly takesGlossary?: boolean;
}

export interface Voice {
  id: string;
  language: LanguageCode;
  gender?: 'male' | 'female';
}

export interface SynthesizeOptions {
  language: LanguageCode;
  voice?: string;
  signal?: AbortSignal;
  /** 0..99, 50 the voice's own pitch; an engine without pitch control ignores it. */
  pitch?: number;
  /** Speaking-rate multiplier, 1 the voice's normal rate; an engine without rate control ignores it. */
  rate?: number;
}

export interface SpeechSynthesizer {
  readonly id: string;
  languages(): LanguageCode[];
  voices(language?: LanguageCode): Voice[];
  /** Answers a complete RIFF/WAVE file with correct chunk sizes. */
  synthesize(text: string, options: SynthesizeOptions): Promise<Buffer>;
}

/** One transcript line as the summariser reads it; speaker and start time when known. */
export interface SummaryLine {
  text: string;
  speaker?: string | null;
  startMs?: number;
}

export interface SummarizeOptions {
  language: LanguageCode;
  /** Upper bound on the summary's sentences (mediaFixedCountSummary asks for a count). */
  sentences?: number;
  /** Upper bound on characters of the summary text. */
  maxChars?: number;
  signal?: AbortSignal;
}

/** A decision or an action item; `speaker` is who stated it when the transcript knows. */
export interface SummaryItem {
  text: string;
  speaker?: string | null;
}

/** What every summariser answers, offline or remote, in the language asked. */
export interface StructuredSummary {
  summary: string;
  keyPoints: string[];
  decisions: SummaryItem[];
  actionItems: SummaryItem[];
  keywords: string[];
  /** Which kind of engine wrote it: the embedded extractive one, or a chat model. */
  engine: 'offline' | 'llm';
  /** Set when the remote model failed and the offline summariser answered instead. */
  fallbackReason?: string;
}

export interface Summarizer {
  readonly id: string;
  summarize(lines: readonly SummaryLine[], options: SummarizeOptions): Promise<StructuredSummary>;
}

export interface TimeSpan {
  startMs: number;
  endMs: number;
}

export interface SpeakerDiarizer {
  readonly id: string;
  /**
   * Labels each segment with a speaker number 0..maxSpeakers-1, numbered by first appearance, so
   * the same person keeps one label across the recording. wavPath must be 16 kHz mono wav (the
   * pipeline already made one for recognition).
   */
  assign(wavPath: string, segments: TimeSpan[], options: { maxSpeakers: number; signal?: AbortSignal }): Promise<number[]>;
}
