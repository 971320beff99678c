// The voices a dubbing speaker may be given: exactly what the synthesiser serving the language
// lists (engines.synthesizerFor(lang).voices(lang)), keeping the voices of that very language when
// the engine has some (espeak-ng also lists en-GB voices for en-US). Nothing is invented: a language
// without a synthesiser has no voices. The names are the engine's ids with the language and, when
// the engine says it, the gender, in the caller's language.
import type { components } from '../../../../../src/api/schema';
import type { Locale } from '../../../../../src/shared/contract/limits';
import { EngineUnavailableError } from '../../../engines/engine-errors';
import type { Engines } from '../../../engines/registry';
import type { Voice } from '../../../engines/types';
import type { ServerT } from '../../../i18n';
import { languageDisplayName, PRODUCT_LANGUAGES } from '../../transcript/language-lists';

export type VoiceService = components['schemas']['VoiceService'];

/** The voices for one language; [] when no synthesiser serves it. */
export function voicesFor(engines: Pick<Engines, 'synthesizerFor'>, language: string): Voice[] {
  let listed: Voice[];
  try {
    listed = engines.synthesizerFor(language).voices(language);
  } catch (error) {
    if (error instanceof EngineUnavailableError) return [];
    throw error;
  }
  const exact = listed.filter((voice) => voice.language.toLowerCase() === language.toLowerCase() || voice.language === '*');
  return exact.length ? exact : listed;
}

export function voiceName(voice: Voice, language: string, locale: Locale, t: ServerT): string {
  const languageName = languageDisplayName(language, locale);
  return voice.gender
    ? t('transcripts:dubVoiceNameGender', { id: voice.id, language: languageName, gender: t(`transcripts:dubVoiceGender.${voice.gender}`) })
    : t('transcripts:dubVoiceName', { id: voice.id, language: languageName });
}

/** Every voice of every product language this server can speak, in the pickers' language order. */
export function serviceNameList(engines: Pick<Engines, 'synthesizerFor'>, locale: Locale, t: ServerT): VoiceService[] {
  const seen = new Set<string>();
  return PRODUCT_LANGUAGES.flatMap((language) =>
    voicesFor(engines, language)
      .filter((voice) => {
        const key = `${language}\u0000${voice.id}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      })
      .map((voice) => ({ code: voice.id, name: voiceName(voice, language, locale, t), lang: language })),
  );
}
