// The vocabulary on recognised words, for uploads (a whole transcript) and live finals alike: proper
// words corrected first (only after an engine that took no hints), then replacements before → after.
// Both work on the word list, so the lines cut from it and their timings carry the changes.
import { joinWords } from '../transcript/line-segmenter';
import type { Transcript } from '../../engines/types';
import type { CompiledVocabulary } from './compiled-vocabulary';

interface TimedText {
  text: string;
  startMs: number;
  endMs: number;
}

/**
 * Replacements on a word list: the words a replacement touches become one word holding the text
 * around and the replacement (a replacement to nothing removes them), timed from first to last.
 */
export function replaceInWords<W extends TimedText>(words: readonly W[], vocabulary: CompiledVocabulary): W[] {
  let joined = '';
  const spans: Array<{ start: number; end: number }> = [];
  for (const word of words) {
    const text = word.text.trim();
    joined = joinWords([{ text: joined }, { text }]);
    spans.push({ start: joined.length - text.length, end: joined.length });
  }
  const hits = vocabulary.replacementHits(joined);
  if (hits.length === 0) return [...words];
  const out: W[] = [];
  let index = 0;
  for (const hit of hits) {
    while (index < words.length && spans[index]!.end <= hit.start) out.push(words[index++]!);
    const first = index;
    while (index < words.length && spans[index]!.start < hit.end) index++;
    if (first === index) continue;
    const before = joined.slice(spans[first]!.start, hit.start);
    const after = joined.slice(hit.end, spans[index - 1]!.end);
    const text = `${before}${hit.data}${after}`.trim();
    if (text) out.push({ ...words[first]!, text, endMs: words[index - 1]!.endMs });
  }
  out.push(...words.slice(index));
  return out;
}

export function vocabularyOnWords<W extends TimedText>(words: readonly W[], vocabulary: CompiledVocabulary, options: { correct: boolean }): W[] {
  return replaceInWords(options.correct ? vocabulary.correctWords(words) : words, vocabulary);
}

/** A final or segment: its words changed, and its text written from them (or replaced as text when it has no words). */
export function vocabularyOnUtterance<W extends TimedText>(utterance: { text: string; words: readonly W[] }, vocabulary: CompiledVocabulary, options: { correct: boolean }): { text: string; words: W[] } {
  if (utterance.words.length === 0) return { text: vocabulary.replace(utterance.text), words: [] };
  const words = vocabularyOnWords(utterance.words, vocabulary, options);
  const changed = words.length !== utterance.words.length || words.some((w, i) => w.text !== utterance.words[i]!.text);
  return { text: changed ? joinWords(words) : utterance.text, words };
}

export function applyVocabularyToTranscript(transcript: Transcript, vocabulary: CompiledVocabulary, options: { correct: boolean }): Transcript {
  const segments = transcript.segments.map((segment) => ({ ...segment, ...vocabularyOnUtterance(segment, vocabulary, options) }));
  return { segments, words: segments.flatMap((s) => s.words) };
}
