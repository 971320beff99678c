// Translation terms kept exactly (features §5 Vocabulary). A translator that follows a glossary in its
// request (a chat model) gets the terms found in the texts; any other (apertium, LibreTranslate) sees
// each term replaced by a placeholder it passes through untouched, and the placeholder is replaced
// by the term's fixed translation afterwards.
// The placeholder is a made-up word ("Zqvterm3z"): apertium passes unknown words through unchanged
// (checked with the real eng-spa pair in term-protection.test.ts), where a number could be reformatted
// and a bracket split off. Digits inside it number the terms of one text.
import type { Translator, TranslateRequest } from '../../engines/types';
import type { CompiledVocabulary, GlossaryEntry } from './compiled-vocabulary';

const placeholder = (index: number) => `Zqvterm${index}z`;
const PLACEHOLDER = /zqvterm(\d+)z/giu;

export interface ProtectedText {
  text: string;
  /** The fixed translations, by placeholder number. */
  targets: string[];
}

export function protectTerms(text: string, vocabulary: CompiledVocabulary, from: string, to: string): ProtectedText {
  const targets: string[] = [];
  const { matcher } = vocabulary.glossary(from, to);
  const protectedText = matcher.replace(text, (hit) => {
    targets.push(hit.data.target);
    return placeholder(targets.length - 1);
  });
  return { text: protectedText, targets };
}

export function restoreTerms(translated: string, targets: readonly string[]): string {
  return translated.replace(PLACEHOLDER, (whole, index: string) => targets[Number(index)] ?? whole);
}

/** The terms of the pair that occur in the texts (what a glossary-taking translator is sent). */
export function termsUsed(texts: readonly string[], vocabulary: CompiledVocabulary, from: string, to: string): GlossaryEntry[] {
  const { matcher } = vocabulary.glossary(from, to);
  const used = new Set<GlossaryEntry>();
  for (const text of texts) for (const hit of matcher.find(text)) used.add(hit.data);
  return [...used];
}

/** translator.translate with the vocabulary's terms kept exactly; without terms for the pair, a plain call. */
export async function translateWithTerms(
  translator: Translator,
  texts: string[],
  request: TranslateRequest,
  vocabulary: CompiledVocabulary | null | undefined,
): Promise<string[]> {
  if (!vocabulary || vocabulary.glossary(request.from, request.to).entries.length === 0) return translator.translate(texts, request);
  if (translator.takesGlossary) {
    const glossary = termsUsed(texts, vocabulary, request.from, request.to);
    return translator.translate(texts, glossary.length ? { ...request, glossary } : request);
  }
  const protectedTexts = texts.map((text) => protectTerms(text, vocabulary, request.from, request.to));
  const translated = await translator.translate(
    protectedTexts.map((p) => p.text),
    request,
  );
  return translated.map((text, index) => restoreTerms(text, protectedTexts[index]!.targets));
}
