// Spoken text as a reader wants it: without non-speech tags ({vocalsound}, [laughter]), fillers (um,
// uh, 嗯), stuttered repeats ("the the"), opening discourse markers ("So, okay, ...") and the spacing
// left by tokenised transcripts ("word ," → "word,"). What the speakers said is otherwise kept word
// for word: the summary quotes them.
import { isChinese } from '../languages';
import { fillerPatternFor, leadingMarkersFor, stopWordsFor } from './stop-words';

const NON_SPEECH = /\{[^}]*\}|\[[^\]]*\]|<[^>]*>|\([^)]*(?:laugh|cough|noise|inaudible|silence|risas|笑)[^)]*\)/gi;
// A word (or two-word group) said twice or more in a row: "I I think", "the the", "we need we need".
const STUTTER = /\b(\p{L}+(?:\s+\p{L}+)?)(?:[\s,]+\1\b)+/giu;
// Two-character words only: a doubled single character is often a word of its own (谢谢, 天天).
// Not after an apostrophe: the "s" of "it's so" is no fragment.
const FALSE_START = /(?<![\p{L}'’])(\p{L}{1,3})-?\s+(?=(\p{L}+))/gu;
const CHINESE_STUTTER = /(\p{Script=Han}{2})\1+/gu;

export function cleanText(text: string, language: string): string {
  let cleaned = text.replace(NON_SPEECH, ' ');
  // Repeats first: "I I think" must become "I think" before the hedge "I think" is dropped.
  if (!isChinese(language)) cleaned = cleaned.replace(STUTTER, '$1');
  cleaned = cleaned.replace(fillerPatternFor(language), ' ');
  if (isChinese(language)) {
    cleaned = cleaned
      .replace(/\s+/g, (space, offset: number, whole: string) =>
        // Spaces between Han characters come from tokenised text; between Latin words they are real.
        /[A-Za-z0-9]/.test(whole[offset - 1] ?? '') && /[A-Za-z0-9]/.test(whole[offset + space.length] ?? '') ? ' ' : '',
      )
      .replace(CHINESE_STUTTER, '$1');
  } else {
    // A cut-off word before the word it started ("h hour", "th the", "s- sorry") is a false start;
    // a real short word ("we were", "in information") is a stop word and stays.
    const stop = stopWordsFor(language);
    cleaned = cleaned.replace(FALSE_START, (whole, fragment: string, next: string) =>
      !stop.has(fragment.toLowerCase()) && next.toLowerCase().startsWith(fragment.toLowerCase()) && fragment.length < next.length ? '' : whole,
    );
  }
  cleaned = cleaned
    .replace(/\s+([,.!?;:%)\]])/g, '$1')
    .replace(/([(¿¡])\s+/g, '$1')
    .replace(/\s+(n't|'s|'re|'ll|'ve|'d|'m)\b/gi, '$1')
    .replace(/([,;:])(?:\s*[,;:])+/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
  return cleaned;
}

/** A sentence as it is shown: leading markers dropped, capital first letter, final stop kept. */
export function tidySentence(sentence: string, language: string): string {
  let tidy = sentence.trim().replace(leadingMarkersFor(language), '').replace(/^[,.;:，。、\s-]+/, '').trim();
  if (!tidy) return '';
  if (!isChinese(language)) {
    // A line often holds several sentences the segmenter keeps together ("… project. and I …": it
    // breaks only before a capital): each starts with a capital, and a stop left before a comma by a
    // cut filler ("Thank you., cool") goes.
    tidy = tidy.replace(/([.!?])\s*[,;:]+/g, '$1').replace(/([.!?]\s+)(\p{Ll})/gu, (_, stop: string, letter: string) => stop + letter.toUpperCase());
    tidy = tidy[0]!.toUpperCase() + tidy.slice(1);
  }
  if (!/[.!?。！？…]$/.test(tidy)) tidy += isChinese(language) ? '。' : '.';
  // A sentence ending in a comma-then-stop ("we could,.") from cut fillers reads as a typo.
  return tidy.replace(/[,，]\s*([.!?。！？])$/, '$1');
}
