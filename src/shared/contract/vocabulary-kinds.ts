// The one list of vocabulary library kinds (features §5, §9) and everything that differs between
// them, for the server's rules, the client's machines and the screens alike. Its keys must be exactly
// the contract's VocabularyKind enum: a kind added to openapi.yaml and not here fails the type check
// (the `satisfies` below), and contract-constants.test.ts compares the list with the YAML.
//
// Adding a kind: its value in openapi.yaml (VocabularyKind, then `npm run gen`), its row here, and its
// words in each locale's vocabulary.json (kind.<kind>, kindInText.<kind>, source.<kind>, and
// target.<kind> when paired; vocabulary-kind-labels.test.ts checks every locale has them). What the
// kind then does to a transcript is the engines' business (domain/vocabulary/library-source.ts).
import type { components } from '../../api/schema';

export type VocabularyKind = components['schemas']['VocabularyKind'];

/** Which languages a library of the kind is written in. */
export type VocabularyKindLanguages = 'none' | 'source' | 'sourceAndTranslation';

export interface VocabularyKindRule {
  /** Characters (code points) per side of one entry. */
  entryChars: number;
  /** Entries a library may hold when added by hand. */
  handCap: number;
  /** Entries a library may hold after an Excel import. */
  importCap: number;
  /** Entries have two sides (original → translation, before → after), both required. */
  paired: boolean;
  /** Languages the library names: a proper-word list its language, a term list both. */
  languages: VocabularyKindLanguages;
  /** The SVIP feature of the tier table (server tier-rules.ts) that lets the kind apply. */
  svipFeature: 'vocabulary' | 'terms' | 'sensitiveWords' | 'wordReplacement';
}

/**
 * Proper words 50 characters and terms 100 are the spec's; the spec gives no length for sensitive
 * words and replacements, so they take the contract's entry maximum (100). Hand caps: sensitive words
 * 150 (features §5); replacements share the terms' 200 (the benchmark loads 200). Import caps: rows
 * 150, 200, 300 by kind.
 */
export const VOCABULARY_KIND_RULES = {
  properWords: { entryChars: 50, handCap: 150, importCap: 150, paired: false, languages: 'source', svipFeature: 'vocabulary' },
  translationTerms: { entryChars: 100, handCap: 200, importCap: 200, paired: true, languages: 'sourceAndTranslation', svipFeature: 'terms' },
  sensitiveWords: { entryChars: 100, handCap: 150, importCap: 300, paired: false, languages: 'none', svipFeature: 'sensitiveWords' },
  wordReplacement: { entryChars: 100, handCap: 200, importCap: 200, paired: true, languages: 'none', svipFeature: 'wordReplacement' },
} as const satisfies Readonly<Record<VocabularyKind, VocabularyKindRule>>;

/** Every kind, in the order the screens show them (tabs, picker groups). */
export const VOCABULARY_KINDS = Object.keys(VOCABULARY_KIND_RULES) as readonly VocabularyKind[];

export const isVocabularyKind = (value: string): value is VocabularyKind => Object.hasOwn(VOCABULARY_KIND_RULES, value);

/** A per-kind table built from the rules (counts, caps...), with every kind present. */
export function byKind<T>(value: (kind: VocabularyKind, rule: VocabularyKindRule) => T): Record<VocabularyKind, T> {
  return Object.fromEntries(VOCABULARY_KINDS.map((kind) => [kind, value(kind, VOCABULARY_KIND_RULES[kind])])) as Record<VocabularyKind, T>;
}

/** The library names its (source) language. */
export const kindHasLanguage = (kind: VocabularyKind) => VOCABULARY_KIND_RULES[kind].languages !== 'none';
/** The library names a translation language too (and needs both). */
export const kindHasTranslationLanguage = (kind: VocabularyKind) => VOCABULARY_KIND_RULES[kind].languages === 'sourceAndTranslation';

/** i18n keys of a kind, all in the `vocabulary` namespace of each locale (client and server). */
export const vocabularyKindKeys = (kind: VocabularyKind) => ({
  /** Its name as a heading or tab ("Proper vocabulary"). */
  label: `vocabulary:kind.${kind}`,
  /** Its name inside a sentence and as a file name ("proper vocabulary"). */
  inText: `vocabulary:kindInText.${kind}`,
  /** The column of an entry's first side ("Word", "Original", "Before"). */
  source: `vocabulary:source.${kind}`,
  /** The column of a paired entry's second side ("Translation", "After"). */
  target: `vocabulary:target.${kind}`,
});
