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
  /** Which characters occur (charMask), for the cheap floors of soundDistanceWithin. */
  lettersMask: number;
  codeMasks: readonly number[];
}

/** A bit per character class (a–z; digits share the remaining bits): merging classes keeps the floor valid. */
export function charMask(text: string): number {
  let mask = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    mask |= 1 << (c >= 97 && c <= 122 ? c - 97 : 26 + (c % 6));
  }
  return mask;
}

function popcount(n: number): number {
  let v = n - ((n >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/**
 * A floor of the normalised edit distance from lengths and character sets: every character class
 * one string has and the other lacks costs at least one edit, and so does every character of length difference.
 */
function floorOf(lengthA: number, maskA: number, lengthB: number, maskB: number): number {
  const missing = Math.max(popcount(maskA & ~maskB), popcount(maskB & ~maskA));
  return Math.max(Math.abs(lengthA - lengthB), missing) / Math.max(lengthA, lengthB, 1);
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
    const codes = codesOf(letters);
    keys.push({ word: word.trim(), letters, codes, lettersMask: charMask(letters), codeMasks: codes.map(charMask) });
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

/**
 * soundDistance, or Infinity as soon as it cannot be within `threshold`: floors from lengths and
 * character sets first, then the phonetic distance, the spelling distance last. Same answers, far
 * fewer edit distances (the benchmark's 150 proper words times every run of a final).
 */
export function soundDistanceWithin(key: ProperWordKey, letters: string, codes: readonly string[], threshold: number, lettersMask = charMask(letters), codeMasks = codes.map(charMask)): number {
  const spellingFloor = floorOf(key.letters.length, key.lettersMask, letters.length, lettersMask);
  if (spellingFloor / 2 > threshold) return Infinity;
  let phoneticFloor = 1;
  for (let i = 0; i < key.codes.length; i++) {
    for (let j = 0; j < codes.length; j++) phoneticFloor = Math.min(phoneticFloor, floorOf(key.codes[i]!.length, key.codeMasks[i]!, codes[j]!.length, codeMasks[j]!));
  }
  if ((phoneticFloor + spellingFloor) / 2 > threshold) return Infinity;
  let phonetic = 1;
  for (const a of key.codes) for (const b of codes) phonetic = Math.min(phonetic, normalised(a, b));
  if ((phonetic + spellingFloor) / 2 > threshold) return Infinity;
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
/** The proper words within the threshold of one run of letters, closest first is not implied. */
function matchesOf(joined: string, keys: readonly ProperWordKey[], threshold: number): Array<{ word: string; distance: number }> {
  const codes = codesOf(joined);
  const lettersMask = charMask(joined);
  const codeMasks = codes.map(charMask);
  const found: Array<{ word: string; distance: number }> = [];
  for (const key of keys) {
    // Lengths too far apart cannot be within the threshold; skip the edit distances.
    if (joined.length < key.letters.length / 2 || joined.length > key.letters.length * 2) continue;
    const distance = joined === key.letters ? 0 : soundDistanceWithin(key, joined, codes, threshold, lettersMask, codeMasks);
    if (distance <= threshold) found.push({ word: key.word, distance });
  }
  return found;
}

/** Runs already compared, by their letters (speech repeats its runs: "to the", "we need"); bounded. */
export type RunCache = Map<string, Array<{ word: string; distance: number }>>;
const RUN_CACHE_SIZE = 20_000;

export function findCorrections(words: readonly string[], keys: readonly ProperWordKey[], threshold = PROPER_WORD_THRESHOLD, cache?: RunCache): Correction[] {
  if (keys.length === 0 || words.length === 0) return [];
  const letters = words.map(lettersOf);
  const candidates: Correction[] = [];
  for (let start = 0; start < words.length; start++) {
    let joined = '';
    for (let count = 1; count <= MAX_RUN && start + count <= words.length; count++) {
      const next = letters[start + count - 1]!;
      if (!next || !LATIN.test(next)) break;
      joined += next;
      let found = cache?.get(joined);
      if (!found) {
        found = matchesOf(joined, keys, threshold);
        if (cache) {
          if (cache.size >= RUN_CACHE_SIZE) cache.clear();
          cache.set(joined, found);
        }
      }
      for (const match of found) candidates.push({ start, count, ...match });
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
