// The translations of one live final: one per meeting translation language, in parallel. A language
// without an engine (or whose engine fails) gets the engine's i18n key in translationErrors instead
// of a text; nothing is invented.
import { EngineError } from '../engines/engine-errors';
import type { Engines } from '../engines/registry';
import type { CompiledVocabulary } from '../domain/vocabulary/compiled-vocabulary';
import { translateWithTerms } from '../domain/vocabulary/term-protection';
import { readsSpokenLanguage } from '../../../src/shared/contract/meeting-languages';

export interface FinalTranslations {
  translations: Record<string, string>;
  translationErrors: Record<string, string>;
}

/**
 * The languages a final is translated into: the meeting's first translation language (the one its
 * record keeps, and the host reads) and every other meeting language someone reads now. Without a
 * reader count (no roster) every meeting language is. The spoken language itself never is: its
 * readers get the line as spoken, not a copy of it labelled a translation.
 */
export async function translationTargets(spoken: string, meetingLanguages: readonly string[], reading?: () => Promise<string[]>): Promise<string[]> {
  const read = reading ? new Set((await reading()).map((l) => l.toLowerCase())) : null;
  return meetingLanguages.filter(
    (language, index) => !readsSpokenLanguage(spoken, language) && (!read || index === 0 || read.has(language.toLowerCase())),
  );
}

export async function translateFinal(engines: Engines, from: string, targets: readonly string[], text: string, vocabulary?: CompiledVocabulary | null): Promise<FinalTranslations> {
  const translations: Record<string, string> = {};
  const translationErrors: Record<string, string> = {};
  await Promise.all(
    targets.map(async (to) => {
      try {
        // Translation terms kept exactly (placeholders, or a glossary for a translator that takes one).
        const [out] = await translateWithTerms(engines.translatorFor(from, to), [text], { from, to }, vocabulary);
        translations[to] = out ?? '';
      } catch (error) {
        translationErrors[to] = error instanceof EngineError ? error.key : 'engines:engineFailed';
      }
    }),
  );
  return { translations, translationErrors };
}
