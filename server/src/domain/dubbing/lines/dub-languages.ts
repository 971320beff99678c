// dubbingGetLanguage: the languages of the dubbing dialog, built from the same per-engine lists the
// upload and read-aloud pickers use (domain/transcript/language-lists.ts), so this server's real
// engines decide and nothing is duplicated. Each item is a language to dub INTO:
// - available only when a synthesiser speaks it AND some engine translates into it; otherwise it is
//   listed unavailable with the translated reason and the setting that would add the missing engine
//   (TTS_URL first: without a voice nothing can be dubbed into it; then TRANSLATE_URL);
// - `sources`: the languages a video may be spoken in to be dubbed into it without an SRT — this
//   server recognises their speech and translates from them into it;
// - `voices`: the synthesiser's voice ids for it (the speakers' voices are chosen among these);
// - `engine`: the synthesiser that speaks it (the picker names it beside the language).
// The dialog's spoken-language picker offers the languages found in some target's `sources`.
import type { Locale } from '../../../../../src/shared/contract/limits';
import type { Engines } from '../../../engines/registry';
import type { ServerT } from '../../../i18n';
import { recognitionLanguages, synthesisLanguages, translationLanguages, type LanguageItem } from '../../transcript/language-lists';

export function dubbingLanguages(engines: Engines, locale: Locale, t: ServerT): LanguageItem[] {
  const recognised = new Set(recognitionLanguages(engines, locale, t).filter((l) => l.available).map((l) => l.code));
  const translations = new Map(translationLanguages(engines, locale, t).map((l) => [l.code, l]));
  return synthesisLanguages(engines, locale, t).map((speech) => {
    const translation = translations.get(speech.code);
    const sources = (translation?.sources ?? []).filter((from) => recognised.has(from));
    const missing = speech.available === false ? speech : translation?.available === false ? translation : null;
    return {
      code: speech.code,
      name: speech.name,
      available: missing === null,
      setting: missing?.setting ?? null,
      unavailableReason: missing?.unavailableReason ?? null,
      sources,
      voices: speech.voices ?? [],
      ...(missing === null && speech.engine ? { engine: speech.engine } : {}),
    };
  });
}
