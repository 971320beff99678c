// Words and content terms of a sentence. Intl.Segmenter (ICU, built into Node) splits words for every
// supported language, Chinese included, where words are not separated by spaces. Content terms are
// the lower-cased words minus stop words, lightly stemmed (plural endings) for English and Spanish so
// "decision" and "decisions" count as one topic.
import { isChinese, primaryLanguage } from '../languages';
import { stopWordsFor } from './stop-words';

const wordSegmenters = new Map<string, Intl.Segmenter>();

function wordSegmenter(language: string): Intl.Segmenter {
  let segmenter = wordSegmenters.get(language);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(language, { granularity: 'word' });
    wordSegmenters.set(language, segmenter);
  }
  return segmenter;
}

// Languages written with spaces split on them (much faster than ICU on a 4-hour transcript).
const SPACED_WORD = /[\p{L}\p{N}]+(?:['’.-][\p{L}\p{N}]+)*/gu;

export function wordsOf(text: string, language: string): string[] {
  if (!isChinese(language)) return text.match(SPACED_WORD) ?? [];
  const words: string[] = [];
  for (const part of wordSegmenter(language).segment(text)) if (part.isWordLike) words.push(part.segment);
  return words;
}

function stem(word: string, primary: string): string {
  if (primary === 'en') {
    if (word.length > 4 && word.endsWith('ies')) return word.slice(0, -3) + 'y';
    if (word.length > 3 && word.endsWith('s') && !/(?:ss|us|is)$/.test(word)) return word.slice(0, -1);
    return word;
  }
  if (primary === 'es') {
    if (word.length > 4 && /[^aeiou]es$/.test(word)) return word.slice(0, -2);
    if (word.length > 3 && word.endsWith('s')) return word.slice(0, -1);
  }
  return word;
}

/** Per word, its content term, or null for a stop word; numbers count (prices, dates), single letters do not. */
export function termPerWord(words: readonly string[], language: string): (string | null)[] {
  const stop = stopWordsFor(language);
  const primary = primaryLanguage(language);
  const chinese = isChinese(language);
  return words.map((word) => {
    const lower = word.toLowerCase();
    if (stop.has(lower)) return null;
    // A lone Han character is mostly a particle or a verb fragment; two or more make a word.
    if (chinese ? [...lower].length < 2 && !/[a-z0-9]/.test(lower) : lower.length < 2) return null;
    return stem(lower, primary);
  });
}

/** The words that carry a topic, stemmed. */
export function contentTerms(words: readonly string[], language: string): string[] {
  return termPerWord(words, language).filter((term): term is string => term !== null);
}
