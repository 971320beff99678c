// Transcript lines → sentences that can be quoted: each line cleaned, split at sentence boundaries by
// Intl.Segmenter (which knows Chinese full stops and English abbreviations), tidied, and kept with
// who said it, where it stands in the meeting and its content terms.
import type { SummaryLine } from '../types';
import { cleanText, tidySentence } from './clean';
import { termPerWord, wordsOf } from './terms';

export interface SentenceUnit {
  /** Position among all sentences of the transcript, 0-based. */
  index: number;
  text: string;
  speaker: string | null;
  startMs: number | null;
  /** Words as shown (for length budgets and the lead baseline). */
  wordCount: number;
  words: string[];
  /** Aligned with words: the word's content term, or null for a stop word. */
  wordTerms: (string | null)[];
  terms: string[];
  question: boolean;
}

const sentenceSegmenters = new Map<string, Intl.Segmenter>();

export function splitSentences(text: string, language: string): string[] {
  let segmenter = sentenceSegmenters.get(language);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(language, { granularity: 'sentence' });
    sentenceSegmenters.set(language, segmenter);
  }
  const sentences: string[] = [];
  for (const part of segmenter.segment(text)) {
    const trimmed = part.segment.trim();
    if (trimmed) sentences.push(trimmed);
  }
  return sentences;
}

export function sentencesOf(lines: readonly SummaryLine[], language: string): SentenceUnit[] {
  const units: SentenceUnit[] = [];
  for (const line of lines) {
    const cleaned = cleanText(line.text ?? '', language);
    if (!cleaned) continue;
    for (const raw of splitSentences(cleaned, language)) {
      const text = tidySentence(raw, language);
      if (!text) continue;
      const words = wordsOf(text, language);
      if (!words.length) continue;
      const wordTerms = termPerWord(words, language);
      units.push({
        index: units.length,
        text,
        speaker: line.speaker?.trim() || null,
        startMs: line.startMs ?? null,
        wordCount: words.length,
        words,
        wordTerms,
        terms: wordTerms.filter((term): term is string => term !== null),
        question: /[?？]$/.test(text),
      });
    }
  }
  return units;
}
