// The language lists the clients offer (upload form, meetings, text translation, read-aloud),
// built from the product's language table and what the engine registry of this server can really
// serve. A language with no engine is still listed, marked unavailable with the setting that would
// add one, so the user sees why it cannot be chosen instead of failing after an upload.
import type { components } from '../../../../src/api/schema';
import type { Locale } from '../../../../src/shared/contract/limits';
import { EngineUnavailableError } from '../../engines/engine-errors';
import type { Engines } from '../../engines/registry';
import { servingEngine, type ServingEngine } from '../../engines/serving-engine';
import type { ServerT } from '../../i18n';
import { translate } from './translate';

export type LanguageItem = components['schemas']['LanguageItem'];

/** The languages the product offers, in the order the pickers show them. */
export const PRODUCT_LANGUAGES: readonly string[] = [
  'zh-CN', 'zh-TW', 'en-US', 'en-GB', 'zh-HK', 'ja-JP', 'ko-KR', 'es-ES', 'fr-FR', 'de-DE', 'it-IT', 'pt-PT', 'ru-RU',
  'ar-SA', 'hi-IN', 'th-TH', 'vi-VN', 'id-ID',
];

/** The language's name in the interface language (CLDR names through Intl, in all three locales). */
export function languageDisplayName(code: string, locale: Locale): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

type Probe = () => { id: string };

/** Runs the registry's choice: the engine it picks, or (EngineUnavailableError) why none; anything else is a bug. */
function choose(check: Probe): { engine: ServingEngine } | { missing: EngineUnavailableError } {
  try {
    return { engine: servingEngine(check()) };
  } catch (error) {
    if (error instanceof EngineUnavailableError) return { missing: error };
    throw error;
  }
}

function probe(check: Probe): EngineUnavailableError | null {
  const chosen = choose(check);
  return 'missing' in chosen ? chosen.missing : null;
}

function item(code: string, locale: Locale, t: ServerT, missing: EngineUnavailableError | null): LanguageItem {
  return {
    code,
    name: languageDisplayName(code, locale),
    available: missing === null,
    setting: missing?.params.setting ?? null,
    unavailableReason: missing ? translate(t, missing.key, missing.params) : null,
  };
}

/** The item with the engine the registry picks for it (the same choice the jobs and meetings make). */
function served(code: string, locale: Locale, t: ServerT, check: Probe): LanguageItem {
  const chosen = choose(check);
  return 'missing' in chosen ? item(code, locale, t, chosen.missing) : { ...item(code, locale, t, null), engine: chosen.engine };
}

export function recognitionLanguages(engines: Engines, locale: Locale, t: ServerT): LanguageItem[] {
  return PRODUCT_LANGUAGES.map((code) => served(code, locale, t, () => engines.recognizerFor(code)));
}

/** Target languages; `sources` lists the product languages an engine translates into this one from. */
export function translationLanguages(engines: Engines, locale: Locale, t: ServerT): LanguageItem[] {
  return PRODUCT_LANGUAGES.map((code) => {
    const others = PRODUCT_LANGUAGES.filter((from) => from !== code);
    const sourceEngines: Record<string, ServingEngine> = {};
    for (const from of others) {
      const chosen = choose(() => engines.translatorFor(from, code));
      if ('engine' in chosen) sourceEngines[from] = chosen.engine;
    }
    const sources = Object.keys(sourceEngines);
    // For an unavailable target the reason names the pair from the first product language.
    const missing = sources.length ? null : probe(() => engines.translatorFor(others[0]!, code));
    return { ...item(code, locale, t, missing), sources, sourceEngines };
  });
}

export function synthesisLanguages(engines: Engines, locale: Locale, t: ServerT): LanguageItem[] {
  return PRODUCT_LANGUAGES.map((code) => {
    let voices: string[] = [];
    const speech = served(code, locale, t, () => {
      const synthesizer = engines.synthesizerFor(code);
      voices = synthesizer.voices(code).map((voice) => voice.id);
      return synthesizer;
    });
    return { ...speech, voices };
  });
}
