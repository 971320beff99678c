// Remote recognition through the OpenAI transcription API, which Whisper servers (faster-whisper
// server, whisper.cpp server, LocalAI, vLLM) also speak: POST {base}/v1/audio/transcriptions,
// multipart with file + model + response_format=verbose_json + timestamp_granularities[]=word,
// answering { text, segments:[{start,end,text}], words:[{word,start,end}] } in seconds.
// Audio is sent as 16 kHz mono wav: a tenth of the size of a video and what Whisper resamples to.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { RemoteServiceConfig } from './config';
import { endpoint } from './config';
import { engineFailed } from './engine-errors';
import { postToService } from './http-client';
import { primaryLanguage } from './languages';
import { toWav16kMono } from './media';
import { withTempDir } from './temp-dir';
import type { RecognizedSegment, RecognizedWord, SpeechRecognizer, Transcript, TranscribeOptions } from './types';
import { createUtteranceStream } from './utterance-stream';
import { encodeWav } from './wav';

interface VerboseTranscription {
  text?: string;
  segments?: { start: number; end: number; text: string }[];
  words?: { word: string; start: number; end: number }[];
}

export class OpenAiTranscriptionRecognizer implements SpeechRecognizer {
  readonly id = 'openai-transcription';
  readonly takesHints = true;

  constructor(
    private readonly service: RemoteServiceConfig,
    private readonly timeoutMs: number,
  ) {}

  languages(): string[] {
    return ['*'];
  }

  async transcribe(mediaPath: string, options: TranscribeOptions): Promise<Transcript> {
    return withTempDir('asr-remote', async (dir) => {
      const wav = path.join(dir, 'audio.wav');
      await toWav16kMono(mediaPath, wav, { signal: options.signal });
      return this.transcribeWav(await fs.readFile(wav), options);
    });
  }

  createStream(options: { language: string; hints?: readonly string[] }) {
    // Whisper-style APIs take whole files, so streaming is VAD-cut utterances (see utterance-stream).
    return createUtteranceStream({
      recognize: (samples, signal) => this.transcribeWav(encodeWav(samples, 16_000), { language: options.language, signal, ...(options.hints ? { hints: options.hints } : {}) }),
    });
  }

  async transcribeWav(wav: Buffer, options: TranscribeOptions): Promise<Transcript> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(wav)], { type: 'audio/wav' }), 'audio.wav');
    form.append('model', this.service.model);
    form.append('response_format', 'verbose_json');
    form.append('timestamp_granularities[]', 'word');
    form.append('timestamp_granularities[]', 'segment');
    // The API takes ISO-639-1 codes; the region of a product tag means nothing to it.
    form.append('language', primaryLanguage(options.language));
    const prompt = hintPrompt(options.hints);
    if (prompt) form.append('prompt', prompt);
    const response = await postToService(endpoint(this.service.url, 'audio/transcriptions'), form, {
      engine: this.id,
      apiKey: this.service.apiKey,
      timeoutMs: this.timeoutMs,
      signal: options.signal,
    });
    let answer: VerboseTranscription;
    try {
      answer = (await response.json()) as VerboseTranscription;
    } catch (error) {
      throw engineFailed(this.id, 'answer is not verbose_json', response.status, error);
    }
    return fromVerboseJson(answer);
  }
}

/**
 * The user's proper words as the request's `prompt`: Whisper spells words of its prompt the way the
 * prompt does. Whisper reads only the last 224 tokens of a prompt, so the list is cut to about that
 * (≈ 4 characters a token) rather than have its start silently dropped.
 */
export const HINT_PROMPT_MAX_CHARS = 880;

export function hintPrompt(hints: readonly string[] | undefined): string {
  if (!hints?.length) return '';
  let prompt = '';
  for (const hint of hints) {
    const next = prompt ? `${prompt}, ${hint}` : hint;
    if (next.length > HINT_PROMPT_MAX_CHARS) break;
    prompt = next;
  }
  return prompt ? `${prompt}.` : '';
}

const ms = (seconds: number) => Math.round(seconds * 1000);

export function fromVerboseJson(answer: VerboseTranscription): Transcript {
  const words: RecognizedWord[] = (answer.words ?? [])
    .map((w) => ({ text: w.word.trim(), startMs: ms(w.start), endMs: ms(w.end) }))
    .filter((w) => w.text);
  const rawSegments = answer.segments?.length
    ? answer.segments
    : answer.text?.trim()
      ? [{ start: (words[0]?.startMs ?? 0) / 1000, end: (words.at(-1)?.endMs ?? 0) / 1000, text: answer.text }]
      : [];
  // Each word goes to the segment nearest its midpoint (inside it when possible); servers disagree
  // on exact boundaries and a word in a gap must not be lost.
  const buckets: RecognizedWord[][] = rawSegments.map(() => []);
  for (const word of words) {
    const mid = (word.startMs + word.endMs) / 2;
    let best = 0;
    let bestDistance = Infinity;
    rawSegments.forEach((segment, index) => {
      const distance = Math.max(0, ms(segment.start) - mid, mid - ms(segment.end));
      if (distance < bestDistance) [best, bestDistance] = [index, distance];
    });
    buckets[best]?.push(word);
  }
  const segments: RecognizedSegment[] = rawSegments
    .map((s, index) => ({ startMs: ms(s.start), endMs: ms(s.end), text: s.text.trim(), words: writtenForms(s.text, buckets[index]!) }))
    .filter((s) => s.text);
  return { words: segments.flatMap((s) => s.words), segments };
}

/**
 * Whisper's word list drops the punctuation its segment text has; the line segmenter cuts after a
 * sentence or clause mark by preference, so each word takes its written form from the segment text
 * (the word and the punctuation up to the next word). Words that cannot be found in order keep
 * their bare form.
 */
export function writtenForms(text: string, words: RecognizedWord[]): RecognizedWord[] {
  const lower = text.toLowerCase();
  const found: number[] = [];
  let cursor = 0;
  for (const word of words) {
    const at = lower.indexOf(word.text.toLowerCase(), cursor);
    if (at < 0) return words;
    found.push(at);
    cursor = at + word.text.length;
  }
  return words.map((word, index) => ({ ...word, text: text.slice(found[index], found[index + 1] ?? text.length).trim() || word.text }));
}
