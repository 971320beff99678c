// The embedded recogniser (pocketsphinx) only knows the words of its dictionary, so a proper word it
// lacks comes out as ordinary words that sound like it ("david og" for Datadog). This pass looks at
// every run of 1–3 recognised words, and replaces a run by the proper word it sounds most like when
// their distance is at most PROPER_WORD_THRESHOLD. Distance = the mean of two normalised edit
// distances (0 same, 1 nothing alike): of the Double Metaphone codes (how it sounds) and of the
// letters (how it is spelled, which keeps "the data" from passing for "Figma").
// The threshold is measured on espeak-ng speech recognised by pocketsphinx: bench/vocabulary-threshold.ts.
import { doubleMetaphone } from 'double-metaphone';
import { distance as editDistance } from 'fastest-levenshtein';

/** bench/vocabulary-threshold.ts on the fixed set: no false insertion from 0.34 to 0.44 (first at 0.46), hits rise until 0.34; the middle of that range. */
export const PROPER_WORD_THRESHOLD = 0.38;
const MAX_RUN = 3;

export interface ProperWordKey {
  word: string;
  letters: string;
  codes: readonly string[];
}

/** Letters only, lower case: what sound and spelling are compared on. */
export function lettersOf(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

function codesOf(letters: string): string[] {
  const [primary, secondary] = doubleMetaphone(letters);
  return primary === secondary ? [primary] : [primary, secondary];
}

/** Only words of a spaced, Latin-like script are phonetically comparable (Double Metaphone is for English). */
const LATIN = /^[a-z0-9]+$/;

export function properWordKeys(properWords: readonly string[]): ProperWordKey[] {
  const keys: ProperWordKey[] = [];
  for (const word of properWords) {
    const letters = lettersOf(word);
    if (letters.length < 3 || !LATIN.test(letters)) continue;
    keys.push({ word: word.trim(), letters, codes: codesOf(letters) });
  }
  return keys;
}

const normalised = (a: string, b: string) => editDistance(a, b) / Math.max(a.length, b.length, 1);

/** 0..1: how far the recognised letters are from the proper word, by sound and by spelling. */
export function soundDistance(key: ProperWordKey, letters: string, codes: readonly string[]): number {
  let phonetic = 1;
  for (const a of key.codes) for (const b of codes) phonetic = Math.min(phonetic, normalised(a, b));
  return (phonetic + normalised(key.letters, letters)) / 2;
}

export interface Correction {
  /** Index of the first recognised word replaced and how many were. */
  start: number;
  count: number;
  word: string;
  distance: number;
}

/**
 * The replacements for a word sequence: the closest run–proper word pairs first, never overlapping.
 * A run already spelled as the proper word is left as it is (apart from its case).
 */
export function findCorrections(words: readonly string[], keys: readonly ProperWordKey[], threshold = PROPER_WORD_THRESHOLD): Correction[] {
  if (keys.length === 0 || words.length === 0) return [];
  const letters = words.map(lettersOf);
  const candidates: Correction[] = [];
  for (let start = 0; start < words.length; start++) {
    let joined = '';
    for (let count = 1; count <= MAX_RUN && start + count <= words.length; count++) {
      const next = letters[start + count - 1]!;
      if (!next || !LATIN.test(next)) break;
      joined += next;
      const codes = codesOf(joined);
      for (const key of keys) {
        // Lengths too far apart cannot be within the threshold; skip the edit distances.
        if (joined.length < key.letters.length / 2 || joined.length > key.letters.length * 2) continue;
        const distance = joined === key.letters ? 0 : soundDistance(key, joined, codes);
        if (distance <= threshold) candidates.push({ start, count, word: key.word, distance });
      }
    }
  }
  candidates.sort((a, b) => a.distance - b.distance || b.count - a.count || a.start - b.start);
  const taken = new Array<boolean>(words.length).fill(false);
  const chosen: Correction[] = [];
  for (const c of candidates) {
    let free = true;
    for (let i = c.start; i < c.start + c.count; i++) if (taken[i]) free = false;
    if (!free) continue;
    for (let i = c.start; i < c.start + c.count; i++) taken[i] = true;
    chosen.push(c);
  }
  return chosen.sort((a, b) => a.start - b.start);
}

/**
 * Applies the corrections to any word list: `merge` builds the one word that replaces a run (timings
 * from its first and last word). Punctuation after the run's last word is kept.
 */
export function applyCorrections<W extends { text: string }>(words: readonly W[], corrections: readonly Correction[], merge: (run: W[], text: string) => W): W[] {
  if (corrections.length === 0) return [...words];
  const out: W[] = [];
  let cursor = 0;
  for (const c of corrections) {
    out.push(...words.slice(cursor, c.start));
    const run = words.slice(c.start, c.start + c.count);
    const trailing = /[^\p{L}\p{N}]*$/u.exec(run.at(-1)!.text)?.[0] ?? '';
    out.push(merge(run, c.word + trailing));
    cursor = c.start + c.count;
  }
  out.push(...words.slice(cursor));
  return out;
}
