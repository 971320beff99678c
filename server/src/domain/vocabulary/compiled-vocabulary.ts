// A VocabularySet made ready for the text paths: each list is compiled once into a one-pass matcher
// (phrase-matcher.ts) and kept with the set, so a meeting pays the compilation on its first final,
// not on every one. What each path does with it:
//   proper words  → correctWords(): the correction pass after an embedded recogniser;
//   replacements  → replace(): before → after, in finals and transcripts (the host's record too);
//   sensitive     → mask(): ★ per character, in what participants, invitees and cast screens see;
//   terms         → termsFor(): the glossary of a language pair (term-protection.ts uses it).
import { languageMatches } from '../../engines/languages';
import { applyCorrections, findCorrections, PROPER_WORD_THRESHOLD, properWordKeys, type ProperWordKey, type RunCache } from './phonetic-correction';
import { PhraseMatcher, type PhraseHit } from './phrase-matcher';
import type { TermPair, VocabularySet } from './vocabulary-source';

export const MASK_CHAR = '★';

/** One glossary entry oriented for a translation: `source` is found in the text, `target` is what the translation must say. */
export interface GlossaryEntry {
  source: string;
  target: string;
}

export class CompiledVocabulary {
  private readonly replacements: PhraseMatcher<string>;
  private readonly sensitive: PhraseMatcher<null>;
  private readonly properKeys: ProperWordKey[];
  /** Compared runs of recognised words, reused by the next finals of the meeting (threshold fixed). */
  private readonly runs: RunCache = new Map();
  private readonly glossaries = new Map<string, { entries: GlossaryEntry[]; matcher: PhraseMatcher<GlossaryEntry> }>();

  constructor(readonly set: VocabularySet) {
    this.replacements = new PhraseMatcher(set.replacements.filter((r) => r.before.trim()).map((r) => ({ phrase: r.before, data: r.after })));
    this.sensitive = new PhraseMatcher(set.sensitiveWords.map((word) => ({ phrase: word, data: null })));
    this.properKeys = properWordKeys(set.properWords);
  }

  /** Forgets the compared runs (the benchmark measures each round as a new meeting's first finals). */
  forgetRuns(): void {
    this.runs.clear();
  }

  get isEmpty(): boolean {
    const s = this.set;
    return !s.properWords.length && !s.terms.length && !s.sensitiveWords.length && !s.replacements.length;
  }

  get hasSensitiveWords(): boolean {
    return this.sensitive.size > 0;
  }

  /** Proper words to give a recogniser that takes hints (Whisper's prompt). */
  get hints(): string[] {
    return this.set.properWords;
  }

  /** Where replacements apply in a text (what replaceInWords maps back onto words). */
  replacementHits(text: string): PhraseHit<string>[] {
    return this.replacements.find(text);
  }

  replace(text: string): string {
    return this.replacements.replace(text, (hit) => hit.data);
  }

  mask(text: string): string {
    return this.sensitive.replace(text, (_hit, matched) => matched.replace(/\S/gu, MASK_CHAR));
  }

  /** Recognised words whose runs sound like a proper word are merged into it (timings of the run). */
  correctWords<W extends { text: string; startMs: number; endMs: number }>(words: readonly W[]): W[] {
    const corrections = findCorrections(
      words.map((w) => w.text),
      this.properKeys,
      PROPER_WORD_THRESHOLD,
      this.runs,
    );
    return applyCorrections(words, corrections, (run, text) => ({ ...run[0]!, text, endMs: run.at(-1)!.endMs }));
  }

  /** The terms of a translation from → to, in either direction of each pair, with their matcher. */
  glossary(from: string, to: string): { entries: GlossaryEntry[]; matcher: PhraseMatcher<GlossaryEntry> } {
    const key = `${from.toLowerCase()}→${to.toLowerCase()}`;
    let held = this.glossaries.get(key);
    if (!held) {
      const entries = this.set.terms.flatMap((term) => oriented(term, from, to));
      held = { entries, matcher: new PhraseMatcher(entries.map((entry) => ({ phrase: entry.source, data: entry }))) };
      this.glossaries.set(key, held);
    }
    return held;
  }
}

function oriented(term: TermPair, from: string, to: string): GlossaryEntry[] {
  if (!term.original.trim() || !term.translation.trim()) return [];
  if (languageMatches(term.originalLanguage, from) && languageMatches(term.translationLanguage, to)) return [{ source: term.original, target: term.translation }];
  if (languageMatches(term.translationLanguage, from) && languageMatches(term.originalLanguage, to)) return [{ source: term.translation, target: term.original }];
  return [];
}

const compiled = new WeakMap<VocabularySet, CompiledVocabulary>();

/** Compiled once per set object: a source that hands out the same set object reuses its matchers. */
export function compileVocabulary(set: VocabularySet): CompiledVocabulary {
  let held = compiled.get(set);
  if (!held) {
    held = new CompiledVocabulary(set);
    compiled.set(set, held);
  }
  return held;
}
